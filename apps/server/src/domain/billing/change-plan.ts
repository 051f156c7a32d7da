import {
  SUBSCRIPTION_MESSAGES,
  type TBillingInterval,
  type TChangePlanBody,
  type TPlan,
  type TPreviewChangeData,
  type TSubscriptionData,
} from '@medhire/contract/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { addInterval, formatDay, formatUsd, intervalWord, invitesFor, priceOf } from './billing-period.ts';
import { type BillingAccount, requireOrganization, requirePlan } from './checkout.ts';
import { withIdempotency } from './idempotency.ts';
import { createInvoice } from './invoices.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { PLANS } from './plan-data.ts';
import { chargeSandboxCard } from './sandbox-cards.ts';
import { recordChange } from './subscription-history.ts';
import {
  findSubscription,
  loadPlan,
  lockSubscription,
  subscriptionDataOf,
  syncMembers,
  type TSubscriptionRow,
} from './subscription-view.ts';

const rankOf = (plan: TPlan) => PLANS.findIndex((candidate) => candidate._id === plan._id);

interface ChangeQuote {
  isUpgrade: boolean;
  amountDueNowCents: number;
  effectiveAt: Date;
  /** An upgrade that changes the interval starts a new period now. */
  newPeriod: { start: Date; end: Date } | null;
  lines: { description: string; amountCents: number }[];
  description: string;
}

/**
 * Prices a change as Stripe prorates one. A more expensive plan, or yearly instead of monthly
 * billing, is an upgrade: it applies now and costs the new plan's price for the rest of the
 * period minus the unused part of the old one (a change of interval starts a new period, so
 * the full new price minus that credit). Anything else is a downgrade: nothing is due now and
 * it applies at the end of the period.
 */
export function quoteChange(
  subscription: TSubscriptionRow,
  current: TPlan,
  next: TPlan,
  interval: TBillingInterval,
  now: Date,
): ChangeQuote {
  const isUpgrade =
    rankOf(next) > rankOf(current) ||
    (rankOf(next) === rankOf(current) && subscription.interval === 'month' && interval === 'year');
  const nextName = `${next.name} (${intervalWord(interval)})`;
  if (!isUpgrade) {
    return {
      isUpgrade: false,
      amountDueNowCents: 0,
      effectiveAt: subscription.currentPeriodEnd,
      newPeriod: null,
      lines: [],
      description: `You keep ${current.name} until ${formatDay(subscription.currentPeriodEnd)}; then ${nextName} starts at ${formatUsd(priceOf(next, interval))} per ${interval}. Nothing is due now.`,
    };
  }
  const start = subscription.currentPeriodStart.getTime();
  const end = subscription.currentPeriodEnd.getTime();
  const remaining = Math.min(1, Math.max(0, (end - now.getTime()) / Math.max(1, end - start)));
  const credit = Math.round(priceOf(current, subscription.interval) * remaining);
  const creditLine = {
    description: `Unused time on ${current.name} (${intervalWord(subscription.interval)}) after ${formatDay(now)}`,
    amountCents: -credit,
  };
  if (interval !== subscription.interval) {
    const periodEnd = addInterval(now, interval);
    const charge = priceOf(next, interval);
    const amount = Math.max(0, charge - credit);
    return {
      isUpgrade: true,
      amountDueNowCents: amount,
      effectiveAt: now,
      newPeriod: { start: now, end: periodEnd },
      lines: [
        {
          description: `${nextName} plan (${formatDay(now)} – ${formatDay(periodEnd)})`,
          amountCents: charge,
        },
        creditLine,
      ],
      description: `${nextName} starts now. You pay ${formatUsd(amount)} today (${formatUsd(charge)} less ${formatUsd(credit)} for the unused time on ${current.name}); it renews on ${formatDay(periodEnd)}.`,
    };
  }
  const remainingCharge = Math.round(priceOf(next, interval) * remaining);
  const amount = Math.max(0, remainingCharge - credit);
  return {
    isUpgrade: true,
    amountDueNowCents: amount,
    effectiveAt: now,
    newPeriod: null,
    lines: [
      {
        description: `Remaining time on ${nextName} until ${formatDay(subscription.currentPeriodEnd)}`,
        amountCents: remainingCharge,
      },
      creditLine,
    ],
    description: `${nextName} starts now. You pay ${formatUsd(amount)} today for the rest of this period; from ${formatDay(subscription.currentPeriodEnd)} it is ${formatUsd(priceOf(next, interval))} per ${interval}.`,
  };
}

async function changeable(db: Db, organizationId: string, lock: boolean) {
  const subscription = lock
    ? await lockSubscription(db, organizationId)
    : await findSubscription(db, organizationId);
  if (!subscription || subscription.status === 'incomplete' || subscription.status === 'canceled') {
    throw new AppError(
      'BUSINESS_RULE',
      subscription ? SUBSCRIPTION_MESSAGES.notActive : SUBSCRIPTION_MESSAGES.noSubscription,
    );
  }
  if (subscription.status === 'past_due') {
    throw new AppError('BUSINESS_RULE', 'Your last payment failed. Settle it before changing the plan.');
  }
  const current = await loadPlan(db, subscription.planId);
  if (!current) throw new Error(`Plan ${subscription.planId} is missing`);
  return { subscription, current };
}

