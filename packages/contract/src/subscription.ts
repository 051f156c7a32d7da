import { z } from 'zod';
import { ZSubscriptionMeta, ZSubscriptionStatus } from './account.ts';
import { ZApplicant } from './applicants.ts';
import { ZPageQuery } from './envelope.ts';
import { ZCardInput } from './payment-card.ts';

export { type TCardInput, type TCardInputIn, ZCardInput } from './payment-card.ts';

/**
 * Subscription and payments (issue 12). Plans are seeded data; an organisation holds one
 * subscription; `subscriptionStatus` / `subscriptionMeta` on the user always mirror it.
 */

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export const ZPlanId = z.enum(PLAN_IDS, { error: 'Choose Starter, Professional or Enterprise.' });
export type TPlanId = z.infer<typeof ZPlanId>;

/** Features a plan may include; the server answers 403 naming the plan that includes a missing one. */
export const PLAN_FEATURES = ['global-connection', 'recommended-beyond-first-page'] as const;
export const ZPlanFeature = z.enum(PLAN_FEATURES);
export type TPlanFeature = z.infer<typeof ZPlanFeature>;

export const BILLING_INTERVALS = ['month', 'year'] as const;
export const ZBillingInterval = z.enum(BILLING_INTERVALS, { error: 'Choose monthly or yearly billing.' });
export type TBillingInterval = z.infer<typeof ZBillingInterval>;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const ZPaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;

