import type { TSandboxTestCard } from '@medhire/contract/subscription';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.ts';

/**
 * Where money moves. The sandbox (the embedded default) settles payments itself, synchronously,
 * with Stripe's test cards (sandbox-cards.ts), and renews from the job queue; Stripe (when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set) takes the first payment on a Checkout
 * page, renews on its side and tells MedHire through the webhook (stripe-webhook.ts).
 */
export type PaymentProvider =
  | { name: 'sandbox'; testCards: TSandboxTestCard[] }
  | { name: 'stripe'; stripe: Stripe; webhookSecret: string; publicUrl: string };

/** The Stripe library is loaded only when Stripe is configured: the sandbox never needs it. */
export async function createPaymentProvider(
  stripeConfig: StripeConfig | undefined,
  publicUrl: string,
): Promise<PaymentProvider> {
  if (!stripeConfig) return { name: 'sandbox', testCards: SANDBOX_TEST_CARDS };
  const { default: StripeClient } = await import('stripe');
  return {
    name: 'stripe',
    stripe: new StripeClient(stripeConfig.secretKey, { maxNetworkRetries: 2, timeout: 20_000 }),
    webhookSecret: stripeConfig.webhookSecret,
    publicUrl,
  };
}
