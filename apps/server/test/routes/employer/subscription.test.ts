import type { TSession } from '@medhire/contract/account';
import type {
  TCheckoutData,
  TInvoiceList,
  TPlansData,
  TSubscriptionData,
} from '@medhire/contract/subscription';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, subscriptionEvents, subscriptions } from '../../../src/db/schema/billing.ts';
import { matches } from '../../../src/db/schema/hiring.ts';
import { runDueRenewals } from '../../../src/domain/billing/run-due-renewals.ts';
import { insertPhysician } from '../../domain/matching/physician-rows.ts';
import { buildTestApp } from '../../helper.ts';
import { signedInEmployer, signIn, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { cardNumbered, GOOD_CARD } from './subscription-kit.ts';

let app: FastifyInstance;
type Employer = Awaited<ReturnType<typeof signedInEmployer>>;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

function call(
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/api/employer/subscription${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...(token ? { authorization: token } : {}), ...headers },
    remoteAddress: uniqueIp(),
  });
}

function checkout(employer: Employer, payload: unknown, idempotencyKey?: string) {
  return call(
    'POST',
    `/checkout/${employer.id}`,
    employer.token,
    payload,
    idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  );
}

async function paidEmployer(planId = 'professional', interval = 'month') {
  const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
  const response = await checkout(employer, { planId, interval, card: GOOD_CARD });
  expect(response.statusCode, response.body).toBe(200);
  return { ...employer, organizationId: employer.session.user.organizationId ?? '' };
}

async function invoiceCount(organizationId: string) {
  const [row] = await app.db
    .select({ total: count() })
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId));
  return row?.total ?? 0;
}

describe('GET /api/employer/subscription/get-plans', () => {
  it('lists the three plans cheapest first, without signing in, with the sandbox test cards', async () => {
    const response = await call('GET', '/get-plans', undefined);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TPlansData;
    expect(data.plans.map((plan) => plan._id)).toEqual(['starter', 'professional', 'enterprise']);
    expect(data.plans[1]).toMatchObject({
      name: 'Professional',
      invitesPerPeriod: 20,
      monthlyPriceCents: 49_900,
    });
    expect(data.plans[2]?.features).toContain('global-connection');
    expect(data.provider).toBe('sandbox');
    expect(data.sandboxTestCards?.map((card) => card.number)).toContain('4242 4242 4242 4242');
  });
});

describe('GET /api/employer/subscription/get-subscription/{userId}', () => {
  it('answers no subscription and incomplete for a new employer', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const response = await call('GET', `/get-subscription/${employer.id}`, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      subscription: null,
      subscriptionStatus: 'incomplete',
      subscriptionMeta: { planId: null, planName: null, currentPeriodEnd: null, invitesLeft: 0 },
    });
  });

  it('refuses another user’s id (403) and an anonymous caller (401)', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const other = await paidEmployer();
    const foreign = await call('GET', `/get-subscription/${other.id}`, employer.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    expect(foreign.body).not.toContain('Professional');
    expect((await call('GET', `/get-subscription/${employer.id}`, undefined)).statusCode).toBe(401);
  });
});

