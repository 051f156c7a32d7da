import type { TSeats } from '@medhire/contract/team';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { teamInvitations } from '../../db/schema/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSubscription, loadPlans } from '../billing/subscription-view.ts';

/** Without a plan an organisation has its owner's seat only. */
const SEATS_WITHOUT_PLAN = 1;

/** Current members of the organisation: employer accounts attached to it and not deleted. */
export function memberConditions(organizationId: string) {
  return and(eq(users.organizationId, organizationId), eq(users.role, 'employer'), isNull(users.archivedAt));
}

/** Invitations still waiting for an answer that have not expired: each holds a seat. */
export function openInvitationConditions(organizationId: string, now: Date) {
  return and(
    eq(teamInvitations.organizationId, organizationId),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );
}

/**
 * Seats used (members plus open invitations) against the plan's seats, and the cheapest plan
 * with more seats, which the refusal and the Team page's upgrade action name.
 */
export async function seatsOf(db: Db, organizationId: string, now = new Date()): Promise<TSeats> {
  const [[members], [invitations], subscription, plans] = await Promise.all([
    db.select({ total: count() }).from(users).where(memberConditions(organizationId)),
    db.select({ total: count() }).from(teamInvitations).where(openInvitationConditions(organizationId, now)),
    findSubscription(db, organizationId),
    loadPlans(db),
  ]);
  const plan =
    subscription && subscription.status !== 'canceled' ? plans.get(subscription.planId) : undefined;
  const limit = plan?.seats ?? SEATS_WITHOUT_PLAN;
  const next = [...plans.values()]
    .filter((candidate) => candidate.seats > limit)
    .sort((left, right) => left.seats - right.seats || left.monthlyPriceCents - right.monthlyPriceCents)[0];
  return {
    used: (members?.total ?? 0) + (invitations?.total ?? 0),
    limit,
    planName: plan?.name ?? null,
    nextPlan: next ? { planId: next._id, planName: next.name, seats: next.seats } : null,
  };
}

/** Refuses (422) one more seat when every seat of the plan is taken, naming the plan that has more. */
export async function assertSeatAvailable(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const seats = await seatsOf(db, organizationId, now);
  if (seats.used < seats.limit) return;
  const current = seats.planName ? `Your ${seats.planName} plan` : 'Without a plan, your account';
  const upgrade = seats.nextPlan
    ? ` Upgrade to ${seats.nextPlan.planName} for ${seats.nextPlan.seats} seats, or cancel an invitation.`
    : ' Remove a member or cancel an invitation first.';
  throw new AppError(
    'BUSINESS_RULE',
    `${current} has ${seats.limit} team ${seats.limit === 1 ? 'seat' : 'seats'}, and all are taken.${upgrade}`,
    { reason: 'SEATS_FULL', seats },
  );
}
