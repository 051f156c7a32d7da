import type { TPlan, TPlanFeature } from '@medhire/contract/subscription';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { matches } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { invitesFor } from './billing-period.ts';
import { PLANS } from './plan-data.ts';
import { findSubscription, loadPlan, lockSubscription } from './subscription-view.ts';

const FEATURE_NAMES: Record<TPlanFeature, { name: string; unlocks: string }> = {
  'global-connection': { name: 'Global Connection', unlocks: 'see matching physicians in every state' },
  'recommended-beyond-first-page': {
    name: 'Every page of recommended applicants',
    unlocks: 'see recommended applicants beyond the first page',
  },
};

/** The cheapest plan that includes the feature. */
function planWith(feature: TPlanFeature): TPlan | undefined {
  return PLANS.find((plan) => plan.features.includes(feature));
}

/** The next plan up, for the quota message. */
function nextPlanAfter(plan: TPlan): TPlan | undefined {
  const index = PLANS.findIndex((candidate) => candidate._id === plan._id);
  return index >= 0 ? PLANS[index + 1] : undefined;
}

export function quotaMessage(plan: TPlan, interval: 'month' | 'year', quota: number): string {
  const period = interval === 'year' ? 'this year' : 'this month';
  const next = nextPlanAfter(plan);
  const upgrade = next
    ? ` Upgrade to ${next.name} for ${invitesFor(next, interval)}.`
    : ' New invites arrive when the plan renews.';
  return `You have used all ${quota} invites of the ${plan.name} plan ${period}.${upgrade}`;
}

/**
 * Before an invite is stored: the organisation must hold a paying subscription (active, or
 * past_due during the grace period) with an invite left. Invites are spent when accepted
 * (spec §4), so invites still waiting for an answer count as reserved: 20 invites of a
 * 20-invite plan can all be pending, the 21st is refused. Locks the subscription row, so the
 * caller's transaction stores the invite without racing another. Answers 422 otherwise.
 */
export async function assertInviteAvailable(db: Db, organizationId: string): Promise<void> {
  const subscription = await lockSubscription(db, organizationId);
  if (!subscription || subscription.status === 'incomplete') {
    throw new AppError('BUSINESS_RULE', 'Choose a plan on the Payment page to send invites.');
  }
  if (subscription.status === 'canceled') {
    throw new AppError(
      'BUSINESS_RULE',
      'Your subscription has ended. Subscribe again on the Payment page to send invites.',
    );
  }
  const [pending] = await db
    .select({ total: count() })
    .from(matches)
    .where(and(eq(matches.organizationId, organizationId), eq(matches.status, 'pending')));
  if (subscription.invitesLeft - (pending?.total ?? 0) > 0) return;
  const plan = await loadPlan(db, subscription.planId);
  if (!plan) throw new Error(`Plan ${subscription.planId} is missing`);
  throw new AppError(
    'BUSINESS_RULE',
    quotaMessage(plan, subscription.interval, subscription.invitesPerPeriod),
  );
}

/** 403 naming the plan that includes the feature, unless the organisation's paying plan has it. */
export async function assertPlanFeature(
  db: Db,
  organizationId: string | null,
  feature: TPlanFeature,
): Promise<void> {
  const including = planWith(feature);
  const { name, unlocks } = FEATURE_NAMES[feature];
  const message = `${name} is part of the ${including?.name ?? 'higher'} plan. Upgrade to ${including?.name ?? 'a higher plan'} to ${unlocks}.`;
  if (!organizationId) throw new AppError('FORBIDDEN', message);
  const subscription = await findSubscription(db, organizationId);
  if (!subscription || (subscription.status !== 'active' && subscription.status !== 'past_due')) {
    throw new AppError('FORBIDDEN', message);
  }
  const plan = await loadPlan(db, subscription.planId);
  if (!plan?.features.includes(feature)) throw new AppError('FORBIDDEN', message);
}
