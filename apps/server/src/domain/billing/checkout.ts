import {
  SUBSCRIPTION_MESSAGES,
  type TCheckoutBody,
  type TCheckoutData,
  type TConfirmActionData,
} from '@medhire/contract/subscription';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { paymentActions } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { activateSubscription } from './activate-subscription.ts';
import { priceOf } from './billing-period.ts';
import { withIdempotency } from './idempotency.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { attachSandboxCard } from './sandbox-cards.ts';
import { loadPlan, lockSubscription } from './subscription-view.ts';

/** How long the sandbox's extra authentication step stays open. */
const ACTION_TTL_MS = 30 * 60 * 1000;

export interface BillingAccount {
  userId: string;
  organizationId: string | null;
  /** The caller's session: changes to the subscription and the card need a fresh second step. */
  sessionId: string;
}

export function requireOrganization(account: BillingAccount): string {
  if (!account.organizationId) {
    throw new AppError('BUSINESS_RULE', 'Set up your organization profile before choosing a plan.');
  }
  return account.organizationId;
}

export async function requirePlan(db: Db, planId: string) {
  const plan = await loadPlan(db, planId);
  if (!plan) throw new AppError('VALIDATION_FAILED', 'Choose Starter, Professional or Enterprise.');
  return plan;
}

export interface CheckoutOptions {
  db: Db;
  provider: PaymentProvider;
  account: BillingAccount;
  body: TCheckoutBody;
  idempotencyKey: string | undefined;
  now?: Date;
}

/**
 * The first payment of a plan (or the first after a cancellation). The sandbox charges the
 * card here and now (or asks for the extra authentication step); Stripe answers the URL of a
 * Checkout page and activates the subscription when its webhook reports the payment. An
 * organisation that already pays (active or past_due) changes its plan instead (409).
 */
export async function checkout({
  db,
  provider,
  account,
  body,
  idempotencyKey,
  now = new Date(),
}: CheckoutOptions): Promise<TCheckoutData> {
  const organizationId = requireOrganization(account);
  return withIdempotency(
    db,
    { organizationId, operation: 'checkout', key: idempotencyKey, now, request: body },
    async (tx) => {
      const existing = await lockSubscription(tx, organizationId);
      if (existing && (existing.status === 'active' || existing.status === 'past_due')) {
        throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed);
      }
      const plan = await requirePlan(tx, body.planId);

      if (provider.name === 'stripe') {
        const session = await provider.stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: organizationId,
            customer: existing?.providerCustomerId ?? undefined,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: priceOf(plan, body.interval),
                  recurring: { interval: body.interval },
                  product_data: { name: `MedHire ${plan.name}` },
                },
              },
            ],
            metadata: { organizationId, userId: account.userId, planId: plan._id, interval: body.interval },
            subscription_data: {
              metadata: { organizationId, planId: plan._id, interval: body.interval },
            },
            success_url: `${provider.publicUrl}/home?checkout=success`,
            cancel_url: `${provider.publicUrl}/payment?checkout=canceled`,
          },
          idempotencyKey ? { idempotencyKey: `checkout-${organizationId}-${idempotencyKey}` } : undefined,
        );
        if (!session.url)
          throw new AppError('UNAVAILABLE', 'Stripe did not open a payment page. Please try again.');
        return { status: 'redirect' as const, url: session.url };
      }

      if (!body.card) throw new AppError('VALIDATION_FAILED', SUBSCRIPTION_MESSAGES.cardRequired);
      const attached = attachSandboxCard(body.card, now);
      if (!attached.ok) throw new AppError('CARD_DECLINED', attached.message);

      if (attached.behavior === 'requires_authentication') {
        const [action] = await tx
          .insert(paymentActions)
          .values({
            organizationId,
            userId: account.userId,
            planId: plan._id,
            interval: body.interval,
            paymentMethod: attached.paymentMethod,
            providerPaymentMethodId: attached.paymentMethodId,
            createdAt: now,
            expiresAt: new Date(now.getTime() + ACTION_TTL_MS),
          })
          .returning({ id: paymentActions.id });
        if (!action) throw new Error('The payment step was not stored');
        return { status: 'requires_action' as const, actionId: action.id, subscription: null };
      }

      const activated = await activateSubscription({
        db: tx,
        organizationId,
        actorUserId: account.userId,
        plan,
        interval: body.interval,
        paymentMethod: attached.paymentMethod,
        provider: 'sandbox',
        providerPaymentMethodId: attached.paymentMethodId,
        now,
        issueInvoice: true,
      });
      return paidResult(activated);
    },
  );
}

function paidResult(activated: Awaited<ReturnType<typeof activateSubscription>>) {
  if (!activated.subscription || !activated.invoice) throw new Error('The subscription was not activated');
  return {
    status: 'succeeded' as const,
    subscription: activated.subscription,
    subscriptionStatus: activated.subscriptionStatus,
    subscriptionMeta: activated.subscriptionMeta,
    invoice: activated.invoice,
  };
}

export interface ConfirmActionOptions {
  db: Db;
  account: BillingAccount;
  actionId: string;
  approve: boolean;
  now?: Date;
}

/**
 * The card holder completes (approve) or abandons the sandbox's extra authentication step of a
 * checkout. Approving pays as a plain checkout does; abandoning closes the step (422).
 */
export async function confirmAction({
  db,
  account,
  actionId,
  approve,
  now = new Date(),
}: ConfirmActionOptions): Promise<TConfirmActionData> {
  const organizationId = requireOrganization(account);
  if (!isUuid(actionId)) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.actionNotFound);
  const outcome = await db.transaction(async (tx) => {
    const [action] = await tx
      .select()
      .from(paymentActions)
      .where(and(eq(paymentActions.id, actionId), eq(paymentActions.organizationId, organizationId)))
      .limit(1)
      .for('update');
    if (!action) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.actionNotFound);
    if (action.status !== 'pending' || action.expiresAt <= now) {
      throw new AppError('BUSINESS_RULE', 'This payment step is closed. Start the payment again.');
    }
    if (!approve) {
      await tx.update(paymentActions).set({ status: 'abandoned' }).where(eq(paymentActions.id, actionId));
      return { abandoned: true as const };
    }
    const existing = await lockSubscription(tx, organizationId);
    if (existing && (existing.status === 'active' || existing.status === 'past_due')) {
      throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed);
    }
    await tx.update(paymentActions).set({ status: 'succeeded' }).where(eq(paymentActions.id, actionId));
    const activated = await activateSubscription({
      db: tx,
      organizationId,
      actorUserId: account.userId,
      plan: await requirePlan(tx, action.planId),
      interval: action.interval,
      paymentMethod: action.paymentMethod,
      provider: 'sandbox',
      providerPaymentMethodId: action.providerPaymentMethodId,
      now,
      issueInvoice: true,
    });
    return { abandoned: false as const, result: paidResult(activated) };
  });
  if (outcome.abandoned)
    throw new AppError('CARD_DECLINED', SUBSCRIPTION_MESSAGES.authenticationNotCompleted);
  return outcome.result;
}
