import type { TSession } from '@medhire/contract/account';
import { ZNewPassword } from '@medhire/contract/auth';
import type { TSessionFactor } from '@medhire/contract/security';
import { type TAcceptInvitationBody, TEAM_MESSAGES, type TInvitationPreview } from '@medhire/contract/team';
import { ROLE_LABELS, type TInvitableRole } from '@medhire/contract/team-roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { teamInvitations } from '../../db/schema/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { secondStepMethodsFor } from '../auth/second-factor/second-factor.ts';
import { hashToken, readAuthorizationToken } from '../auth/secret-token.ts';
import { forgetCachedUser } from '../auth/session-cache.ts';
import { findActiveSession, startSession } from '../auth/sessions.ts';
import { syncMembers } from '../billing/subscription-view.ts';
import { memberName } from './member-ref.ts';
import { recordActivity } from './record-activity.ts';

type TInvitationRow = typeof teamInvitations.$inferSelect;

/**
 * The invitation a token belongs to, if it can still be used: 404 for a token that was never
 * issued (or was replaced by a resend), 410 GONE for one used, cancelled or expired.
 */
function assertUsable(invitation: TInvitationRow | undefined, now: Date): TInvitationRow {
  if (!invitation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
  if (invitation.acceptedAt) throw new AppError('GONE', TEAM_MESSAGES.invitationUsed, { reason: 'USED' });
  if (invitation.revokedAt)
    throw new AppError('GONE', TEAM_MESSAGES.invitationRevoked, { reason: 'REVOKED' });
  if (invitation.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('GONE', TEAM_MESSAGES.invitationExpired, { reason: 'EXPIRED' });
  }
  return invitation;
}

async function findInvitationByToken(db: Db, token: string, isLocked = false) {
  const query = db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const [invitation] = isLocked ? await query.for('update') : await query;
  return invitation;
}

/** What the landing page shows: the organisation, the role, the e-mail and who invited. */
export async function previewInvitation({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<TInvitationPreview> {
  const invitation = assertUsable(await findInvitationByToken(db, token), new Date());
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
    .limit(1);
  const [inviter] = invitation.invitedByUserId
    ? await db
        .select({ fullName: users.fullName, email: users.email })
        .from(users)
        .where(eq(users.id, invitation.invitedByUserId))
        .limit(1)
    : [];
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, invitation.email))
    .limit(1);
  return {
    organizationName: organization?.name ?? 'Your organization',
    email: invitation.email,
    role: invitation.role as TInvitableRole,
    inviterName: inviter ? memberName(inviter) : null,
    expiresAt: invitation.expiresAt.toISOString(),
    hasAccount: account !== undefined,
  };
}

export interface AcceptInvitationOptions {
  db: Db;
  body: TAcceptInvitationBody;
  /** The Authorization header, when the invitee accepts while signed in to an existing account. */
  authorization: string | undefined;
  userAgent: string | undefined;
}

function anotherEmailRefusal(email: string): AppError {
  return new AppError(
    'FORBIDDEN',
    `This invitation is for ${email}. Sign out and open the link again, or ask for an invitation to your own address.`,
    { reason: 'INVITATION_FOR_ANOTHER_EMAIL' },
  );
}

/**
 * Joins the organisation through an invitation and answers a session like sign-in does. A new
 * account gives its name and a password; an existing account with no organisation proves it is
 * theirs with its password or a session. The account takes the role, is approved (the link
 * proved the e-mail), mirrors the organisation's subscription, and a delegate is given the jobs
 * of the invitation. The invitation is spent in the same transaction: a second use is refused.
 */
export async function acceptInvitation({
  db,
  body,
  authorization,
  userAgent,
}: AcceptInvitationOptions): Promise<TSession> {
  const now = new Date();
  const sessionToken = readAuthorizationToken(authorization);
  const signedIn = sessionToken ? await findActiveSession(db, sessionToken) : undefined;
  let joinedUserId: string | undefined;
  const session = await db.transaction(async (tx) => {
    const invitation = assertUsable(await findInvitationByToken(tx, body.token, true), now);
    const email = invitation.email;
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
    if (signedIn && signedIn.user.email !== email) throw anotherEmailRefusal(email);

    let userId: string;
    if (existing) {
      if (existing.archivedAt) {
        throw new AppError(
          'CONFLICT',
          'This e-mail belonged to a deleted account. Ask for an invitation to another address.',
        );
      }
      if (existing.organizationId === invitation.organizationId && existing.role === 'employer') {
        throw new AppError('CONFLICT', 'You are already a member of this team. Sign in instead.');
      }
      if (existing.organizationId || existing.role !== 'employer') {
        throw new AppError(
          'CONFLICT',
          `${email} already belongs to another organization on MedHire. An e-mail address can belong to one organization at a time.`,
        );
      }
      const isProven =
        signedIn?.user.id === existing.id ||
        (body.password !== undefined && (await verifyPassword(existing.passwordHash, body.password)));
      if (!isProven) {
        throw new AppError(
          'UNAUTHENTICATED',
          body.password === undefined
            ? 'You already have a MedHire account: enter its password to join.'
            : 'Incorrect password.',
        );
      }
      // A password is only half of an account with a second factor on: it joins from a session.
      if (signedIn?.user.id !== existing.id && (await secondStepMethodsFor(tx, existing.id)).length > 0) {
        throw new AppError(
          'FORBIDDEN',
          'Your account uses two-step sign-in. Sign in to MedHire first, then open the invitation link again.',
          { reason: 'SECOND_STEP_REQUIRED' },
        );
      }
      userId = existing.id;
      await tx
        .update(users)
        .set({
          fullName: body.fullName ?? existing.fullName,
          emailVerifiedAt: existing.emailVerifiedAt ?? now,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id));
    } else {
      // A new account needs a name and a password the policy accepts.
      const problems: { field: string; in: 'body'; message: string }[] = [];
      if (!body.fullName) problems.push({ field: 'fullName', in: 'body', message: 'Enter your full name.' });
      const password = ZNewPassword.safeParse(body.password);
      if (!password.success) {
        problems.push({
          field: 'password',
          in: 'body',
          message: password.error.issues[0]?.message ?? 'Enter a password.',
        });
      } else if (body.password?.trim().toLowerCase() === email) {
        problems.push({
          field: 'password',
          in: 'body',
          message: 'Your password cannot be your e-mail address.',
        });
      }
      const [problem] = problems;
      if (problem) throw new AppError('VALIDATION_FAILED', problem.message, problems);
      const [created] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: await hashPassword(body.password ?? ''),
          emailVerifiedAt: now,
          accountStatus: 'approved',
          fullName: body.fullName ?? null,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('The account was not stored.');
      userId = created.id;
    }

    await tx
      .update(users)
      .set({
        organizationId: invitation.organizationId,
        memberRole: invitation.role,
        accountStatus: 'approved',
        delegateAgreementAcceptedAt: null,
        // The onboarding steps were the owner's: a member joins an organisation already set up.
        currentProfileStep: 99,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    joinedUserId = userId;
    await syncMembers(tx, invitation.organizationId, now);
    // syncMembers approves only an active subscription's pending members; a member the team took
    // in is approved whatever the plan's state.
    await tx.update(users).set({ accountStatus: 'approved' }).where(eq(users.id, userId));
    if (invitation.role === 'delegate' && invitation.jobIds.length > 0) {
      await tx
        .update(jobs)
        .set({ assigneeUserId: userId })
        .where(and(eq(jobs.organizationId, invitation.organizationId), inArray(jobs.id, invitation.jobIds)));
    }
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedByUserId: userId })
      .where(eq(teamInvitations.id, invitation.id));
    await recordActivity(tx, {
      organizationId: invitation.organizationId,
      actorUserId: userId,
      type: 'team.member_joined',
      summary: `Joined the team as ${ROLE_LABELS[invitation.role].toLowerCase()}`,
      subjectType: 'member',
      subjectId: userId,
      details: { email, role: invitation.role },
    });
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new Error('The account vanished.');
    // The new session is proven as the one that joined, or by the password just given.
    const proof =
      signedIn?.user.id === user.id
        ? {
            factors: signedIn.session.factors as TSessionFactor[],
            secondFactorAt: signedIn.session.secondFactorAt ?? undefined,
          }
        : { factors: ['password' as const] };
    return startSession(tx, user, userAgent, proof);
  });
  // An account that joined from a session it already held has a new organisation and role: its
  // cached sessions on this instance must not answer the old ones.
  if (joinedUserId) forgetCachedUser(joinedUserId);
  return session;
}
