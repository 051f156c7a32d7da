import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleStripeWebhook } from '../../domain/billing/stripe-webhook.ts';

const ZWebhookData = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * /api/payments: the payment provider's calls into MedHire. Stripe signs each webhook over the
 * exact bytes it sent, so this scope keeps JSON bodies as raw buffers for the check.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: signature checked, each event handled once',
        response: { 200: ok(ZWebhookData), 400: ZFailure, 404: ZFailure },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return {
        success: true as const,
        data: await handleStripeWebhook({
          db: app.db,
          provider: app.payments,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
          signature: Array.isArray(signature) ? signature[0] : signature,
          sendMail: (mail) => app.mailer.sendInBackground(mail),
        }),
      };
    },
  );
};

export default paymentRoutes;
