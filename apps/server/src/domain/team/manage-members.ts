import type { TUser } from '@medhire/contract/account';
import { type TChangeRoleBody, TEAM_MESSAGES, type TTeamData } from '@medhire/contract/team';
import { ROLE_LABELS } from '@medhire/contract/team-roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { type TUserRow, users } from '../../db/schema/accounts.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { toUserView } from '../auth/accounts-repository.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { forgetCachedUser } from '../auth/session-cache.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { EMPTY_SUBSCRIPTION_META } from '../billing/subscription-view.ts';
import { assertMayManageRole, assertOrganizationJobs, getTeam, organizationOf } from './invitations.ts';
import { memberName } from './member-ref.ts';
import { recordActivity } from './record-activity.ts';
import { memberConditions } from './seats.ts';
import type { TeamActor } from './team-context.ts';

function memberNotFound(): AppError {
  return new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
}

/** A current member of the actor's organisation, locked; 404 for anyone else. */
async function lockMember(tx: Db, organizationId: string, userId: string): Promise<TUserRow> {
  if (!isUuid(userId)) throw memberNotFound();
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), memberConditions(organizationId)))
    .limit(1)
    .for('update');
  if (!member) throw memberNotFound();
  return member;
}

/** Nobody changes their own place in the team, and the owner's place only moves by a transfer. */
function assertChangeable(actor: TeamActor, member: TUserRow, verb: string): void {
  if (member.id === actor.userId) {
    throw new AppError('BUSINESS_RULE', `You cannot ${verb} yourself. Ask the owner or another admin.`);
  }
  if (member.memberRole === 'owner') {
    throw new AppError(
      'BUSINESS_RULE',
      `You cannot ${verb} the account owner. The owner can transfer ownership to another member first.`,
    );
  }
  assertMayManageRole(actor, member.memberRole);
}

export interface ChangeRoleOptions {
  db: Db;
  actor: TeamActor;
  userId: string;
  change: TChangeRoleBody;
}

/**
 * Gives a member another role (admin, recruiter, delegate). Only the owner gives or takes the
 * admin role; the owner's role changes only by transferring ownership. A member made a delegate
 * is given the chosen jobs and must accept the Delegate Access agreement at their next request.
 */
export async function changeMemberRole({ db, actor, userId, change }: ChangeRoleOptions): Promise<TTeamData> {
  const organizationId = organizationOf(actor);
  assertMayManageRole(actor, change.role);
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, organizationId, userId);
    assertChangeable(actor, member, 'change the role of');
    const jobIds =
      change.role === 'delegate' ? await assertOrganizationJobs(tx, organizationId, change.jobIds ?? []) : [];
    await tx
      .update(users)
      .set({
        memberRole: change.role,
        // The agreement binds delegates: becoming one asks for it again.
        ...(change.role === 'delegate' && member.memberRole !== 'delegate'
          ? { delegateAgreementAcceptedAt: null }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id));
    if (jobIds.length > 0) {
      await tx
        .update(jobs)
        .set({ assigneeUserId: member.id })
        .where(and(eq(jobs.organizationId, organizationId), inArray(jobs.id, jobIds)));
    }
    if (member.memberRole !== change.role) {
      await recordActivity(tx, {
        organizationId,
        actorUserId: actor.userId,
        type: 'team.role_changed',
        summary: `Changed ${memberName(member)} from ${ROLE_LABELS[member.memberRole].toLowerCase()} to ${ROLE_LABELS[change.role].toLowerCase()}`,
        subjectType: 'member',
        subjectId: member.id,
        details: { from: member.memberRole, to: change.role, jobIds },
      });
    }
  });
  // The member's next request, on this instance too, must see the new role.
  forgetCachedUser(userId);
  return getTeam({ db, actor });
}

export interface MemberActionOptions {
  db: Db;
  actor: TeamActor;
  /** The actor's session: removing a member and transferring ownership need a fresh second step. */
  sessionId: string;
  userId: string;
}

