import type { Db } from '../db/index.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { activateSubscription } from '../domain/billing/activate-subscription.ts';
import { addInterval } from '../domain/billing/billing-period.ts';
import { PLANS } from '../domain/billing/plan-data.ts';
import { runDueRenewals } from '../domain/billing/run-due-renewals.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';

/** How many months the demo employer has been paying. */
const PAID_MONTHS = 4;

/**
 * The demo employer's Professional subscription, made with the product's own billing services:
 * paid by card (Visa 4242) four months ago, then renewed month by month by the renewal job, so
 * /manage-subscriptions shows a few paid invoices and a period that ends in the coming weeks.
 */
export async function seedDemoSubscription(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<void> {
  const employer = await findUserByEmail(db, DEMO_EMPLOYER_EMAIL);
  const plan = PLANS.find((candidate) => candidate._id === 'professional');
  if (!employer?.organizationId || !plan)
    throw new Error('The demo employer has no organization to subscribe.');
  // Started so that the current period is about a week old.
  const startedAt = addInterval(new Date(now.getTime() - 7 * 24 * 60 * 60_000), 'month', -(PAID_MONTHS - 1));
  await activateSubscription({
    db,
    organizationId: employer.organizationId,
    actorUserId: employer.id,
    plan,
    interval: 'month',
    paymentMethod: { brand: 'visa', last4: '4242', expMonth: 8, expYear: now.getUTCFullYear() + 3 },
    provider: 'sandbox',
    providerPaymentMethodId: 'pm_sandbox_succeeds_4242',
    now: startedAt,
    issueInvoice: true,
    // Made-up history: no receipts for payments that never happened (and no queue yet at seeding).
    sendReceipt: false,
  });
  // The renewal job ran at each period end, as it would have: every invoice carries its own date.
  for (let month = 1; month < PAID_MONTHS; month += 1) {
    await runDueRenewals({
      db,
      now: new Date(addInterval(startedAt, 'month', month).getTime() + 60_000),
      sendReceipts: false,
    });
  }
  await runDueRenewals({ db, now, sendReceipts: false });
}