export interface PreviewChangeOptions {
  db: Db;
  account: BillingAccount;
  body: TChangePlanBody;
  now?: Date;
}

export async function previewChange({
  db,
  account,
  body,
  now = new Date(),
}: PreviewChangeOptions): Promise<TPreviewChangeData> {
  const organizationId = requireOrganization(account);
  const { subscription, current } = await changeable(db, organizationId, false);
  if (subscription.planId === body.planId && subscription.interval === body.interval) {
    throw new AppError('BUSINESS_RULE', SUBSCRIPTION_MESSAGES.samePlan);
  }
  const next = await requirePlan(db, body.planId);
  const quote = quoteChange(subscription, current, next, body.interval, now);
  return {
    amountDueNowCents: quote.amountDueNowCents,
    currency: 'usd',
    isUpgrade: quote.isUpgrade,
    effectiveAt: quote.effectiveAt.toISOString(),
    description: quote.description,
  };
}

export interface ChangePlanOptions extends PreviewChangeOptions {
  provider: PaymentProvider;
  idempotencyKey: string | undefined;
}

/**
 * Changes the plan or interval. An upgrade is charged now (prorated, with an invoice) and
 * applies at once, keeping the invites already used; a downgrade is recorded as the pending
 * change and applied by the renewal at the end of the period. Choosing the current plan again
 * withdraws a pending downgrade.
 */
