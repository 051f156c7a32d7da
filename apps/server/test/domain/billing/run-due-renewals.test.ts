import { randomUUID } from 'node:crypto';
import type { TSubscriptionStatus } from '@medhire/contract/account';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { invoices, subscriptionEvents, subscriptions } from '../../../src/db/schema/billing.ts';
import { matches } from '../../../src/db/schema/hiring.ts';
import { cancelSubscription, changePlan } from '../../../src/domain/billing/change-plan.ts';
import { checkout } from '../../../src/domain/billing/checkout.ts';
import { type RenewalMail, runDueRenewals } from '../../../src/domain/billing/run-due-renewals.ts';
import { createMatch } from '../../../src/domain/matches/create-match.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, signIn } from '../../routes/employer/auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from '../../routes/employer/job-kit.ts';
import { cardNumbered, GOOD_CARD } from '../../routes/employer/subscription-kit.ts';
import { insertPhysician } from '../matching/physician-rows.ts';

let app: FastifyInstance;
const DAY = 24 * 60 * 60 * 1000;
/** The clock these tests advance: a fixed start so periods are exact. */
const START = new Date('2026-01-31T10:00:00Z');
const at = (days: number, from = START) => new Date(from.getTime() + days * DAY);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function subscribed(
  card = GOOD_CARD,
  planId: 'starter' | 'professional' | 'enterprise' = 'professional',
) {
  const employer = await createEmployer(app, { hasEstablishedProfile: true });
  const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
  // No second factor on this account, so no change asks for its session's second step.
  const account = {
    userId: employer.id,
    organizationId: user?.organizationId ?? null,
    sessionId: randomUUID(),
  };
  const result = await checkout({
    db: app.db,
    provider: app.payments,
    account,
    body: { planId, interval: 'month', card },
    idempotencyKey: undefined,
    now: START,
  });
  expect(result.status).toBe('succeeded');
  return { ...employer, account, organizationId: account.organizationId ?? '' };
}

async function subscriptionOf(organizationId: string) {
  const [row] = await app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId));
  if (!row) throw new Error('no subscription');
  return row;
}

async function userStatus(userId: string): Promise<{ status: TSubscriptionStatus; invitesLeft: number }> {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  return {
    status: row?.subscriptionStatus ?? 'incomplete',
    invitesLeft: row?.subscriptionMeta.invitesLeft ?? -1,
  };
}

async function invoicesOf(organizationId: string) {
  return app.db
    .select()
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
}

function run(now: Date, mails: RenewalMail[] = []) {
  return runDueRenewals({ db: app.db, now, sendMail: (mail) => mails.push(mail) });
}

