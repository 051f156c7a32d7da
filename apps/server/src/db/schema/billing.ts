import {
  BILLING_INTERVALS,
  INVOICE_STATUSES,
  PAYMENT_PROVIDERS,
  type TInvoiceLine,
  type TPaymentMethod,
  type TPlanFeature,
} from '@medhire/contract/subscription';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, subscriptionStatus, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const billingInterval = pgEnum('billing_interval', BILLING_INTERVALS);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);
export const paymentActionStatus = pgEnum('payment_action_status', ['pending', 'succeeded', 'abandoned']);

/**
 * The plans, kept as data shipped with the release (domain/billing/plan-data.ts) and synced at
 * start like the reference data: a plan no longer shipped is retired, never deleted, because
 * subscriptions and invoices still point at it.
 */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  yearlyPriceCents: integer('yearly_price_cents').notNull(),
  invitesPerPeriod: integer('invites_per_period').notNull(),
  seats: integer('seats').notNull(),
  features: jsonb('features').$type<TPlanFeature[]>().notNull(),
  highlights: jsonb('highlights').$type<string[]>().notNull(),
  sortOrder: integer('sort_order').notNull(),
  retiredAt: timestamptz('retired_at'),
});

/**
 * One subscription per organisation. `users.subscription_status` / `subscription_meta` mirror it
 * for every member (domain/billing/sync-members.ts), so sessions read it without a join.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: subscriptionStatus('status').notNull(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: billingInterval('interval').notNull(),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    invitesLeft: integer('invites_left').notNull(),
    invitesPerPeriod: integer('invites_per_period').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the end of the period. */
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    pendingInterval: billingInterval('pending_interval'),
    /** Brand, last 4 and expiry only; the card number never reaches the database. */
    paymentMethod: jsonb('payment_method').$type<TPaymentMethod>(),
    provider: paymentProvider('provider').notNull(),
    /** The provider's reference of the card to charge (sandbox: the test card's behaviour). */
    providerPaymentMethodId: text('provider_payment_method_id'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** Failed renewal attempts of the current past_due spell; the next one is due at next_retry_at. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextRetryAt: timestamptz('next_retry_at'),
    canceledAt: timestamptz('canceled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_organization_id_unique').on(table.organizationId),
    uniqueIndex('subscriptions_provider_subscription_id_unique')
      .on(table.providerSubscriptionId)
      .where(sql`${table.providerSubscriptionId} is not null`),
    // The renewal job reads the subscriptions whose period ended or whose retry is due.
    index('subscriptions_due_idx').on(table.status, table.currentPeriodEnd),
  ],
);

/** Every change of a subscription: who (null = the system), when, from, to. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: subscriptionStatus('from_status'),
    toStatus: subscriptionStatus('to_status').notNull(),
    fromPlanId: text('from_plan_id'),
    toPlanId: text('to_plan_id').notNull(),
    fromInterval: billingInterval('from_interval'),
    toInterval: billingInterval('to_interval').notNull(),
    detail: text('detail'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('subscription_events_subscription_idx').on(table.subscriptionId, table.createdAt)],
);

export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1001 });

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    status: invoiceStatus('status').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    lines: jsonb('lines').$type<TInvoiceLine[]>().notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    attemptCount: integer('attempt_count').notNull().default(1),
    paidAt: timestamptz('paid_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_provider_invoice_id_unique')
      .on(table.providerInvoiceId)
      .where(sql`${table.providerInvoiceId} is not null`),
    index('invoices_organization_created_idx').on(table.organizationId, table.createdAt),
  ],
);

/** A sandbox payment waiting for the card holder's extra authentication step. */
export const paymentActions = pgTable('payment_actions', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  interval: billingInterval('interval').notNull(),
  paymentMethod: jsonb('payment_method').$type<TPaymentMethod>().notNull(),
  providerPaymentMethodId: text('provider_payment_method_id').notNull(),
  status: paymentActionStatus('status').notNull().default('pending'),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * Answers of calls made with an `Idempotency-Key`: a repeat of the key by the same
 * organisation for the same operation gets the stored answer instead of a second charge.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.operation, table.key] })],
);

/** Stripe webhook events already handled: a replay of the same event id changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});