/** Points the Stripe subscription's one item at the plan's price for the interval. */
async function setStripePrice({
  provider,
  subscriptionId,
  plan,
  interval,
  organizationId,
  proration,
  idempotencyKey,
}: {
  provider: Extract<PaymentProvider, { name: 'stripe' }>;
  subscriptionId: string;
  plan: Parameters<typeof priceOf>[0];
  interval: Parameters<typeof priceOf>[1];
  organizationId: string;
  proration: 'always_invoice' | 'none';
  idempotencyKey: string | undefined;
}): Promise<void> {
  const remote = await provider.stripe.subscriptions.retrieve(subscriptionId);
  const item = remote.items.data[0];
  if (!item)
    throw new AppError('UNAVAILABLE', 'Stripe did not answer with the subscription. Please try again.');
  await provider.stripe.subscriptions.update(
    subscriptionId,
    {
      items: [
        {
          id: item.id,
          price_data: {
            currency: 'usd',
            product: typeof item.price.product === 'string' ? item.price.product : item.price.product.id,
            unit_amount: priceOf(plan, interval),
            recurring: { interval },
          },
        },
      ],
      proration_behavior: proration,
      payment_behavior: 'error_if_incomplete',
      metadata: { organizationId, planId: plan._id, interval },
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );
}

export async function changePlan({
  db,
  provider,
  account,
  body,
  idempotencyKey,
  now = new Date(),
}: ChangePlanOptions): Promise<TSubscriptionData> {
  const organizationId = requireOrganization(account);
  await assertFreshSecondStep(db, account.userId, account.sessionId);
  return withIdempotency(
    db,
    { organizationId, operation: 'change-plan', key: idempotencyKey, now, request: body },
    async (tx) => {
      const { subscription, current } = await changeable(tx, organizationId, true);
      const from = {
        status: subscription.status,
        planId: subscription.planId,
        interval: subscription.interval,
      };
      if (subscription.planId === body.planId && subscription.interval === body.interval) {
        if (!subscription.pendingPlanId) throw new AppError('BUSINESS_RULE', SUBSCRIPTION_MESSAGES.samePlan);
        await tx
          .update(subscriptions)
          .set({ pendingPlanId: null, pendingInterval: null, updatedAt: now })
          .where(eq(subscriptions.id, subscription.id));
        await recordChange({
          db: tx,
          subscriptionId: subscription.id,
          actorUserId: account.userId,
          kind: 'downgrade_scheduled',
          from,
          to: from,
          detail: 'The scheduled change was withdrawn.',
          now,
        });
        return subscriptionDataOf(tx, organizationId);
      }
      const next = await requirePlan(tx, body.planId);
      const quote = quoteChange(subscription, current, next, body.interval, now);

      if (!quote.isUpgrade) {
        if (
          subscription.provider === 'stripe' &&
          provider.name === 'stripe' &&
          subscription.providerSubscriptionId
        ) {
          // Nothing is prorated: Stripe bills the lower price from the next period on, the day the
          // change takes effect here too.
          await setStripePrice({
            provider,
            subscriptionId: subscription.providerSubscriptionId,
            plan: next,
            interval: body.interval,
            organizationId,
            proration: 'none',
            idempotencyKey: idempotencyKey && `downgrade-${organizationId}-${idempotencyKey}`,
          });
        }
        await tx
          .update(subscriptions)
          .set({ pendingPlanId: next._id, pendingInterval: body.interval, updatedAt: now })
          .where(eq(subscriptions.id, subscription.id));
        await recordChange({
          db: tx,
          subscriptionId: subscription.id,
          actorUserId: account.userId,
          kind: 'downgrade_scheduled',
          from,
          to: { status: subscription.status, planId: next._id, interval: body.interval },
          detail: `Takes effect on ${formatDay(subscription.currentPeriodEnd)}.`,
          now,
        });
        return subscriptionDataOf(tx, organizationId);
      }

      if (
        subscription.provider === 'stripe' &&
        provider.name === 'stripe' &&
        subscription.providerSubscriptionId
      ) {
        // Stripe prorates and invoices the upgrade itself; its invoice.paid event records the invoice.
        await setStripePrice({
          provider,
          subscriptionId: subscription.providerSubscriptionId,
          plan: next,
          interval: body.interval,
          organizationId,
          proration: 'always_invoice',
          idempotencyKey: idempotencyKey && `change-plan-${organizationId}-${idempotencyKey}`,
        });
      } else if (quote.amountDueNowCents > 0) {
        const charged = chargeSandboxCard(subscription.providerPaymentMethodId);
        if (!charged.ok) throw new AppError('CARD_DECLINED', charged.message);
      }

      const used = Math.max(0, subscription.invitesPerPeriod - subscription.invitesLeft);
      const newQuota = invitesFor(next, body.interval);
      await tx
        .update(subscriptions)
        .set({
          planId: next._id,
          interval: body.interval,
          invitesPerPeriod: newQuota,
          invitesLeft: Math.max(0, newQuota - used),
          pendingPlanId: null,
          pendingInterval: null,
          ...(quote.newPeriod
            ? { currentPeriodStart: quote.newPeriod.start, currentPeriodEnd: quote.newPeriod.end }
            : {}),
          updatedAt: now,
        })
        .where(eq(subscriptions.id, subscription.id));
      if (subscription.provider === 'sandbox' && quote.amountDueNowCents > 0) {
        await createInvoice({
          db: tx,
          organizationId,
          subscriptionId: subscription.id,
          status: 'paid',
          lines: quote.lines,
          periodStart: now,
          periodEnd: quote.newPeriod?.end ?? subscription.currentPeriodEnd,
          now,
        });
      }
      await recordChange({
        db: tx,
        subscriptionId: subscription.id,
        actorUserId: account.userId,
        kind: 'upgraded',
        from,
        to: { status: subscription.status, planId: next._id, interval: body.interval },
        detail: `Charged ${formatUsd(quote.amountDueNowCents)}.`,
        now,
      });
      await syncMembers(tx, organizationId, now);
      return subscriptionDataOf(tx, organizationId);
    },
  );
}

export interface CancelOptions {
  db: Db;
  provider: PaymentProvider;
  account: BillingAccount;
  now?: Date;
}

async function setCancelAtPeriodEnd(
  { db, provider, account, now = new Date() }: CancelOptions,
  cancel: boolean,
) {
  const organizationId = requireOrganization(account);
  await assertFreshSecondStep(db, account.userId, account.sessionId);
  return db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, organizationId);
    if (!subscription || subscription.status === 'incomplete' || subscription.status === 'canceled') {
      throw new AppError(
        'BUSINESS_RULE',
        subscription ? 'Your subscription has already ended.' : SUBSCRIPTION_MESSAGES.noSubscription,
      );
    }
    if (subscription.cancelAtPeriodEnd === cancel) {
      throw new AppError(
        'BUSINESS_RULE',
        cancel
          ? 'Your subscription is already set to end with this period.'
          : 'Your subscription is not set to end, so there is nothing to resume.',
      );
    }
    if (
      subscription.provider === 'stripe' &&
      provider.name === 'stripe' &&
      subscription.providerSubscriptionId
    ) {
      await provider.stripe.subscriptions.update(subscription.providerSubscriptionId, {
        cancel_at_period_end: cancel,
      });
    }
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    const state = {
      status: subscription.status,
      planId: subscription.planId,
      interval: subscription.interval,
    };
    await recordChange({
      db: tx,
      subscriptionId: subscription.id,
      actorUserId: account.userId,
      kind: cancel ? 'cancel_scheduled' : 'resumed',
      from: state,
      to: state,
      detail: cancel ? `Ends on ${formatDay(subscription.currentPeriodEnd)}.` : 'Renews as usual.',
      now,
    });
    await syncMembers(tx, organizationId, now);
    return subscriptionDataOf(tx, organizationId);
  });
}

/** Cancels at the end of the paid period: everything keeps working until then. */
export function cancelSubscription(options: CancelOptions): Promise<TSubscriptionData> {
  return setCancelAtPeriodEnd(options, true);
}

/** Takes back a cancellation before the period ends. */
export function resumeSubscription(options: CancelOptions): Promise<TSubscriptionData> {
  return setCancelAtPeriodEnd(options, false);
}
