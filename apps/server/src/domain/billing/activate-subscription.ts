import type {
  TBillingInterval,
  TInvoice,
  TPaymentMethod,
  TPaymentProvider,
  TPlan,
  TSubscriptionData,
} from '@medhire/contract/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { addInterval, formatDay, intervalWord, invitesFor, priceOf } from './billing-period.ts';
import { createInvoice, toInvoiceView } from './invoices.ts';
import { recordChange } from './subscription-history.ts';
import { lockSubscription, subscriptionDataOf, syncMembers } from './subscription-view.ts';

export interface ActivateOptions {
  db: Db;
  organizationId: string;
  actorUserId: string | null;
  plan: TPlan;
  interval: TBillingInterval;
  paymentMethod: TPaymentMethod | null;
  provider: TPaymentProvider;
  providerPaymentMethodId: string | null;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  now: Date;
  /** False when the provider issues its own invoice (Stripe: the invoice.paid event records it). */
  issueInvoice: boolean;
  /** False only for made-up history (the demo data); see createInvoice. */
  sendReceipt?: boolean;
}

export function planLine(plan: TPlan, interval: TBillingInterval, start: Date, end: Date) {
  return {
    description: `${plan.name} plan, billed ${intervalWord(interval)} (${formatDay(start)} – ${formatDay(end)})`,
    amountCents: priceOf(plan, interval),
  };
}

/**
 * Starts (or restarts, after a cancellation) the organisation's subscription for a paid first
 * period: active, a fresh period from now, the plan's invites, and a paid invoice. Runs inside
 * the caller's transaction.
 */
export async function activateSubscription(
  options: ActivateOptions,
): Promise<TSubscriptionData & { invoice: TInvoice | null }> {
  const { db, organizationId, plan, interval, now } = options;
  const periodEnd = addInterval(now, interval);
  const existing = await lockSubscription(db, organizationId);
  const values = {
    status: 'active' as const,
    planId: plan._id,
    interval,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    invitesLeft: invitesFor(plan, interval),
    invitesPerPeriod: invitesFor(plan, interval),
    cancelAtPeriodEnd: false,
    pendingPlanId: null,
    pendingInterval: null,
    paymentMethod: options.paymentMethod,
    provider: options.provider,
    providerPaymentMethodId: options.providerPaymentMethodId,
    providerCustomerId: options.providerCustomerId ?? null,
    providerSubscriptionId: options.providerSubscriptionId ?? null,
    failedAttempts: 0,
    nextRetryAt: null,
    canceledAt: null,
    updatedAt: now,
  };
  let subscriptionId: string;
  if (existing) {
    await db.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
    subscriptionId = existing.id;
  } else {
    const [inserted] = await db
      .insert(subscriptions)
      .values({ ...values, organizationId, createdAt: now })
      .returning({ id: subscriptions.id });
    if (!inserted) throw new Error('The subscription was not stored');
    subscriptionId = inserted.id;
  }
  await recordChange({
    db,
    subscriptionId,
    actorUserId: options.actorUserId,
    kind: 'subscribed',
    from: existing ? { status: existing.status, planId: existing.planId, interval: existing.interval } : null,
    to: { status: 'active', planId: plan._id, interval },
    now,
  });
  const invoice = options.issueInvoice
    ? await createInvoice({
        db,
        organizationId,
        subscriptionId,
        status: 'paid',
        lines: [planLine(plan, interval, now, periodEnd)],
        periodStart: now,
        periodEnd,
        now,
        sendReceipt: options.sendReceipt,
      })
    : undefined;
  await syncMembers(db, organizationId, now);
  const data = await subscriptionDataOf(db, organizationId);
  return { ...data, invoice: invoice ? toInvoiceView(invoice) : null };
}
