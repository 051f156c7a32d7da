import type { TSubscriptionStatus } from '@medhire/contract/account';
import type { TBillingInterval } from '@medhire/contract/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { subscriptionEvents, subscriptions } from '../../db/schema/billing.ts';
import { recordActivity } from '../team/record-activity.ts';
import { intervalWord } from './billing-period.ts';
import { PLANS } from './plan-data.ts';

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

type PlanState = NonNullable<RecordChangeOptions['from']>;

const planName = (state: PlanState) =>
  `${PLANS.find((plan) => plan._id === state.planId)?.name ?? state.planId} (${intervalWord(state.interval)})`;

/**
 * The activity log's line for a change of plan; null for the changes that leave the plan as it
 * is (renewals, payment retries, card updates), which the billing history keeps on its own.
 */
export function planChangeSummary(
  kind: SubscriptionEventKind,
  from: PlanState | null,
  to: PlanState,
  detail: string | undefined,
): string | null {
  switch (kind) {
    case 'subscribed':
      return `Subscribed to ${planName(to)}`;
    case 'upgraded':
      return from ? `Upgraded from ${planName(from)} to ${planName(to)}` : `Upgraded to ${planName(to)}`;
    case 'downgrade_scheduled':
      return from && from.planId === to.planId && from.interval === to.interval
        ? 'Withdrew the scheduled plan change'
        : `Scheduled a change to ${planName(to)}${detail ? `. ${detail}` : ''}`;
    case 'downgraded':
      return `The plan changed to ${planName(to)}`;
    case 'cancel_scheduled':
      return `Canceled the subscription${detail ? `. ${detail}` : ''}`;
    case 'resumed':
      return 'Resumed the subscription';
    case 'canceled':
      return 'The subscription ended';
    default:
      return null;
  }
}

/**
 * Every change of a subscription is kept: who, when, from, to. Changes of plan also go to the
 * organisation's activity log, in the same transaction.
 */
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
  const summary = planChangeSummary(kind, from, to, detail);
  if (!summary) return;
  const [subscription] = await db
    .select({ organizationId: subscriptions.organizationId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  if (!subscription) return;
  await recordActivity(db, {
    organizationId: subscription.organizationId,
    actorUserId,
    type: 'plan.changed',
    summary,
    subjectType: 'subscription',
    subjectId: subscriptionId,
    details: { kind, from, to },
    createdAt: now,
  });
}