export const ZPlan = z.object({
  _id: ZPlanId,
  name: z.string(),
  description: z.string(),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int(),
  /** Invites a month; a yearly subscription gets twelve times as many for its year (invitesForInterval). */
  invitesPerPeriod: z.number().int(),
  seats: z.number().int(),
  features: z.array(ZPlanFeature),
  highlights: z.array(z.string()),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZSandboxTestCard = z.object({ number: z.string(), description: z.string() });
export type TSandboxTestCard = z.infer<typeof ZSandboxTestCard>;

/** `GET /api/employer/subscription/get-plans` (public). */
export const ZPlansData = z.object({
  plans: z.array(ZPlan),
  provider: ZPaymentProvider,
  /** Present while the built-in sandbox is the provider: the cards the screen lists. */
  sandboxTestCards: z.array(ZSandboxTestCard).optional(),
});
export type TPlansData = z.infer<typeof ZPlansData>;

export const ZPaymentMethod = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZPendingChange = z.object({
  plan: ZPlan,
  interval: ZBillingInterval,
  /** ISO date-time: the end of the current period. */
  effectiveAt: z.string(),
});
export type TPendingChange = z.infer<typeof ZPendingChange>;

export const ZSubscription = z.object({
  _id: z.string(),
  status: ZSubscriptionStatus,
  plan: ZPlan,
  interval: ZBillingInterval,
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  invitesLeft: z.number().int(),
  invitesPerPeriod: z.number().int(),
  cancelAtPeriodEnd: z.boolean(),
  pendingChange: ZPendingChange.nullable(),
  paymentMethod: ZPaymentMethod.nullable(),
  provider: ZPaymentProvider,
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** `GET get-subscription/{userId}` and the answer of change-plan, cancel and resume. */
export const ZSubscriptionData = z.object({
  subscription: ZSubscription.nullable(),
  subscriptionStatus: ZSubscriptionStatus,
  subscriptionMeta: ZSubscriptionMeta,
});
export type TSubscriptionData = z.infer<typeof ZSubscriptionData>;

export const INVOICE_STATUSES = ['paid', 'open', 'void', 'uncollectible'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

export const ZInvoiceLine = z.object({ description: z.string(), amountCents: z.number().int() });
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoice = z.object({
  _id: z.string(),
  /** Human invoice number, e.g. "MH-2026-000123". */
  number: z.string(),
  status: ZInvoiceStatus,
  amountDueCents: z.number().int(),
  amountPaidCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.literal('usd'),
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
  lines: z.array(ZInvoiceLine),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceList = z.object({
  invoices: z.array(ZInvoice),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TInvoiceList = z.infer<typeof ZInvoiceList>;
export const ZInvoiceListQuery = ZPageQuery;

/**
 * `POST checkout/{userId}` with an `Idempotency-Key` header. With the sandbox the card is
 * required; with Stripe it is ignored and the answer is a Checkout URL.
 */
export const ZCheckoutBody = z.object({
  planId: ZPlanId,
  interval: ZBillingInterval,
  card: ZCardInput.optional(),
});
export type TCheckoutBody = z.infer<typeof ZCheckoutBody>;
export type TCheckoutBodyIn = z.input<typeof ZCheckoutBody>;

export const ZPaidInvoiceData = ZSubscriptionData.extend({
  subscription: ZSubscription,
  invoice: ZInvoice,
});

export const ZCheckoutData = z.discriminatedUnion('status', [
  ZPaidInvoiceData.extend({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('requires_action'), actionId: z.string(), subscription: z.null() }),
  z.object({ status: z.literal('redirect'), url: z.string() }),
]);
export type TCheckoutData = z.infer<typeof ZCheckoutData>;

/** `POST confirm-action/{actionId}`: the extra authentication step (card 4000 0027 6000 3184). */
export const ZConfirmActionBody = z.object({ approve: z.boolean({ error: 'Say whether to approve.' }) });
export type TConfirmActionBody = z.infer<typeof ZConfirmActionBody>;
export const ZConfirmActionData = ZPaidInvoiceData.extend({ status: z.literal('succeeded') });
export type TConfirmActionData = z.infer<typeof ZConfirmActionData>;

/**
 * `POST update-card/{userId}` (sandbox): replaces the card on file; a past_due subscription is
 * charged again at once with it. Answers the same data as get-subscription.
 */
export const ZUpdateCardBody = z.object({ card: ZCardInput });
export type TUpdateCardBody = z.infer<typeof ZUpdateCardBody>;
export type TUpdateCardBodyIn = z.input<typeof ZUpdateCardBody>;

/** `POST billing-portal/{userId}` (Stripe): the Customer Portal page where the card is changed. */
export const ZBillingPortalData = z.object({ url: z.string() });
export type TBillingPortalData = z.infer<typeof ZBillingPortalData>;

/** `POST preview-change/{userId}` and `POST change-plan/{userId}` (Idempotency-Key). */
export const ZChangePlanBody = z.object({ planId: ZPlanId, interval: ZBillingInterval });
export type TChangePlanBody = z.infer<typeof ZChangePlanBody>;

export const ZPreviewChangeData = z.object({
  amountDueNowCents: z.number().int(),
  currency: z.literal('usd'),
  isUpgrade: z.boolean(),
  /** ISO date-time: now for an upgrade, the end of the current period for a downgrade. */
  effectiveAt: z.string(),
  description: z.string(),
});
export type TPreviewChangeData = z.infer<typeof ZPreviewChangeData>;

/** `GET global-connection/{userId}`: physicians in every state matching the candidate preferences. */
export const ZGlobalConnectionQuery = ZPageQuery.extend({
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Give the state as its two-letter code, e.g. TX.')
    .optional(),
});
export type TGlobalConnectionQuery = z.infer<typeof ZGlobalConnectionQuery>;
export type TGlobalConnectionQueryIn = z.input<typeof ZGlobalConnectionQuery>;

export const ZStateCount = z.object({ state: z.string(), count: z.number().int() });
export const ZGlobalConnectionData = z.object({
  countsByState: z.array(ZStateCount),
  applicants: z.array(ZApplicant),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TGlobalConnectionData = z.infer<typeof ZGlobalConnectionData>;

export const ZSubscriptionUserParams = z.object({ userId: z.string().min(1).max(100) });
export const ZActionIdParams = z.object({ actionId: z.string().min(1).max(100) });
export const ZInvoiceIdParams = z.object({ invoiceId: z.string().min(1).max(100) });

/** Messages the screens show as they are. */
export const SUBSCRIPTION_MESSAGES = {
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationNotCompleted: 'Authentication was not completed.',
  cardRequired: 'Enter a card to pay with.',
  alreadySubscribed: 'Your organization already has an active subscription. Change the plan instead.',
  noSubscription: 'Your organization has no subscription yet. Choose a plan first.',
  samePlan: 'That is already your plan and billing interval.',
  notActive: 'Only an active subscription can be changed. Pay for a plan first.',
  invoiceNotFound: 'We could not find that invoice.',
  actionNotFound: 'We could not find that payment step. Start the payment again.',
} as const;