describe('POST /api/employer/subscription/checkout/{userId}', () => {
  it('activates the plan with 4242…, issues a paid invoice and keeps only brand, last 4 and expiry', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const response = await checkout(employer, { planId: 'professional', interval: 'month', card: GOOD_CARD });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Extract<TCheckoutData, { status: 'succeeded' }>;
    expect(data.status).toBe('succeeded');
    expect(data.subscription).toMatchObject({
      status: 'active',
      interval: 'month',
      invitesLeft: 20,
      invitesPerPeriod: 20,
      cancelAtPeriodEnd: false,
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
      provider: 'sandbox',
    });
    expect(data.subscription.plan._id).toBe('professional');
    expect(data.invoice).toMatchObject({ status: 'paid', totalCents: 49_900, amountPaidCents: 49_900 });
    expect(data.subscriptionMeta).toMatchObject({
      planId: 'professional',
      planName: 'Professional',
      invitesLeft: 20,
    });
    expect(response.body).not.toContain('4242424242424242');
  });

  it('approves a pending account once onboarding ends with a payment', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true, accountStatus: 'pending' });
    const response = await checkout(employer, { planId: 'professional', interval: 'month', card: GOOD_CARD });
    expect(response.statusCode, response.body).toBe(200);
    const session: TSession = await signIn(app, employer.email, employer.password);
    expect(session.user.accountStatus).toBe('approved');
    expect(session.user.subscriptionStatus).toBe('active');
  });

  it('carries the subscription in sign-in and sync-user-detail, and refuses a second checkout', async () => {
    const employer = await paidEmployer();

    // Sign-in and sync-user-detail now carry the subscription.
    const session: TSession = await signIn(app, employer.email, employer.password);
    expect(session.user.subscriptionStatus).toBe('active');
    expect(session.user.subscriptionMeta.invitesLeft).toBe(20);
    const synced = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${employer.id}`,
      headers: { authorization: employer.token },
      remoteAddress: uniqueIp(),
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.body).toContain('"subscriptionStatus":"active"');
    expect(synced.body).toContain('"planName":"Professional"');

    const again = await checkout(employer, { planId: 'starter', interval: 'month', card: GOOD_CARD });
    expect(again.statusCode).toBe(409);
  });

  it('answers 422 CARD_DECLINED with the reason for a declined card, and stores nothing', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const organizationId = employer.session.user.organizationId ?? '';
    const declined = await checkout(employer, {
      planId: 'starter',
      interval: 'month',
      card: cardNumbered('4000 0000 0000 0002'),
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({
      success: false,
      error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
    });
    const broke = await checkout(employer, {
      planId: 'starter',
      interval: 'month',
      card: cardNumbered('4000000000009995'),
    });
    expect(broke.json().error.message).toBe('Your card has insufficient funds.');
    expect(await invoiceCount(organizationId)).toBe(0);
    const status = await call('GET', `/get-subscription/${employer.id}`, employer.token);
    expect(status.json().data.subscriptionStatus).toBe('incomplete');
  });

  it('rejects an invalid body (400), another user’s id (403) and a missing card in the sandbox (400)', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const other = await signedInEmployer(app, { hasEstablishedProfile: true });
    const invalid = await checkout(employer, { planId: 'platinum', interval: 'week', card: GOOD_CARD });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
    const badCard = await checkout(employer, {
      planId: 'starter',
      interval: 'month',
      card: { ...GOOD_CARD, cvc: 'x' },
    });
    expect(badCard.statusCode).toBe(400);
    const foreign = await call('POST', `/checkout/${other.id}`, employer.token, {
      planId: 'starter',
      interval: 'month',
      card: GOOD_CARD,
    });
    expect(foreign.statusCode).toBe(403);
    const noCard = await checkout(employer, { planId: 'starter', interval: 'month' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.message).toBe('Enter a card to pay with.');
    expect(await invoiceCount(other.session.user.organizationId ?? '')).toBe(0);
  });

  it('charges once when the same Idempotency-Key is submitted twice, even at the same moment', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const organizationId = employer.session.user.organizationId ?? '';
    const body = { planId: 'starter', interval: 'year', card: GOOD_CARD };
    const [first, second] = await Promise.all([
      checkout(employer, body, 'checkout-key-0001'),
      checkout(employer, body, 'checkout-key-0001'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    const third = await checkout(employer, body, 'checkout-key-0001');
    expect(third.json().data.invoice._id).toBe(first.json().data.invoice._id);
    expect(await invoiceCount(organizationId)).toBe(1);
    expect(first.json().data.subscription).toMatchObject({ interval: 'year', invitesPerPeriod: 60 });
    const reused = await checkout(employer, { ...body, planId: 'enterprise' }, 'checkout-key-0001');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe(
      'This Idempotency-Key was already used for a different request.',
    );
    const malformed = await checkout(employer, body, 'short');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/employer/subscription/confirm-action/{actionId}', () => {
  it('asks for authentication with 4000 0027 6000 3184 and activates once approved', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const started = await checkout(employer, {
      planId: 'enterprise',
      interval: 'month',
      card: cardNumbered('4000002760003184'),
    });
    expect(started.statusCode, started.body).toBe(200);
    const pending = started.json().data as Extract<TCheckoutData, { status: 'requires_action' }>;
    expect(pending).toMatchObject({ status: 'requires_action', subscription: null });
    const before = await call('GET', `/get-subscription/${employer.id}`, employer.token);
    expect(before.json().data.subscriptionStatus).toBe('incomplete');

    const stranger = await signedInEmployer(app, { hasEstablishedProfile: true });
    const foreign = await call('POST', `/confirm-action/${pending.actionId}`, stranger.token, {
      approve: true,
    });
    expect(foreign.statusCode).toBe(404);
    const invalid = await call('POST', `/confirm-action/${pending.actionId}`, employer.token, {
      approve: 'yes',
    });
    expect(invalid.statusCode).toBe(400);

    const approved = await call('POST', `/confirm-action/${pending.actionId}`, employer.token, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'succeeded',
      subscription: { status: 'active', invitesLeft: 60 },
    });
    const replay = await call('POST', `/confirm-action/${pending.actionId}`, employer.token, {
      approve: true,
    });
    expect(replay.statusCode).toBe(422);
  });

  it('answers 422 when the authentication is abandoned', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const started = await checkout(employer, {
      planId: 'starter',
      interval: 'month',
      card: cardNumbered('4000 0027 6000 3184'),
    });
    const { actionId } = started.json().data;
    const abandoned = await call('POST', `/confirm-action/${actionId}`, employer.token, { approve: false });
    expect(abandoned.statusCode).toBe(422);
    expect(abandoned.json().error.message).toBe('Authentication was not completed.');
    const status = await call('GET', `/get-subscription/${employer.id}`, employer.token);
    expect(status.json().data.subscriptionStatus).toBe('incomplete');
  });
});

describe('plan changes', () => {
  it('previews and makes an upgrade now, charging the prorated difference with an invoice', async () => {
    const employer = await paidEmployer('professional');
    const preview = await call('POST', `/preview-change/${employer.id}`, employer.token, {
      planId: 'enterprise',
      interval: 'month',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const quote = preview.json().data;
    expect(quote).toMatchObject({ isUpgrade: true, currency: 'usd' });
    // Almost the whole period is left: nearly the full difference of $800.
    expect(quote.amountDueNowCents).toBeGreaterThan(79_000);
    expect(quote.amountDueNowCents).toBeLessThanOrEqual(80_000);

    const changed = await call(
      'POST',
      `/change-plan/${employer.id}`,
      employer.token,
      { planId: 'enterprise', interval: 'month' },
      { 'idempotency-key': 'upgrade-key-0001' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const data = changed.json().data as TSubscriptionData;
    expect(data.subscription).toMatchObject({
      plan: { _id: 'enterprise' },
      invitesLeft: 60,
      invitesPerPeriod: 60,
    });
    expect(data.subscriptionMeta.planName).toBe('Enterprise');
    const replay = await call(
      'POST',
      `/change-plan/${employer.id}`,
      employer.token,
      { planId: 'enterprise', interval: 'month' },
      { 'idempotency-key': 'upgrade-key-0001' },
    );
    expect(replay.statusCode).toBe(200);
    const list = await call('GET', `/get-invoices/${employer.id}`, employer.token);
    const { invoices: rows, total } = list.json().data as TInvoiceList;
    expect(total).toBe(2);
    expect(rows[0]?.totalCents).toBe(quote.amountDueNowCents);
    expect(rows[0]?.lines.some((line) => line.amountCents < 0)).toBe(true);
  });

  it('schedules a downgrade for the end of the period and records who asked', async () => {
    const employer = await paidEmployer('professional');
    const preview = await call('POST', `/preview-change/${employer.id}`, employer.token, {
      planId: 'starter',
      interval: 'month',
    });
    expect(preview.json().data).toMatchObject({ isUpgrade: false, amountDueNowCents: 0 });
    const changed = await call('POST', `/change-plan/${employer.id}`, employer.token, {
      planId: 'starter',
      interval: 'month',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { subscription } = changed.json().data as TSubscriptionData;
    expect(subscription?.plan._id).toBe('professional');
    expect(subscription?.pendingChange).toMatchObject({ plan: { _id: 'starter' }, interval: 'month' });
    expect(subscription?.pendingChange?.effectiveAt).toBe(subscription?.currentPeriodEnd);
    const events = await app.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, subscription?._id ?? ''));
    expect(events.find((event) => event.kind === 'downgrade_scheduled')).toMatchObject({
      actorUserId: employer.id,
      fromPlanId: 'professional',
      toPlanId: 'starter',
    });
  });

  it('refuses the current plan (422), an unknown plan (400), another user (403) and no subscription (422)', async () => {
    const employer = await paidEmployer('professional');
    const same = await call('POST', `/change-plan/${employer.id}`, employer.token, {
      planId: 'professional',
      interval: 'month',
    });
    expect(same.statusCode).toBe(422);
    const unknown = await call('POST', `/preview-change/${employer.id}`, employer.token, {
      planId: 'gold',
      interval: 'month',
    });
    expect(unknown.statusCode).toBe(400);
    const stranger = await signedInEmployer(app, { hasEstablishedProfile: true });
    const foreign = await call('POST', `/change-plan/${employer.id}`, stranger.token, {
      planId: 'enterprise',
      interval: 'month',
    });
    expect(foreign.statusCode).toBe(403);
    const none = await call('POST', `/preview-change/${stranger.id}`, stranger.token, {
      planId: 'enterprise',
      interval: 'month',
    });
    expect(none.statusCode).toBe(422);
  });
});

describe('cancel and resume', () => {
  it('cancels at the end of the period and resumes before it', async () => {
    const employer = await paidEmployer('starter');
    const canceled = await call('POST', `/cancel/${employer.id}`, employer.token);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data).toMatchObject({
      subscriptionStatus: 'active',
      subscription: { cancelAtPeriodEnd: true, status: 'active' },
    });
    expect((await call('POST', `/cancel/${employer.id}`, employer.token)).statusCode).toBe(422);
    const stranger = await signedInEmployer(app, { hasEstablishedProfile: true });
    expect((await call('POST', `/resume/${employer.id}`, stranger.token)).statusCode).toBe(403);
    expect((await call('POST', `/cancel/${stranger.id}`, stranger.token)).statusCode).toBe(422);
    const resumed = await call('POST', `/resume/${employer.id}`, employer.token);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.subscription.cancelAtPeriodEnd).toBe(false);
  });
});

describe('POST /api/employer/subscription/update-card/{userId}', () => {
  it('replaces the card, refuses a declined one, another user (403) and a bad body (400)', async () => {
    const employer = await paidEmployer('starter');
    const updated = await call('POST', `/update-card/${employer.id}`, employer.token, {
      card: cardNumbered('5555 5555 5555 4444'),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.subscription.paymentMethod).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
    // The history names the card as people write it.
    const history = await app.db
      .select({ detail: subscriptionEvents.detail })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, updated.json().data.subscription._id));
    expect(history.map((event) => event.detail)).toContain('Card changed to Mastercard ending 4444.');
    const declined = await call('POST', `/update-card/${employer.id}`, employer.token, {
      card: cardNumbered('4000000000000002'),
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().error.code).toBe('CARD_DECLINED');
    const invalid = await call('POST', `/update-card/${employer.id}`, employer.token, {
      card: { number: '12' },
    });
    expect(invalid.statusCode).toBe(400);
    const stranger = await signedInEmployer(app, { hasEstablishedProfile: true });
    const foreign = await call('POST', `/update-card/${employer.id}`, stranger.token, { card: GOOD_CARD });
    expect(foreign.statusCode).toBe(403);
    const portal = await call('POST', `/billing-portal/${employer.id}`, employer.token);
    expect(portal.statusCode).toBe(422);
  });

  it('charges a past_due subscription again at once with the new card', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const organizationId = employer.session.user.organizationId ?? '';
    const paid = await checkout(employer, {
      planId: 'professional',
      interval: 'month',
      card: cardNumbered('4000000000000341'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const day = 24 * 60 * 60 * 1000;
    await app.db
      .update(subscriptions)
      .set({
        currentPeriodStart: new Date(Date.now() - 31 * day),
        currentPeriodEnd: new Date(Date.now() - day),
      })
      .where(eq(subscriptions.organizationId, organizationId));
    await runDueRenewals({ db: app.db });
    const pastDue = await call('GET', `/get-subscription/${employer.id}`, employer.token);
    expect(pastDue.json().data.subscriptionStatus).toBe('past_due');
    const updated = await call('POST', `/update-card/${employer.id}`, employer.token, { card: GOOD_CARD });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      subscriptionStatus: 'active',
      subscription: { status: 'active', invitesLeft: 20 },
    });
    const list = await call('GET', `/get-invoices/${employer.id}`, employer.token);
    expect(list.json().data.invoices.map((invoice: { status: string }) => invoice.status)).toEqual([
      'paid',
      'paid',
    ]);
  });
});

describe('invoices', () => {
  it('lists the organisation’s invoices and downloads one as a PDF; another organisation’s is 404', async () => {
    const employer = await paidEmployer('professional');
    const list = await call('GET', `/get-invoices/${employer.id}?pageSize=5&pageNumber=1`, employer.token);
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as TInvoiceList;
    expect(data).toMatchObject({ total: 1, pageNumber: 1, pageSize: 5 });
    const invoice = data.invoices[0];
    expect(invoice).toMatchObject({ status: 'paid', currency: 'usd', taxCents: 0, totalCents: 49_900 });
    expect(invoice?.number).toMatch(/^MH-\d{4}-\d{6}$/);

    const pdf = await call('GET', `/download-invoice/${invoice?._id}`, employer.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="MedHire-invoice-${invoice?.number}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await paidEmployer('starter');
    const foreign = await call('GET', `/download-invoice/${invoice?._id}`, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await call('GET', `/get-invoices/${employer.id}`, stranger.token)).statusCode).toBe(403);
    expect((await call('GET', `/get-invoices/${employer.id}?pageSize=0`, employer.token)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/download-invoice/not-an-id', employer.token)).statusCode).toBe(404);
  });
});

describe('GET /api/employer/subscription/global-connection/{userId}', () => {
  it('answers 403 naming Enterprise for a plan without it', async () => {
    const employer = await paidEmployer('professional');
    const response = await call('GET', `/global-connection/${employer.id}`, employer.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(
      'Global Connection is part of the Enterprise plan. Upgrade to Enterprise to see matching physicians in every state.',
    );
  });

  it('counts matching physicians by state and lists them, for Enterprise', async () => {
    const employer = await paidEmployer('enterprise');
    await insertPhysician(app.db, {
      firstName: 'Iris',
      lastName: 'Vega',
      homeState: 'ME',
      homeDescription: 'Portland, ME',
    });
    await insertPhysician(app.db, {
      firstName: 'Omar',
      lastName: 'Hale',
      homeState: 'AK',
      homeDescription: 'Juneau, AK',
    });
    const response = await call('GET', `/global-connection/${employer.id}?pageSize=50`, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.countsByState).toEqual(expect.arrayContaining([{ state: 'ME', count: expect.any(Number) }]));
    const maine = await call('GET', `/global-connection/${employer.id}?state=me`, employer.token);
    expect(
      maine.json().data.applicants.every((applicant: { homeState: string }) => applicant.homeState === 'ME'),
    ).toBe(true);
    expect(maine.json().data.total).toBeGreaterThanOrEqual(1);
    expect(
      (await call('GET', `/global-connection/${employer.id}?state=Maine`, employer.token)).statusCode,
    ).toBe(400);
    const stranger = await paidEmployer('enterprise');
    expect((await call('GET', `/global-connection/${employer.id}`, stranger.token)).statusCode).toBe(403);
  });
});

describe('recommended applicants beyond the first page', () => {
  it('answers 403 naming Professional for a Starter plan, and serves page 2 on Professional', async () => {
    const starter = await paidEmployer('starter');
    const job = await createJobThroughApi(
      app,
      starter,
      minimalJobBody({ title: 'Family Physician, Paging' }),
    );
    const recommended = (employer: Employer, jobId: string, page: number) =>
      app.inject({
        method: 'GET',
        url: `/api/employer/applicant/get-recommended-applicants/${jobId}?pageSize=1&pageNumber=${page}`,
        headers: { authorization: employer.token },
        remoteAddress: uniqueIp(),
      });
    expect((await recommended(starter, job._id, 1)).statusCode).toBe(200);
    const second = await recommended(starter, job._id, 2);
    expect(second.statusCode).toBe(403);
    expect(second.json().error.message).toBe(
      'Every page of recommended applicants is part of the Professional plan. Upgrade to Professional to see recommended applicants beyond the first page.',
    );
    const professional = await paidEmployer('professional');
    const otherJob = await createJobThroughApi(
      app,
      professional,
      minimalJobBody({ title: 'Family Physician, Paged' }),
    );
    expect((await recommended(professional, otherJob._id, 2)).statusCode).toBe(200);
  });
});

describe('invite quota (POST /api/employer/match/create-match)', () => {
  it('refuses the 21st invite of the 20-invite Professional plan with 422 and stores nothing', async () => {
    const employer = await paidEmployer('professional');
    const job = await createJobThroughApi(
      app,
      employer,
      minimalJobBody({ title: 'Family Physician, Quota' }),
    );
    const physicianIds: string[] = [];
    for (let index = 0; index < 21; index += 1) physicianIds.push(await insertPhysician(app.db));
    const invite = (applicantId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/employer/match/create-match',
        payload: { jobId: job._id, applicantId },
        headers: { authorization: employer.token },
        remoteAddress: uniqueIp(),
      });
    for (const physicianId of physicianIds.slice(0, 20)) {
      const response = await invite(physicianId);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await invite(physicianIds[20] ?? '');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'You have used all 20 invites of the Professional plan this month. Upgrade to Enterprise for 60.',
    );
    const [stored] = await app.db
      .select({ total: count() })
      .from(matches)
      .where(eq(matches.organizationId, employer.organizationId));
    expect(stored?.total).toBe(20);
  });

  it('refuses invites without a paid plan', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const job = await createJobThroughApi(
      app,
      employer,
      minimalJobBody({ title: 'Family Physician, Unpaid' }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/employer/match/create-match',
      payload: { jobId: job._id, applicantId: await insertPhysician(app.db) },
      headers: { authorization: employer.token },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Choose a plan on the Payment page to send invites.');
  });
});
