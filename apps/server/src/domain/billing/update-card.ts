import { cardLabel } from '@medhire/contract/billing-labels';
import {
  SUBSCRIPTION_MESSAGES,
  type TBillingPortalData,
  type TSubscriptionData,
  type TUpdateCardBody,
} from '@medhire/contract/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { type BillingAccount, requireOrganization } from './checkout.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { type RenewalMail, settleSubscription } from './run-due-renewals.ts';
import { attachSandboxCard } from './sandbox-cards.ts';
import { recordChange } from './subscription-history.ts';
import { findSubscription, lockSubscription, subscriptionDataOf, syncMembers } from './subscription-view.ts';

export interface UpdateCardOptions {
  db: Db;
  provider: PaymentProvider;
  account: BillingAccount;
  body: TUpdateCardBody;
  now?: Date;
  sendMail?: (mail: RenewalMail) => void;
}

/**
 * Replaces the sandbox card of a running subscription (active or past_due). A past_due one is
 * charged again at once with the new card, so paying the failed renewal does not wait for the
 * next retry. A declined card is 422 CARD_DECLINED and changes nothing. With Stripe the card is
 * changed in the Customer Portal instead (billingPortal).
 */
export async function updateCard({
  db,
  provider,
  account,
  body,
  now = new Date(),
  sendMail,
}: UpdateCardOptions): Promise<TSubscriptionData> {
  const organizationId = requireOrganization(account);
  await assertFreshSecondStep(db, account.userId, account.sessionId);
  if (provider.name !== 'sandbox') {
    throw new AppError('BUSINESS_RULE', 'Change your card in the billing portal.');
  }
  const mails: RenewalMail[] = [];
  const data = await db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, organizationId);
    if (!subscription || subscription.status === 'incomplete' || subscription.status === 'canceled') {
      throw new AppError(
        'BUSINESS_RULE',
        subscription ? SUBSCRIPTION_MESSAGES.notActive : SUBSCRIPTION_MESSAGES.noSubscription,
      );
    }
    const attached = attachSandboxCard(body.card, now);
    if (!attached.ok) throw new AppError('CARD_DECLINED', attached.message);
    const [updated] = await tx
      .update(subscriptions)
      .set({
        paymentMethod: attached.paymentMethod,
        providerPaymentMethodId: attached.paymentMethodId,
        // A past_due subscription is retried right away with the new card.
        ...(subscription.status === 'past_due' ? { nextRetryAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    const state = {
      status: subscription.status,
      planId: subscription.planId,
      interval: subscription.interval,
    };
    await recordChange({
      db: tx,
      subscriptionId: subscription.id,
      actorUserId: account.userId,
      kind: 'provider_update',
      from: state,
      to: state,
      detail: `Card changed to ${cardLabel(attached.paymentMethod)}.`,
      now,
    });
    if (updated && subscription.status === 'past_due') await settleSubscription(tx, updated, now, mails);
    await syncMembers(tx, organizationId, now);
    return subscriptionDataOf(tx, organizationId);
  });
  for (const mail of mails) sendMail?.(mail);
  return data;
}

/** The Stripe Customer Portal for the organisation's customer, where the card is changed. */
export async function billingPortal({
  db,
  provider,
  account,
  returnPath = '/manage-subscriptions',
}: {
  db: Db;
  provider: PaymentProvider;
  account: BillingAccount;
  returnPath?: string;
}): Promise<TBillingPortalData> {
  const organizationId = requireOrganization(account);
  // The portal changes the card: the same fresh second step as changing it here.
  await assertFreshSecondStep(db, account.userId, account.sessionId);
  if (provider.name !== 'stripe') {
    throw new AppError('BUSINESS_RULE', 'In the payment sandbox the card is changed on this page.');
  }
  const subscription = await findSubscription(db, organizationId);
  if (!subscription?.providerCustomerId)
    throw new AppError('BUSINESS_RULE', SUBSCRIPTION_MESSAGES.noSubscription);
  const session = await provider.stripe.billingPortal.sessions.create({
    customer: subscription.providerCustomerId,
    return_url: `${provider.publicUrl}${returnPath}`,
  });
  return { url: session.url };
}
