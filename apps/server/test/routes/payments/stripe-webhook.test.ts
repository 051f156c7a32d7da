import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { invoices, stripeEvents, subscriptionEvents, subscriptions } from '../../../src/db/schema/billing.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, uniqueIp } from '../employer/auth-kit.ts';

const WEBHOOK_SECRET = 'whsec_test_medhire_webhook_secret';
const stripe = new Stripe('sk_test_medhire_not_a_real_key');

let app: FastifyInstance;
let organizationId: string;
let employerId: string;
let employerEmail: string;
let eventCounter = 0;

beforeAll(async () => {
  app = await buildTestApp({
    stripe: { secretKey: 'sk_test_medhire_not_a_real_key', webhookSecret: WEBHOOK_SECRET },
  });
  const employer = await createEmployer(app, { hasEstablishedProfile: true });
  employerId = employer.id;
  employerEmail = employer.email;
  const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
  organizationId = user?.organizationId ?? '';
});
afterAll(async () => {
  await app.close();
});

function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: '2026-10-28',
    livemode: false,
    data: { object },
  });
}

function deliver(
  payload: string,
  signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    remoteAddress: uniqueIp(),
  });
}

async function subscriptionRow() {
  const [row] = await app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId));
  return row;
}

describe('POST /api/payments/stripe/webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const payload = stripeEvent('checkout.session.completed', {
      id: 'cs_test_bad',
      object: 'checkout.session',
    });
    const forged = await deliver(
      payload,
      't=1700000000,v1=0000000000000000000000000000000000000000000000000000000000000000',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      success: false,
      error: { code: 'BAD_REQUEST', message: 'The webhook signature is not valid.' },
    });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
      remoteAddress: uniqueIp(),
    });
    expect(unsigned.statusCode).toBe(400);
    const signedForAnotherSecret = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_other',
    });
    expect((await deliver(payload, signedForAnotherSecret)).statusCode).toBe(400);
    expect(await subscriptionRow()).toBeUndefined();
  });

  it('refuses (409) an invoice whose subscription is not known yet, then handles its redelivery', async () => {
    const early = stripeEvent(
      'invoice.paid',
      {
        id: 'in_test_early',
        object: 'invoice',
        billing_reason: 'subscription_create',
        period_start: 1_800_000_000,
        period_end: 1_800_000_000,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_test_later', metadata: { organizationId: 'org-later' } },
        },
        lines: { object: 'list', data: [] },
      },
      'evt_invoice_early',
    );
    const refused = await deliver(early);
    expect(refused.statusCode).toBe(409);
    const [stored] = await app.db
      .select({ total: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, 'evt_invoice_early'));
    expect(stored?.total).toBe(0);
    // An invoice of a subscription that is not MedHire's is acknowledged and ignored.
    const foreign = stripeEvent('invoice.paid', {
      id: 'in_test_foreign',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_other_product' } },
      lines: { object: 'list', data: [] },
    });
    expect((await deliver(foreign)).statusCode).toBe(200);
  });

  it('activates the subscription once when Checkout completes, even when the event is replayed', async () => {
    const payload = stripeEvent(
      'checkout.session.completed',
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: organizationId,
        customer: 'cus_test_1',
        subscription: 'sub_test_1',
        metadata: { organizationId, userId: employerId, planId: 'professional', interval: 'month' },
      },
      'evt_checkout_1',
    );
    const first = await deliver(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    const replay = await deliver(payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ received: true, duplicate: true });

    const row = await subscriptionRow();
    expect(row).toMatchObject({
      status: 'active',
      planId: 'professional',
      provider: 'stripe',
      providerSubscriptionId: 'sub_test_1',
      providerCustomerId: 'cus_test_1',
      invitesLeft: 20,
    });
    const [events] = await app.db
      .select({ total: count() })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, row?.id ?? ''));
    expect(events?.total).toBe(1);
    const [user] = await app.db.select().from(users).where(eq(users.id, employerId));
    expect(user?.subscriptionStatus).toBe('active');
  });

  it('records a paid renewal invoice and resets the invites once, however often it is delivered', async () => {
    const before = await subscriptionRow();
    if (!before) throw new Error('no subscription');
    await app.db.update(subscriptions).set({ invitesLeft: 3 }).where(eq(subscriptions.id, before.id));
    const periodStart = Math.floor(before.currentPeriodEnd.getTime() / 1000);
    const periodEnd = periodStart + 30 * 24 * 60 * 60;
    const payload = stripeEvent(
      'invoice.paid',
      {
        id: 'in_test_renewal_1',
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        attempt_count: 1,
        period_start: periodStart,
        period_end: periodEnd,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
        lines: {
          object: 'list',
          data: [
            {
              id: 'il_test_1',
              object: 'line_item',
              amount: 49_900,
              description: '1 × MedHire Professional',
              period: { start: periodStart, end: periodEnd },
            },
          ],
        },
      },
      'evt_invoice_paid_1',
    );
    expect((await deliver(payload)).statusCode).toBe(200);
    const renewed = await subscriptionRow();
    expect(renewed?.invitesLeft).toBe(20);
    expect(renewed?.currentPeriodEnd.getTime()).toBe(periodEnd * 1000);

    await app.db.update(subscriptions).set({ invitesLeft: 5 }).where(eq(subscriptions.id, before.id));
    const replay = await deliver(payload);
    expect(replay.json().data.duplicate).toBe(true);
    expect((await subscriptionRow())?.invitesLeft).toBe(5);
    const stored = await app.db
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.organizationId, organizationId), eq(invoices.providerInvoiceId, 'in_test_renewal_1')),
      );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'paid', totalCents: 49_900 });

    // The payment Stripe reports gets its receipt with the PDF, once despite the replay.
    const receiptsOf = async () =>
      (await readOutbox(app.config.dataDir, employerEmail)).filter(
        (mail) => mail.subject === `Your MedHire receipt for invoice ${stored[0]?.number}`,
      );
    await expect.poll(async () => (await receiptsOf()).length, { timeout: 15_000 }).toBe(1);
    expect((await receiptsOf())[0]?.attachments?.[0]?.contentType).toBe('application/pdf');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await receiptsOf()).toHaveLength(1);
  });

  it('marks the subscription past_due on a failed payment and canceled when Stripe deletes it', async () => {
    const failed = stripeEvent('invoice.payment_failed', {
      id: 'in_test_failed_1',
      object: 'invoice',
      attempt_count: 1,
      next_payment_attempt: Math.floor(Date.now() / 1000) + 86_400,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
      lines: { object: 'list', data: [] },
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await subscriptionRow())?.status).toBe('past_due');
    const deleted = stripeEvent('customer.subscription.deleted', {
      id: 'sub_test_1',
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await subscriptionRow()).toMatchObject({ status: 'canceled', invitesLeft: 0 });
    const [user] = await app.db.select().from(users).where(eq(users.id, employerId));
    expect(user?.subscriptionStatus).toBe('canceled');
  });

  it('lists Stripe as the provider, without sandbox cards', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/employer/subscription/get-plans' });
    expect(response.json().data.provider).toBe('stripe');
    expect(response.json().data).not.toHaveProperty('sandboxTestCards');
  });
});
