import type { TSubscriptionStatus } from '@medhire/contract/account';
import type { TBillingInterval } from '@medhire/contract/subscription';
import type { Db } from '../../db/index.ts';
import { subscriptionEvents } from '../../db/schema/billing.ts';

export type SubscriptionEventKind =
  | 'subscribed'
  | 'renewed'
  | 'renewal_failed'
  | 'payment_retried'
  | 'upgraded'
  | 'downgrade_scheduled'
  | 'downgraded'
  | 'cancel_scheduled'
  | 'resumed'
  | 'canceled'
  | 'provider_update';

export interface RecordChangeOptions {
  db: Db;
  subscriptionId: string;
  /** Null when the system made the change (renewals, retries, provider events). */
  actorUserId: string | null;
  kind: SubscriptionEventKind;
  from: { status: TSubscriptionStatus; planId: string; interval: TBillingInterval } | null;
  to: { status: TSubscriptionStatus; planId: string; interval: TBillingInterval };
  detail?: string;
  now: Date;
}

/** Every change of a subscription is kept: who, when, from, to. */
export async function recordChange({
  db,
  subscriptionId,
  actorUserId,
  kind,
  from,
  to,
  detail,
  now,
}: RecordChangeOptions) {
  await db.insert(subscriptionEvents).values({
    subscriptionId,
    actorUserId,
    kind,
    fromStatus: from?.status ?? null,
    toStatus: to.status,
    fromPlanId: from?.planId ?? null,
    toPlanId: to.planId,
    fromInterval: from?.interval ?? null,
    toInterval: to.interval,
    detail: detail ?? null,
    createdAt: now,
  });
}
