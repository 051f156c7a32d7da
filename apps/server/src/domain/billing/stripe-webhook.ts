import type { TSubscriptionStatus } from '@medhire/contract/account';
import { ZBillingInterval, ZPlanId } from '@medhire/contract/subscription';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { invoices, stripeEvents, subscriptions } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { activateSubscription } from './activate-subscription.ts';
import { renderPaymentFailedMail } from './billing-mail.ts';
import { invitesFor } from './billing-period.ts';
import { createInvoice } from './invoices.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { RenewalMail } from './run-due-renewals.ts';
import { recordChange } from './subscription-history.ts';
import { loadPlan, syncMembers, type TSubscriptionRow } from './subscription-view.ts';

export interface HandleStripeWebhookOptions {
  db: Db;
  provider: PaymentProvider;
  rawBody: Buffer;
  signature: string | undefined;
  sendMail?: (mail: RenewalMail) => void;
}

/**
 * `POST /api/payments/stripe/webhook`. The signature is checked against the raw body (400 when
 * it does not verify); each event id is stored in the same transaction as its effect, so a
 * replayed or re-delivered event changes nothing the second time.
 */
export async function handleStripeWebhook({
  db,
  provider,
  rawBody,
  signature,
  sendMail,
}: HandleStripeWebhookOptions): Promise<{ received: true; duplicate: boolean }> {
  if (provider.name !== 'stripe') {
    throw new AppError('NOT_FOUND', 'Stripe is not the payment provider of this server.');
  }
  let event: Stripe.Event;
  try {
    event = provider.stripe.webhooks.constructEvent(rawBody, signature ?? '', provider.webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook signature is not valid.');
  }
  const mails: RenewalMail[] = [];
  const duplicate = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return true;
    await applyEvent(tx, event, mails);
    return false;
  });
  for (const mail of mails) sendMail?.(mail);
  return { received: true, duplicate };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The subscription an invoice belongs to, across Stripe API versions. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const loose = invoice as unknown as {
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  return idOf(loose.parent?.subscription_details?.subscription ?? loose.subscription);
}

async function findByProviderId(
  db: Db,
  providerSubscriptionId: string | null,
): Promise<TSubscriptionRow | undefined> {
  if (!providerSubscriptionId) return undefined;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1)
    .for('update');
  return row;
}

const STATUS_FROM_STRIPE: Partial<Record<Stripe.Subscription.Status, TSubscriptionStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
};

