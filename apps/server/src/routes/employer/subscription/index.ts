import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  ZActionIdParams,
  ZBillingPortalData,
  ZChangePlanBody,
  ZCheckoutBody,
  ZCheckoutData,
  ZConfirmActionBody,
  ZConfirmActionData,
  ZGlobalConnectionData,
  ZGlobalConnectionQuery,
  ZInvoiceIdParams,
  ZInvoiceList,
  ZInvoiceListQuery,
  ZPlansData,
  ZPreviewChangeData,
  ZSubscriptionData,
  ZSubscriptionUserParams,
  ZUpdateCardBody,
} from '@medhire/contract/subscription';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelSubscription,
  changePlan,
  previewChange,
  resumeSubscription,
} from '../../../domain/billing/change-plan.ts';
import { checkout, confirmAction } from '../../../domain/billing/checkout.ts';
import { globalConnection } from '../../../domain/billing/global-connection.ts';
import { parseIdempotencyKey } from '../../../domain/billing/idempotency.ts';
import { renderInvoicePdf } from '../../../domain/billing/invoice-pdf.ts';
import { listInvoices } from '../../../domain/billing/invoices.ts';
import { listPlans } from '../../../domain/billing/list-plans.ts';
import { subscriptionDataOf } from '../../../domain/billing/subscription-view.ts';
import { billingPortal, updateCard } from '../../../domain/billing/update-card.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer subscription'];
/** A binary PDF: Fastify sends a Buffer as it is, so this schema only documents the answer. */
const ZPdfFile = z.string().describe('The invoice as application/pdf');
const SECURITY = [{ sessionToken: [] }];
const FAILURES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  422: ZFailure,
} as const;

function idempotencyKeyOf(request: FastifyRequest) {
  return parseIdempotencyKey(request.headers['idempotency-key']);
}

/**
 * /api/employer/subscription: plans, the organisation's subscription and its payments
 * (issue 12). Every `{userId}` must be the caller's own (403); invoices and payment steps of
 * another organisation answer 404.
 */
const employerSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-plans',
    {
      schema: {
        tags: TAGS,
        summary:
          'The plans with their prices, invites, seats and features (public), and the payment provider',
        response: { 200: ok(ZPlansData) },
      },
    },
    async () => ({ success: true as const, data: await listPlans(app.db, app.payments) }),
  );

  // Everything below needs a signed-in employer.
  await app.register(async (plain) => {
    const scoped = plain.withTypeProvider<ZodTypeProvider>();
    scoped.addHook('onRequest', app.authenticate);

    scoped.get(
      '/get-subscription/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary:
            'The organisation’s subscription, with the subscriptionStatus and subscriptionMeta of the user',
          params: ZSubscriptionUserParams,
          response: { 200: ok(ZSubscriptionData), ...FAILURES },
        },
      },
      async (request) => {
        const { organizationId } = assertOwnUser(request, request.params.userId);
        return { success: true as const, data: await subscriptionDataOf(app.db, organizationId) };
      },
    );

    scoped.post(
      '/checkout/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary:
            'Pay for a plan: the sandbox charges the card (or asks for authentication); Stripe answers a Checkout URL. Honours Idempotency-Key.',
          params: ZSubscriptionUserParams,
          body: ZCheckoutBody,
          response: { 200: ok(ZCheckoutData), ...FAILURES },
        },
      },
      async (request) => {
        const account = assertOwnUser(request, request.params.userId);
        const data = await checkout({
          db: app.db,
          provider: app.payments,
          account,
          body: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        });
        return {
          success: true as const,
          message: data.status === 'succeeded' ? 'Your subscription is active.' : undefined,
          data,
        };
      },
    );

    scoped.post(
      '/confirm-action/:actionId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'Complete (approve) or abandon the extra authentication step of a sandbox payment',
          params: ZActionIdParams,
          body: ZConfirmActionBody,
          response: { 200: ok(ZConfirmActionData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your subscription is active.',
        data: await confirmAction({
          db: app.db,
          account: requireAccount(request),
          actionId: request.params.actionId,
          approve: request.body.approve,
        }),
      }),
    );

    scoped.post(
      '/preview-change/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'What a plan or interval change costs now (prorated) and when it applies',
          params: ZSubscriptionUserParams,
          body: ZChangePlanBody,
          response: { 200: ok(ZPreviewChangeData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await previewChange({
          db: app.db,
          account: assertOwnUser(request, request.params.userId),
          body: request.body,
        }),
      }),
    );

    scoped.post(
      '/change-plan/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary:
            'Upgrade now with proration, or schedule a downgrade for the end of the period. Honours Idempotency-Key.',
          params: ZSubscriptionUserParams,
          body: ZChangePlanBody,
          response: { 200: ok(ZSubscriptionData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your plan is updated.',
        data: await changePlan({
          db: app.db,
          provider: app.payments,
          account: assertOwnUser(request, request.params.userId),
          body: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        }),
      }),
    );

    scoped.post(
      '/cancel/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'Cancel at the end of the paid period',
          params: ZSubscriptionUserParams,
          response: { 200: ok(ZSubscriptionData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your subscription will end with this period.',
        data: await cancelSubscription({
          db: app.db,
          provider: app.payments,
          account: assertOwnUser(request, request.params.userId),
        }),
      }),
    );

    scoped.post(
      '/resume/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'Take back a cancellation before the period ends',
          params: ZSubscriptionUserParams,
          response: { 200: ok(ZSubscriptionData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your subscription will renew as usual.',
        data: await resumeSubscription({
          db: app.db,
          provider: app.payments,
          account: assertOwnUser(request, request.params.userId),
        }),
      }),
    );

    scoped.post(
      '/update-card/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'Replace the card (sandbox); a past_due subscription is charged again with it at once',
          params: ZSubscriptionUserParams,
          body: ZUpdateCardBody,
          response: { 200: ok(ZSubscriptionData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your card is updated.',
        data: await updateCard({
          db: app.db,
          provider: app.payments,
          account: assertOwnUser(request, request.params.userId),
          body: request.body,
          sendMail: (mail) => app.mailer.sendInBackground(mail),
        }),
      }),
    );

    scoped.post(
      '/billing-portal/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'The Stripe Customer Portal, where the card is changed (Stripe only)',
          params: ZSubscriptionUserParams,
          response: { 200: ok(ZBillingPortalData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await billingPortal({
          db: app.db,
          provider: app.payments,
          account: assertOwnUser(request, request.params.userId),
        }),
      }),
    );

    scoped.get(
      '/get-invoices/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'The organisation’s invoices, newest first',
          params: ZSubscriptionUserParams,
          querystring: ZInvoiceListQuery,
          response: { 200: ok(ZInvoiceList), ...FAILURES },
        },
      },
      async (request) => {
        const { organizationId } = assertOwnUser(request, request.params.userId);
        return {
          success: true as const,
          data: await listInvoices({ db: app.db, organizationId, ...request.query }),
        };
      },
    );

    scoped.get(
      '/download-invoice/:invoiceId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary: 'One of the organisation’s invoices as a PDF',
          params: ZInvoiceIdParams,
          produces: ['application/pdf'],
          response: { 200: ZPdfFile, ...FAILURES },
        },
      },
      async (request, reply) => {
        const pdf = await renderInvoicePdf({
          db: app.db,
          organizationId: requireAccount(request).organizationId,
          invoiceId: request.params.invoiceId,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf.content as never);
      },
    );

    scoped.get(
      '/global-connection/:userId',
      {
        schema: {
          tags: TAGS,
          security: SECURITY,
          summary:
            'Physicians in every state matching the candidate preferences, counted by state (plans with Global Connection)',
          params: ZSubscriptionUserParams,
          querystring: ZGlobalConnectionQuery,
          response: { 200: ok(ZGlobalConnectionData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await globalConnection({
          db: app.db,
          account: assertOwnUser(request, request.params.userId),
          query: request.query,
        }),
      }),
    );
  });
};

export default employerSubscriptionRoutes;
