import type { TSubscriptionMeta } from '@medhire/contract/account';
import type {
  TInvoice,
  TPlan,
  TPlansData,
  TSubscription,
  TSubscriptionData,
} from '@medhire/contract/subscription';

export const plans: TPlan[] = [
  {
    _id: 'starter',
    name: 'Starter',
    description: 'For a single practice hiring now and then.',
    monthlyPriceCents: 4900,
    yearlyPriceCents: 49000,
    invitesPerPeriod: 5,
    seats: 1,
    features: [],
    highlights: ['Explore every discoverable physician'],
  },
  {
    _id: 'professional',
    name: 'Professional',
    description: 'For groups hiring every month.',
    monthlyPriceCents: 14900,
    yearlyPriceCents: 149000,
    invitesPerPeriod: 20,
    seats: 5,
    features: ['recommended-beyond-first-page'],
    highlights: ['Every page of recommended applicants'],
  },
  {
    _id: 'enterprise',
    name: 'Enterprise',
    description: 'For organisations recruiting across states.',
    monthlyPriceCents: 39900,
    yearlyPriceCents: 399000,
    invitesPerPeriod: 60,
    seats: 25,
    features: ['global-connection', 'recommended-beyond-first-page'],
    highlights: ['Global connection: physicians in every state'],
  },
];

export function plan(id: TPlan['_id']): TPlan {
  const found = plans.find((entry) => entry._id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

export const sandboxPlans: TPlansData = {
  plans,
  provider: 'sandbox',
  sandboxTestCards: [
    { number: '4242424242424242', description: 'Succeeds' },
    { number: '4000000000000002', description: 'Declined' },
    { number: '4000002760003184', description: 'Asks for the extra authentication step' },
  ],
};

export function makeSubscription(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    _id: 'sub-1',
    status: 'active',
    plan: plan('professional'),
    interval: 'month',
    currentPeriodStart: '2026-11-10T00:00:00.000Z',
    currentPeriodEnd: '2026-12-10T00:00:00.000Z',
    invitesLeft: 12,
    invitesPerPeriod: 20,
    cancelAtPeriodEnd: false,
    pendingChange: null,
    paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
    provider: 'sandbox',
    ...overrides,
  };
}

export function metaOf(subscription: TSubscription | null): TSubscriptionMeta {
  return subscription
    ? {
        planId: subscription.plan._id,
        planName: subscription.plan.name,
        currentPeriodEnd: subscription.currentPeriodEnd,
        invitesLeft: subscription.invitesLeft,
      }
    : { planId: null, planName: null, currentPeriodEnd: null, invitesLeft: 0 };
}

export function subscriptionData(subscription: TSubscription | null): TSubscriptionData {
  return {
    subscription,
    subscriptionStatus: subscription?.status ?? 'incomplete',
    subscriptionMeta: metaOf(subscription),
  };
}

export function makeInvoice(overrides: Partial<TInvoice> = {}): TInvoice {
  return {
    _id: 'inv-1',
    number: 'MH-2026-000101',
    status: 'paid',
    amountDueCents: 14900,
    amountPaidCents: 14900,
    taxCents: 0,
    totalCents: 14900,
    currency: 'usd',
    periodStart: '2026-11-10T00:00:00.000Z',
    periodEnd: '2026-12-10T00:00:00.000Z',
    createdAt: '2026-11-10T00:00:00.000Z',
    lines: [{ description: 'Professional plan, monthly', amountCents: 14900 }],
    ...overrides,
  };
}
