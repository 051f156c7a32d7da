import type { TTeamData } from '@medhire/contract/team';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, sessions, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertFreshSecondStep, secondStepMethodsFor } from '../auth/second-factor/second-factor.ts';
import { forgetCachedUser } from '../auth/session-cache.ts';
import { getTeam, organizationOf } from './invitations.ts';
import { recordActivity } from './record-activity.ts';
import type { TeamActor } from './team-context.ts';

export const TWO_STEP_POLICY_MESSAGES = {
  ownerOnly: 'Only the account owner can require two-step sign-in.',
  ownerNeedsFactor:
    'Turn on two-step sign-in for your own account first (Settings, Security), then require it for your team.',
  required: 'Two-step sign-in is now required. Members without it set it up at their next sign-in.',
  notRequired: 'Two-step sign-in is no longer required for your team.',
} as const;

export interface UpdateTwoStepPolicyOptions {
  db: Db;
  actor: TeamActor;
  sessionId: string;
  isTwoStepRequired: boolean;
}

/**
 * The owner requires (or stops requiring) a second factor of every member. Either way it needs a
 * fresh second step, and requiring it needs the owner's own factor, so the owner cannot lock the
 * team behind a rule they do not follow. Members without a factor are held to enrolment at their
 * next sign-in (domain/auth/two-step-policy.ts); sessions already open are left alone. Turning it
 * off frees the sessions that were waiting to enrol.
 */
export async function updateTwoStepPolicy({
  db,
  actor,
  sessionId,
  isTwoStepRequired,
}: UpdateTwoStepPolicyOptions): Promise<TTeamData> {
  const organizationId = organizationOf(actor);
  if (actor.memberRole !== 'owner') throw new AppError('FORBIDDEN_ROLE', TWO_STEP_POLICY_MESSAGES.ownerOnly);
  await assertFreshSecondStep(db, actor.userId, sessionId);
  if (isTwoStepRequired && (await secondStepMethodsFor(db, actor.userId)).length === 0) {
    throw new AppError('BUSINESS_RULE', TWO_STEP_POLICY_MESSAGES.ownerNeedsFactor, {
      reason: 'OWNER_HAS_NO_SECOND_FACTOR',
    });
  }
  const freed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isTwoStepRequired: organizations.isTwoStepRequired })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!before || before.isTwoStepRequired === isTwoStepRequired) return [];
    await tx
      .update(organizations)
      .set({ isTwoStepRequired, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    await recordActivity(tx, {
      organizationId,
      actorUserId: actor.userId,
      type: 'team.two_step_policy_changed',
      summary: isTwoStepRequired
        ? 'Required two-step sign-in for every member'
        : 'Stopped requiring two-step sign-in',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { isTwoStepRequired },
    });
    if (isTwoStepRequired) return [];
    const members = tx.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
    return tx
      .update(sessions)
      .set({ enrolmentRequired: false })
      .where(and(eq(sessions.enrolmentRequired, true), inArray(sessions.userId, members)))
      .returning({ userId: sessions.userId });
  });
  for (const userId of new Set(freed.map((row) => row.userId))) forgetCachedUser(userId);
  return getTeam({ db, actor });
}