/**
 * Takes a member off the team: their sessions end at once (the route disconnects their sockets
 * after the commit), they leave the organisation, and the jobs and applicants they looked after
 * pass to whoever removed them. Their account row stays, so their past messages, pipeline moves
 * and log entries keep their name.
 */
export async function removeMember({
  db,
  actor,
  sessionId,
  userId,
}: MemberActionOptions): Promise<TTeamData> {
  const organizationId = organizationOf(actor);
  await assertFreshSecondStep(db, actor.userId, sessionId);
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, organizationId, userId);
    assertChangeable(actor, member, 'remove');
    const now = new Date();
    await tx
      .update(users)
      .set({
        organizationId: null,
        memberRole: 'owner',
        delegateAgreementAcceptedAt: null,
        subscriptionStatus: 'incomplete',
        subscriptionMeta: EMPTY_SUBSCRIPTION_META,
        updatedAt: now,
      })
      .where(eq(users.id, member.id));
    await revokeUserSessions(tx, member.id);
    await tx
      .update(jobs)
      .set({ assigneeUserId: actor.userId })
      .where(and(eq(jobs.organizationId, organizationId), eq(jobs.assigneeUserId, member.id)));
    await tx
      .update(applications)
      .set({ assigneeUserId: actor.userId })
      .where(
        and(eq(applications.organizationId, organizationId), eq(applications.assigneeUserId, member.id)),
      );
    await recordActivity(tx, {
      organizationId,
      actorUserId: actor.userId,
      type: 'team.member_removed',
      summary: `Removed ${memberName(member)} (${ROLE_LABELS[member.memberRole].toLowerCase()}) from the team`,
      subjectType: 'member',
      subjectId: member.id,
      details: { email: member.email, role: member.memberRole },
    });
  });
  forgetCachedUser(userId);
  return getTeam({ db, actor });
}

/**
 * Hands the organisation to another member (not a delegate: an outside recruiter cannot own the
 * practice's account). They become the owner; the previous owner stays on as an admin.
 */
export async function transferOwnership({
  db,
  actor,
  sessionId,
  userId,
}: MemberActionOptions): Promise<TTeamData> {
  const organizationId = organizationOf(actor);
  if (actor.memberRole !== 'owner') {
    throw new AppError('FORBIDDEN_ROLE', 'Only the account owner can transfer ownership.');
  }
  await assertFreshSecondStep(db, actor.userId, sessionId);
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, organizationId, userId);
    if (member.id === actor.userId) throw new AppError('BUSINESS_RULE', 'You already own this account.');
    if (member.memberRole === 'delegate') {
      throw new AppError(
        'BUSINESS_RULE',
        'A delegate cannot own the account. Make them an admin or a recruiter first.',
      );
    }
    const now = new Date();
    await tx.update(users).set({ memberRole: 'owner', updatedAt: now }).where(eq(users.id, member.id));
    await tx.update(users).set({ memberRole: 'admin', updatedAt: now }).where(eq(users.id, actor.userId));
    await recordActivity(tx, {
      organizationId,
      actorUserId: actor.userId,
      type: 'team.ownership_transferred',
      summary: `Transferred ownership of the account to ${memberName(member)}`,
      subjectType: 'member',
      subjectId: member.id,
      details: { from: actor.userId, to: member.id },
    });
  });
  forgetCachedUser(userId);
  forgetCachedUser(actor.userId);
  return getTeam({ db, actor: { ...actor, memberRole: 'admin' } });
}

/** A delegate accepts the Delegate Access agreement; answers the account as the session shows it. */
export async function acceptDelegateAgreement({ db, userId }: { db: Db; userId: string }): Promise<TUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  if (user.memberRole !== 'delegate') {
    throw new AppError('BUSINESS_RULE', 'Only delegates accept the Delegate Access agreement.');
  }
  if (user.delegateAgreementAcceptedAt) return toUserView(user);
  const [accepted] = await db
    .update(users)
    .set({ delegateAgreementAcceptedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  forgetCachedUser(userId);
  return toUserView(accepted ?? user);
}
