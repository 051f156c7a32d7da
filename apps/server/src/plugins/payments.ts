import fp from 'fastify-plugin';
import { createPaymentProvider, type PaymentProvider } from '../domain/billing/payment-provider.ts';
import { syncPlans } from '../domain/billing/sync-plans.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider: the built-in sandbox, or Stripe when STRIPE_* are set. */
    payments: PaymentProvider;
  }
}

/**
 * Syncs the plans shipped with this release into the database (like the reference data, before
 * any route reads them) and picks the payment provider from the configuration.
 */
export default fp(
  async (app) => {
    await syncPlans(app.db);
    app.decorate<PaymentProvider>('payments', createPaymentProvider(app.config.stripe, app.config.publicUrl));
  },
  { name: 'payments', dependencies: ['config', 'db'] },
);
