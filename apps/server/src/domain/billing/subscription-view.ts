import type { TSubscriptionMeta, TSubscriptionStatus } from '@medhire/contract/account';
import type { TPlan, TSubscription, TSubscriptionData } from '@medhire/contract/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { plans, subscriptions } from '../../db/schema/billing.ts';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;
export type TPlanRow = typeof plans.$inferSelect;

export function toPlanView(row: TPlanRow): TPlan {
  return {
    _id: row.id as TPlan['_id'],
    name: row.name,
    description: row.description,
    monthlyPriceCents: row.monthlyPriceCents,
    yearlyPriceCents: row.yearlyPriceCents,
    invitesPerPeriod: row.invitesPerPeriod,
    seats: row.seats,
    features: row.features,
    highlights: row.highlights,
  };
}

/** Every plan row by id, retired ones included (a subscription may still be on one). */
export async function loadPlans(db: Db): Promise<Map<string, TPlan>> {
  const rows = await db.select().from(plans).orderBy(plans.sortOrder);
  return new Map(rows.map((row) => [row.id, toPlanView(row)]));
}

export async function loadPlan(db: Db, planId: string): Promise<TPlan | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row ? toPlanView(row) : undefined;
}

export const EMPTY_SUBSCRIPTION_META: TSubscriptionMeta = {
  planId: null,
  planName: null,
  currentPeriodEnd: null,
  invitesLeft: 0,
};

export function toSubscriptionView(row: TSubscriptionRow, planById: Map<string, TPlan>): TSubscription {
  const plan = planById.get(row.planId);
  if (!plan) throw new Error(`Plan ${row.planId} of subscription ${row.id} is missing`);
  const pendingPlan = row.pendingPlanId ? planById.get(row.pendingPlanId) : undefined;
  return {
    _id: row.id,
    status: row.status,
    plan,
    interval: row.interval,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    invitesLeft: row.invitesLeft,
    invitesPerPeriod: row.invitesPerPeriod,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingChange:
      pendingPlan && row.pendingInterval
        ? {
            plan: pendingPlan,
            interval: row.pendingInterval,
            effectiveAt: row.currentPeriodEnd.toISOString(),
          }
        : null,
    paymentMethod: row.paymentMethod ?? null,
    provider: row.provider,
  };
}

export function subscriptionMetaOf(
  row: TSubscriptionRow | undefined,
  plan: TPlan | undefined,
): TSubscriptionMeta {
  if (!row || !plan) return EMPTY_SUBSCRIPTION_META;
  return {
    planId: plan._id,
    planName: plan.name,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    invitesLeft: row.status === 'canceled' ? 0 : row.invitesLeft,
  };
}

export async function findSubscription(
  db: Db,
  organizationId: string,
): Promise<TSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .limit(1);
  return row;
}

/** The organisation's subscription locked for the rest of the transaction. */
export async function lockSubscription(
  db: Db,
  organizationId: string,
): Promise<TSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Copies the organisation's subscription onto every member's `subscriptionStatus` and
 * `subscriptionMeta`, the fields sessions and sync-user-detail answer. Called in the same
 * transaction as every change of a subscription, so the two never disagree.
 */
export async function syncMembers(
  db: Db,
  organizationId: string,
  now: Date,
): Promise<{ subscriptionStatus: TSubscriptionStatus; subscriptionMeta: TSubscriptionMeta }> {
  const row = await findSubscription(db, organizationId);
  const plan = row ? await loadPlan(db, row.planId) : undefined;
  const subscriptionStatus: TSubscriptionStatus = row?.status ?? 'incomplete';
  const subscriptionMeta = subscriptionMetaOf(row, plan);
  await db
    .update(users)
    .set({ subscriptionStatus, subscriptionMeta, updatedAt: now })
    .where(eq(users.organizationId, organizationId));
  return { subscriptionStatus, subscriptionMeta };
}

/** The answer of get-subscription, change-plan, cancel and resume. */
export async function subscriptionDataOf(db: Db, organizationId: string | null): Promise<TSubscriptionData> {
  if (!organizationId) {
    return {
      subscription: null,
      subscriptionStatus: 'incomplete',
      subscriptionMeta: EMPTY_SUBSCRIPTION_META,
    };
  }
  const row = await findSubscription(db, organizationId);
  if (!row) {
    return {
      subscription: null,
      subscriptionStatus: 'incomplete',
      subscriptionMeta: EMPTY_SUBSCRIPTION_META,
    };
  }
  const planById = await loadPlans(db);
  return {
    subscription: toSubscriptionView(row, planById),
    subscriptionStatus: row.status,
    subscriptionMeta: subscriptionMetaOf(row, planById.get(row.planId)),
  };
}