describe('runDueRenewals', () => {
  it('does nothing before the period ends', async () => {
    const employer = await subscribed();
    await run(at(27));
    const row = await subscriptionOf(employer.organizationId);
    expect(row.currentPeriodEnd.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(await invoicesOf(employer.organizationId)).toHaveLength(1);
  });

  it('renews at the period end: a paid invoice, the next period and the invites reset', async () => {
    const employer = await subscribed();
    await app.db
      .update(subscriptions)
      .set({ invitesLeft: 3 })
      .where(eq(subscriptions.organizationId, employer.organizationId));
    await run(at(29));
    const row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({ status: 'active', invitesLeft: 20 });
    expect(row.currentPeriodStart.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(row.currentPeriodEnd.toISOString()).toBe('2026-03-28T10:00:00.000Z');
    const bills = await invoicesOf(employer.organizationId);
    expect(bills.map((bill) => bill.status)).toEqual(['paid', 'paid']);
    expect(await userStatus(employer.id)).toEqual({ status: 'active', invitesLeft: 20 });
    // Running again at the same moment changes nothing.
    await run(at(29));
    expect(await invoicesOf(employer.organizationId)).toHaveLength(2);
  });

  it('turns a failed renewal into past_due, retries 3 times over 7 days with an e-mail each time, then cancels', async () => {
    const employer = await subscribed(cardNumbered('4000000000000341'));
    const periodEnd = (await subscriptionOf(employer.organizationId)).currentPeriodEnd;
    const mails: RenewalMail[] = [];

    await run(at(0.01, periodEnd), mails);
    let row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(row.nextRetryAt?.toISOString()).toBe(at(1, periodEnd).toISOString());
    expect((await userStatus(employer.id)).status).toBe('past_due');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: employer.email,
      subject: 'Your MedHire Professional payment failed',
    });

    await run(at(0.5, periodEnd), mails);
    expect(mails).toHaveLength(1);

    await run(at(1, periodEnd), mails);
    row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 2 });
    expect(row.nextRetryAt?.toISOString()).toBe(at(3, periodEnd).toISOString());
    await run(at(3, periodEnd), mails);
    row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 3 });
    expect(row.nextRetryAt?.toISOString()).toBe(at(7, periodEnd).toISOString());
    expect(mails).toHaveLength(3);

    await run(at(7, periodEnd), mails);
    row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({ status: 'canceled', invitesLeft: 0 });
    expect(mails).toHaveLength(4);
    expect(mails[3]?.subject).toBe('Your MedHire Professional subscription has ended');
    expect(await userStatus(employer.id)).toEqual({ status: 'canceled', invitesLeft: 0 });
    const bills = await invoicesOf(employer.organizationId);
    expect(bills.map((bill) => bill.status)).toEqual(['paid', 'uncollectible']);

    const history = await app.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, row.id))
      .orderBy(asc(subscriptionEvents.createdAt));
    expect(history.map((event) => `${event.kind}:${event.fromStatus}->${event.toStatus}`)).toEqual([
      'subscribed:null->active',
      'renewal_failed:active->past_due',
      'renewal_failed:past_due->past_due',
      'renewal_failed:past_due->past_due',
      'canceled:past_due->canceled',
    ]);
    expect(history.slice(1).every((event) => event.actorUserId === null)).toBe(true);

    // A canceled organisation keeps its data, cannot invite, and can subscribe again.
    const session = await signIn(app, employer.email, employer.password);
    expect(session.user.subscriptionStatus).toBe('canceled');
    const job = await createJobThroughApi(
      app,
      { id: employer.id, token: session.token },
      minimalJobBody({ title: 'Family Physician, Lapsed' }),
    );
    const physicianId = await insertPhysician(app.db);
    await expect(
      createMatch({ db: app.db, owner: employer.account, jobId: job._id, applicantId: physicianId }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const [stored] = await app.db
      .select({ total: count() })
      .from(matches)
      .where(and(eq(matches.organizationId, employer.organizationId)));
    expect(stored?.total).toBe(0);
    const again = await checkout({
      db: app.db,
      provider: app.payments,
      account: employer.account,
      body: { planId: 'starter', interval: 'month', card: GOOD_CARD },
      idempotencyKey: undefined,
      now: at(8, periodEnd),
    });
    expect(again.status).toBe('succeeded');
    expect(await userStatus(employer.id)).toEqual({ status: 'active', invitesLeft: 5 });
  });

  it('recovers from past_due when a retry succeeds', async () => {
    const employer = await subscribed(cardNumbered('4000000000000341'));
    const periodEnd = (await subscriptionOf(employer.organizationId)).currentPeriodEnd;
    await run(at(0.01, periodEnd));
    // The card is replaced by one that pays (as the billing portal would do).
    await app.db
      .update(subscriptions)
      .set({ providerPaymentMethodId: 'pm_sandbox_succeeds_4242' })
      .where(eq(subscriptions.organizationId, employer.organizationId));
    await run(at(1, periodEnd));
    const row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({ status: 'active', failedAttempts: 0, invitesLeft: 20 });
    expect(row.currentPeriodStart.toISOString()).toBe(periodEnd.toISOString());
    expect((await invoicesOf(employer.organizationId)).map((bill) => bill.status)).toEqual(['paid', 'paid']);
  });

  it('applies a scheduled downgrade at the period end and charges the new price', async () => {
    const employer = await subscribed();
    await changePlan({
      db: app.db,
      provider: app.payments,
      account: employer.account,
      body: { planId: 'starter', interval: 'month' },
      idempotencyKey: undefined,
      now: at(10),
    });
    expect((await subscriptionOf(employer.organizationId)).planId).toBe('professional');
    await run(at(29));
    const row = await subscriptionOf(employer.organizationId);
    expect(row).toMatchObject({
      planId: 'starter',
      invitesLeft: 5,
      invitesPerPeriod: 5,
      pendingPlanId: null,
    });
    const bills = await invoicesOf(employer.organizationId);
    expect(bills.at(-1)?.totalCents).toBe(19_900);
    const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
    expect(user?.subscriptionMeta).toMatchObject({ planId: 'starter', planName: 'Starter', invitesLeft: 5 });
  });

  it('ends a subscription canceled at period end, without charging', async () => {
    const employer = await subscribed();
    await cancelSubscription({ db: app.db, provider: app.payments, account: employer.account, now: at(5) });
    await run(at(29));
    const row = await subscriptionOf(employer.organizationId);
    expect(row.status).toBe('canceled');
    expect(await invoicesOf(employer.organizationId)).toHaveLength(1);
  });
});
