import type { TInviteMemberBody, TTeamData, TTeamInvitation } from '@medhire/contract/team';
import { ROLE_LABELS, type TInvitableRole } from '@medhire/contract/team-roles';
import { and, asc, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, sessions, users } from '../../db/schema/accounts.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { totpFactors } from '../../db/schema/security.ts';
import { teamInvitations } from '../../db/schema/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { generateToken, hashToken } from '../auth/secret-token.ts';
import { INVITATION_VALID_DAYS, invitationLink, renderTeamInvitationMail } from './invitation-mail.ts';
import { memberName, memberNameSql } from './member-ref.ts';
import { recordActivity } from './record-activity.ts';
import { assertSeatAvailable, memberConditions, seatsOf } from './seats.ts';
import type { TeamActor, TeamContext } from './team-context.ts';

const DAY_MS = 24 * 60 * 60_000;

export function organizationOf(actor: TeamActor): string {
  if (!actor.organizationId) {
    throw new AppError('BUSINESS_RULE', 'Set up your organization profile before building your team.');
  }
  return actor.organizationId;
}

export function invitationNotFound(): AppError {
  return new AppError('NOT_FOUND', 'We could not find that invitation.');
}

/**
 * Admins manage recruiters and delegates; only the owner gives or takes the admin role, so an
 * admin cannot raise someone to their own level or remove a peer.
 */
export function assertMayManageRole(actor: TeamActor, role: TInvitableRole | 'owner'): void {
  if (role === 'admin' && actor.memberRole !== 'owner') {
    throw new AppError('FORBIDDEN_ROLE', 'Only the account owner can invite, change or remove admins.');
  }
}

/** Every given job must be one of the organisation's. */
export async function assertOrganizationJobs(db: Db, organizationId: string, jobIds: readonly string[]) {
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return ids;
  const found = ids.every(isUuid)
    ? await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.organizationId, organizationId), inArray(jobs.id, ids)))
    : [];
  if (found.length !== ids.length) {
    const message = 'Choose jobs of your organization for the delegate.';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'jobIds', in: 'body', message }]);
  }
  return ids;
}

/** The members (owner first, then by joining), pending invitations and seats of the organisation. */
export async function getTeam({ db, actor }: { db: Db; actor: TeamActor }): Promise<TTeamData> {
  const organizationId = organizationOf(actor);
  const now = new Date();
  const lastSeen = db
    .select({ userId: sessions.userId, lastSeenAt: max(sessions.lastSeenAt).as('last_seen_at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_seen');
  const assigned = db
    .select({ userId: jobs.assigneeUserId, total: sql<number>`count(*)::int`.as('assigned_total') })
    .from(jobs)
    .where(eq(jobs.organizationId, organizationId))
    .groupBy(jobs.assigneeUserId)
    .as('assigned');
  const members = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      memberRole: users.memberRole,
      createdAt: users.createdAt,
      lastSeenAt: lastSeen.lastSeenAt,
      assignedJobCount: assigned.total,
      totpConfirmedAt: totpFactors.confirmedAt,
    })
    .from(users)
    .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
    .leftJoin(assigned, eq(assigned.userId, users.id))
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .where(memberConditions(organizationId))
    .orderBy(sql`${users.memberRole} = 'owner' desc`, asc(users.createdAt));
  const [organization] = await db
    .select({ isTwoStepRequired: organizations.isTwoStepRequired })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  const invitations = await db
    .select({ invitation: teamInvitations, invitedByName: memberNameSql })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedByUserId))
    .where(
      and(
        eq(teamInvitations.organizationId, organizationId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .orderBy(desc(teamInvitations.sentAt));
  return {
    members: members.map((member) => ({
      _id: member.id,
      email: member.email,
      fullName: member.fullName,
      memberRole: member.memberRole,
      lastActiveAt: member.lastSeenAt ? new Date(member.lastSeenAt).toISOString() : null,
      joinedAt: member.createdAt.toISOString(),
      assignedJobCount: Number(member.assignedJobCount ?? 0),
      isTwoStepOn: member.totpConfirmedAt !== null,
    })),
    invitations: invitations.map(({ invitation, invitedByName }) =>
      toInvitationView(invitation, invitedByName, now),
    ),
    seats: await seatsOf(db, organizationId, now),
    isTwoStepRequired: organization?.isTwoStepRequired ?? false,
  };
}

function toInvitationView(
  invitation: typeof teamInvitations.$inferSelect,
  invitedByName: string | null,
  now: Date,
): TTeamInvitation {
  return {
    _id: invitation.id,
    email: invitation.email,
    role: invitation.role as TInvitableRole,
    jobIds: invitation.jobIds,
    invitedByName,
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    isExpired: invitation.expiresAt.getTime() <= now.getTime(),
  };
}

/** Mails the invitation link; called after the transaction that stored its token commits. */
async function mailInvitation(
  context: TeamContext,
  invitation: { email: string; role: TInvitableRole; organizationId: string },
  inviterUserId: string,
  token: string,
): Promise<void> {
  const [organization] = await context.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
    .limit(1);
  const [inviter] = await context.db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, inviterUserId))
    .limit(1);
  await context.mailer.send({
    to: invitation.email,
    ...renderTeamInvitationMail({
      organizationName: organization?.name ?? 'your organization',
      inviterName: inviter ? memberName(inviter) : 'A colleague',
      role: invitation.role,
      link: invitationLink(context.publicUrl, token),
    }),
  });
}

