import type { TBillingInterval, TPlanId } from '@medhire/contract/subscription';
import type { FastifyInstance } from 'fastify';
import { activateSubscription } from '../../../src/domain/billing/activate-subscription.ts';
import { PLANS } from '../../../src/domain/billing/plan-data.ts';

export interface SubscribeOptions {
  planId?: TPlanId;
  interval?: TBillingInterval;
  now?: Date;
  /** The sandbox card reference later charges use (default: a card that always pays). */
  paymentMethodId?: string;
}

/**
 * Gives the organisation an active sandbox subscription, as a paid checkout would, for tests
 * that need an organisation able to send invites. Enterprise by default: 60 invites.
 */
export async function subscribeOrganization(
  app: FastifyInstance,
  organizationId: string,
  options: SubscribeOptions = {},
) {
  const plan = PLANS.find((candidate) => candidate._id === (options.planId ?? 'enterprise'));
  if (!plan) throw new Error(`No plan ${options.planId}`);
  return app.db.transaction((tx) =>
    activateSubscription({
      db: tx,
      organizationId,
      actorUserId: null,
      plan,
      interval: options.interval ?? 'month',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
      provider: 'sandbox',
      providerPaymentMethodId: options.paymentMethodId ?? 'pm_sandbox_succeeds_4242',
      now: options.now ?? new Date(),
      issueInvoice: true,
    }),
  );
}

export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  name: 'Dana Whitfield',
};
export const cardNumbered = (number: string) => ({ ...GOOD_CARD, number });
