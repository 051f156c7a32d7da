import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { subscriptions } from '../../../src/db/schema/billing.ts';
import { cancelSubscription, changePlan } from '../../../src/domain/billing/change-plan.ts';
import { checkout } from '../../../src/domain/billing/checkout.ts';
import type { PaymentProvider } from '../../../src/domain/billing/payment-provider.ts';
import { PLANS } from '../../../src/domain/billing/plan-data.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer } from '../../routes/employer/auth-kit.ts';
import { subscribeOrganization } from '../../routes/employer/subscription-kit.ts';

interface Recorded {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** A stand-in for api.stripe.com on localhost: records each call and answers like Stripe. */
let stripeApi: Server;
const calls: Recorded[] = [];
let provider: PaymentProvider;
let app: FastifyInstance;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  stripeApi = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    const path = request.url ?? '';
    calls.push({
      method: request.method ?? '',
      path,
      body,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    response.setHeader('content-type', 'application/json');
    if (path === '/v1/checkout/sessions') {
      response.end(
        JSON.stringify({
          id: 'cs_test_local',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_local',
        }),
      );
      return;
    }
    if (path.startsWith('/v1/subscriptions/')) {
      response.end(
        JSON.stringify({
          id: path.split('/').at(-1),
          object: 'subscription',
          cancel_at_period_end: request.method === 'POST' && body.get('cancel_at_period_end') === 'true',
          items: {
            object: 'list',
            data: [
              {
                id: 'si_local_1',
                object: 'subscription_item',
                price: { id: 'price_local', product: 'prod_local' },
              },
            ],
          },
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { message: 'unknown', type: 'invalid_request_error' } }));
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  provider = {
    name: 'stripe',
    stripe: new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    webhookSecret: 'whsec_local',
    publicUrl: 'https://medhire.example',
  };
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

async function employerAccount() {
  const employer = await createEmployer(app, { hasEstablishedProfile: true });
  const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
  // No second factor on this account, so no change asks for its session's second step.
  return { userId: employer.id, organizationId: user?.organizationId ?? null, sessionId: randomUUID() };
}

describe('the Stripe provider', () => {
  it('answers a Stripe Checkout URL for the plan and price, passing the Idempotency-Key on', async () => {
    const account = await employerAccount();
    const result = await checkout({
      db: app.db,
      provider,
      account,
      body: { planId: 'professional', interval: 'year' },
      idempotencyKey: 'stripe-checkout-0001',
    });
    expect(result).toEqual({ status: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_local' });
    const call = calls.find((recorded) => recorded.path === '/v1/checkout/sessions');
    expect(call?.method).toBe('POST');
    expect(call?.body.get('mode')).toBe('subscription');
    expect(call?.body.get('line_items[0][price_data][unit_amount]')).toBe('499000');
    expect(call?.body.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(call?.body.get('metadata[organizationId]')).toBe(account.organizationId);
    expect(call?.body.get('cancel_url')).toBe('https://medhire.example/payment?checkout=canceled');
    expect(call?.idempotencyKey).toBe(`checkout-${account.organizationId}-stripe-checkout-0001`);
    // Nothing is active until Stripe's webhook reports the payment.
    const [row] = await app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, account.organizationId ?? ''));
    expect(row).toBeUndefined();
  });

  it('upgrades a Stripe subscription at Stripe with proration, without charging a sandbox card', async () => {
    const account = await employerAccount();
    const organizationId = account.organizationId ?? '';
    await subscribeOrganization(app, organizationId, { planId: 'professional' });
    await app.db
      .update(subscriptions)
      .set({ provider: 'stripe', providerSubscriptionId: 'sub_local_2', providerPaymentMethodId: null })
      .where(eq(subscriptions.organizationId, organizationId));
    const data = await changePlan({
      db: app.db,
      provider,
      account,
      body: { planId: 'enterprise', interval: 'month' },
      idempotencyKey: 'stripe-upgrade-0001',
    });
    expect(data.subscription).toMatchObject({ plan: { _id: 'enterprise' }, invitesPerPeriod: 60 });
    const update = calls.find(
      (recorded) => recorded.method === 'POST' && recorded.path === '/v1/subscriptions/sub_local_2',
    );
    expect(update?.body.get('proration_behavior')).toBe('always_invoice');
    expect(update?.body.get('items[0][id]')).toBe('si_local_1');
    expect(update?.body.get('items[0][price_data][unit_amount]')).toBe('129900');
    expect(update?.idempotencyKey).toBe(`change-plan-${organizationId}-stripe-upgrade-0001`);
  });

  it('moves a Stripe subscription to the lower price without proration when it is downgraded', async () => {
    const account = await employerAccount();
    const organizationId = account.organizationId ?? '';
    await subscribeOrganization(app, organizationId, { planId: 'enterprise' });
    await app.db
      .update(subscriptions)
      .set({ provider: 'stripe', providerSubscriptionId: 'sub_local_3', providerPaymentMethodId: null })
      .where(eq(subscriptions.organizationId, organizationId));
    const data = await changePlan({
      db: app.db,
      provider,
      account,
      body: { planId: 'starter', interval: 'month' },
      idempotencyKey: 'stripe-downgrade-0001',
    });
    // Here the plan changes at the end of the period; Stripe's next invoice carries the lower price.
    expect(data.subscription).toMatchObject({
      plan: { _id: 'enterprise' },
      pendingChange: { plan: { _id: 'starter' } },
    });
    const update = calls.find(
      (recorded) => recorded.method === 'POST' && recorded.path === '/v1/subscriptions/sub_local_3',
    );
    expect(update?.body.get('proration_behavior')).toBe('none');
    expect(update?.body.get('items[0][price_data][unit_amount]')).toBe(
      String(PLANS.find((plan) => plan._id === 'starter')?.monthlyPriceCents),
    );
    expect(update?.idempotencyKey).toBe(`downgrade-${organizationId}-stripe-downgrade-0001`);
  });

  it('cancels a Stripe subscription at Stripe and records it', async () => {
    const account = await employerAccount();
    const organizationId = account.organizationId ?? '';
    await subscribeOrganization(app, organizationId, { planId: 'starter' });
    await app.db
      .update(subscriptions)
      .set({ provider: 'stripe', providerSubscriptionId: 'sub_local_1', providerCustomerId: 'cus_local_1' })
      .where(eq(subscriptions.organizationId, organizationId));
    const data = await cancelSubscription({ db: app.db, provider, account });
    expect(data.subscription?.cancelAtPeriodEnd).toBe(true);
    const call = calls.find((recorded) => recorded.path === '/v1/subscriptions/sub_local_1');
    expect(call?.body.get('cancel_at_period_end')).toBe('true');
  });
});