export interface InviteMemberOptions {
  context: TeamContext;
  actor: TeamActor;
  invitation: TInviteMemberBody;
}

/**
 * Invites a colleague by e-mail with a role (and, for a delegate, the jobs they work on). The
 * link carries a random token of which only the hash is stored; it works once, for 7 days. An
 * e-mail belongs to one organisation at a time (409), and members plus open invitations may not
 * exceed the plan's seats (422 naming the plan that has more).
 */
export async function inviteMember({ context, actor, invitation }: InviteMemberOptions): Promise<TTeamData> {
  const { db } = context;
  const organizationId = organizationOf(actor);
  assertMayManageRole(actor, invitation.role);
  const email = invitation.email;
  const token = generateToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    // One invitation at a time per organisation: seats are counted and taken under this lock.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const [existing] = await tx
      .select({ organizationId: users.organizationId, role: users.role, archivedAt: users.archivedAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (existing && !existing.archivedAt) {
      if (existing.organizationId === organizationId && existing.role === 'employer') {
        throw new AppError('CONFLICT', `${email} is already a member of your team.`);
      }
      if (existing.organizationId || existing.role !== 'employer') {
        throw new AppError(
          'CONFLICT',
          `${email} already belongs to another organization on MedHire. An e-mail address can belong to one organization at a time.`,
        );
      }
    }
    const [open] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.organizationId, organizationId),
          eq(teamInvitations.email, email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .limit(1);
    if (open) {
      throw new AppError('CONFLICT', `${email} is already invited. Resend the invitation instead.`);
    }
    await assertSeatAvailable(tx, organizationId, now);
    const jobIds =
      invitation.role === 'delegate'
        ? await assertOrganizationJobs(tx, organizationId, invitation.jobIds ?? [])
        : [];
    const [stored] = await tx
      .insert(teamInvitations)
      .values({
        organizationId,
        email,
        role: invitation.role,
        tokenHash: hashToken(token),
        invitedByUserId: actor.userId,
        jobIds,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
      })
      .returning({ id: teamInvitations.id });
    await recordActivity(tx, {
      organizationId,
      actorUserId: actor.userId,
      type: 'team.invited',
      summary: `Invited ${email} as ${ROLE_LABELS[invitation.role].toLowerCase()}`,
      subjectType: 'invitation',
      subjectId: stored?.id,
      details: { email, role: invitation.role, jobIds },
    });
  });
  await mailInvitation(context, { email, role: invitation.role, organizationId }, actor.userId, token);
  return getTeam({ db, actor });
}

/** The organisation's invitation that is neither accepted nor revoked, locked; 404 otherwise. */
async function lockPendingInvitation(tx: Db, organizationId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw invitationNotFound();
  const [invitation] = await tx
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.organizationId, organizationId)))
    .limit(1)
    .for('update');
  if (!invitation) throw invitationNotFound();
  if (invitation.acceptedAt)
    throw new AppError('CONFLICT', `${invitation.email} has already joined your team.`);
  if (invitation.revokedAt)
    throw new AppError('CONFLICT', 'This invitation was canceled. Invite them again.');
  return invitation;
}

export interface InvitationActionOptions {
  context: TeamContext;
  actor: TeamActor;
  invitationId: string;
}

/**
 * Sends the invitation again with a new token and 7 more days; the old link stops working. An
 * expired invitation takes a seat again, so seats are checked for it.
 */
export async function resendInvitation({
  context,
  actor,
  invitationId,
}: InvitationActionOptions): Promise<TTeamData> {
  const { db } = context;
  const organizationId = organizationOf(actor);
  const token = generateToken();
  const now = new Date();
  const invitation = await db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const pending = await lockPendingInvitation(tx, organizationId, invitationId);
    assertMayManageRole(actor, pending.role as TInvitableRole);
    if (pending.expiresAt.getTime() <= now.getTime()) await assertSeatAvailable(tx, organizationId, now);
    await tx
      .update(teamInvitations)
      .set({
        tokenHash: hashToken(token),
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
        invitedByUserId: actor.userId,
      })
      .where(eq(teamInvitations.id, pending.id));
    return pending;
  });
  await mailInvitation(
    context,
    { email: invitation.email, role: invitation.role as TInvitableRole, organizationId },
    actor.userId,
    token,
  );
  return getTeam({ db, actor });
}

/** Cancels a pending invitation: its link stops working and its seat is free again. */
export async function revokeInvitation({
  context,
  actor,
  invitationId,
}: InvitationActionOptions): Promise<TTeamData> {
  const { db } = context;
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    const pending = await lockPendingInvitation(tx, organizationId, invitationId);
    assertMayManageRole(actor, pending.role as TInvitableRole);
    await tx.update(teamInvitations).set({ revokedAt: new Date() }).where(eq(teamInvitations.id, pending.id));
    await recordActivity(tx, {
      organizationId,
      actorUserId: actor.userId,
      type: 'team.invitation_revoked',
      summary: `Canceled the invitation of ${pending.email}`,
      subjectType: 'invitation',
      subjectId: pending.id,
      details: { email: pending.email, role: pending.role },
    });
  });
  return getTeam({ db, actor });
}
