import fp from 'fastify-plugin';
import { createPaymentProvider, type PaymentProvider } from '../domain/billing/payment-provider.ts';
import { BILLING_RECEIPT_QUEUE, type ReceiptJob } from '../domain/billing/receipt-queue.ts';
import { runDueRenewals } from '../domain/billing/run-due-renewals.ts';
import { sendInvoiceReceipt } from '../domain/billing/send-receipt.ts';
import { syncPlans } from '../domain/billing/sync-plans.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider: the built-in sandbox, or Stripe when STRIPE_* are set. */
    payments: PaymentProvider;
  }
}

/** The queue of the sandbox's renewals and failed-payment retries. */
export const SUBSCRIPTION_RENEWALS_QUEUE = 'subscription-renewals';
/** Renewals are looked for every five minutes: a period ends at most that late. */
const RENEWALS_CRON = '*/5 * * * *';

/**
 * Syncs the plans shipped with this release into the database (like the reference data, before
 * any route reads them), picks the payment provider from the configuration, and runs the
 * renewals from the durable job queue on a schedule, once across all instances, never from a
 * request. Each renewal commits on its own; its e-mails go out after. Every paid invoice queues
 * its receipt in the transaction that records it; the receipt worker e-mails it with its PDF.
 */
export default fp(
  async (app) => {
    await syncPlans(app.db);
    app.decorate<PaymentProvider>(
      'payments',
      await createPaymentProvider(app.config.stripe, app.config.publicUrl),
    );
    app.queue.work(
      SUBSCRIPTION_RENEWALS_QUEUE,
      { retryLimit: 3, retryDelay: 60, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const result = await runDueRenewals({
          db: app.db,
          sendMail: (mail) => app.mailer.sendInBackground(mail),
        });
        if (result.renewed + result.failed + result.canceled > 0)
          app.log.info(result, 'Subscription renewals run.');
      },
    );
    app.queue.schedule(SUBSCRIPTION_RENEWALS_QUEUE, RENEWALS_CRON);
    app.queue.work<ReceiptJob>(
      BILLING_RECEIPT_QUEUE,
      { retryLimit: 5, retryDelay: 60, retryBackoff: true, pollingIntervalSeconds: 1 },
      async ({ invoiceId }) => {
        // mailer.send throws when the mail cannot go out: the queue tries again later.
        await sendInvoiceReceipt({ db: app.db, invoiceId, send: (message) => app.mailer.send(message) });
      },
    );
  },
  { name: 'payments', dependencies: ['config', 'db', 'queue', 'mail'] },
);