async function applyEvent(db: Db, event: Stripe.Event, mails: RenewalMail[]) {
  const now = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const organizationId = session.metadata?.organizationId ?? session.client_reference_id;
      const planId = ZPlanId.safeParse(session.metadata?.planId);
      const interval = ZBillingInterval.safeParse(session.metadata?.interval);
      if (!organizationId || !planId.success || !interval.success || session.mode !== 'subscription') return;
      const plan = await loadPlan(db, planId.data);
      if (!plan) return;
      const [user] = session.metadata?.userId
        ? await db.select({ id: users.id }).from(users).where(eq(users.id, session.metadata.userId)).limit(1)
        : [];
      await activateSubscription({
        db,
        organizationId,
        actorUserId: user?.id ?? null,
        plan,
        interval: interval.data,
        paymentMethod: null,
        provider: 'stripe',
        providerPaymentMethodId: null,
        providerCustomerId: idOf(session.customer),
        providerSubscriptionId: idOf(session.subscription),
        now,
        issueInvoice: false,
      });
      return;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscription = await findByProviderId(db, invoiceSubscriptionId(invoice));
      if (!subscription || !invoice.id) return;
      const [known] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.providerInvoiceId, invoice.id)))
        .limit(1);
      if (known) return;
      const firstLine = invoice.lines.data[0];
      const periodStart = new Date((firstLine?.period.start ?? invoice.period_start) * 1000);
      const periodEnd = new Date((firstLine?.period.end ?? invoice.period_end) * 1000);
      await createInvoice({
        db,
        organizationId: subscription.organizationId,
        subscriptionId: subscription.id,
        status: 'paid',
        lines: invoice.lines.data.map((line) => ({
          description: line.description ?? 'MedHire subscription',
          amountCents: line.amount,
        })),
        periodStart,
        periodEnd,
        now,
        providerInvoiceId: invoice.id,
      });
      if (invoice.billing_reason === 'subscription_cycle' && periodEnd > subscription.currentPeriodEnd) {
        const planId = subscription.pendingPlanId ?? subscription.planId;
        const interval = subscription.pendingInterval ?? subscription.interval;
        const plan = await loadPlan(db, planId);
        if (!plan) return;
        await db
          .update(subscriptions)
          .set({
            status: 'active',
            planId,
            interval,
            currentPeriodStart: periodStart,
            currentPeriodEnd: periodEnd,
            invitesPerPeriod: invitesFor(plan, interval),
            invitesLeft: invitesFor(plan, interval),
            pendingPlanId: null,
            pendingInterval: null,
            failedAttempts: 0,
            nextRetryAt: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, subscription.id));
        await recordChange({
          db,
          subscriptionId: subscription.id,
          actorUserId: null,
          kind: subscription.status === 'past_due' ? 'payment_retried' : 'renewed',
          from: { status: subscription.status, planId: subscription.planId, interval: subscription.interval },
          to: { status: 'active', planId, interval },
          detail: `Stripe invoice ${invoice.id}`,
          now,
        });
      } else if (subscription.status === 'past_due') {
        await db
          .update(subscriptions)
          .set({ status: 'active', failedAttempts: 0, nextRetryAt: null, updatedAt: now })
          .where(eq(subscriptions.id, subscription.id));
      }
      await syncMembers(db, subscription.organizationId, now);
      return;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = await findByProviderId(db, invoiceSubscriptionId(invoice));
      if (!subscription) return;
      const nextRetryAt = invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null;
      await db
        .update(subscriptions)
        .set({ status: 'past_due', failedAttempts: invoice.attempt_count, nextRetryAt, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
      const state = { planId: subscription.planId, interval: subscription.interval };
      await recordChange({
        db,
        subscriptionId: subscription.id,
        actorUserId: null,
        kind: 'renewal_failed',
        from: { status: subscription.status, ...state },
        to: { status: 'past_due', ...state },
        detail: `Stripe attempt ${invoice.attempt_count}`,
        now,
      });
      await syncMembers(db, subscription.organizationId, now);
      const plan = await loadPlan(db, subscription.planId);
      if (nextRetryAt) {
        const members = await db
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.organizationId, subscription.organizationId), eq(users.role, 'employer')));
        for (const { email } of members) {
          mails.push({
            to: email,
            ...renderPaymentFailedMail(
              plan?.name ?? 'MedHire',
              'your card was declined.',
              nextRetryAt,
              false,
            ),
          });
        }
      }
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const remote = event.data.object;
      const subscription = await findByProviderId(db, remote.id);
      if (!subscription) return;
      const status =
        event.type === 'customer.subscription.deleted'
          ? 'canceled'
          : (STATUS_FROM_STRIPE[remote.status] ?? subscription.status);
      if (status === subscription.status && remote.cancel_at_period_end === subscription.cancelAtPeriodEnd)
        return;
      await db
        .update(subscriptions)
        .set({
          status,
          cancelAtPeriodEnd: remote.cancel_at_period_end,
          ...(status === 'canceled' ? { invitesLeft: 0, canceledAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(subscriptions.id, subscription.id));
      const state = { planId: subscription.planId, interval: subscription.interval };
      await recordChange({
        db,
        subscriptionId: subscription.id,
        actorUserId: null,
        kind: status === 'canceled' ? 'canceled' : 'provider_update',
        from: { status: subscription.status, ...state },
        to: { status, ...state },
        detail: `Stripe ${event.type}`,
        now,
      });
      await syncMembers(db, subscription.organizationId, now);
      return;
    }
    default:
      return;
  }
}
