import { TEAM_MESSAGES, type TTeamData } from '@medhire/contract/team';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { passkeys, recoveryCodes, totpFactors } from '../../db/schema/security.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { queueAccountMail } from '../mail/account-mail.ts';
import { renderSecurityChangeMail } from '../mail/templates.ts';
import { getTeam, organizationOf } from './invitations.ts';
import { memberName } from './member-ref.ts';
import { recordActivity } from './record-activity.ts';
import { memberConditions } from './seats.ts';
import type { TeamActor } from './team-context.ts';

export const RESET_FACTORS_MESSAGES = {
  notSelf: 'You cannot reset your own two-step sign-in here. Use Settings, Security.',
  ownerOnlyByOwner: "Only an owner can reset the account owner's two-step sign-in.",
  noFactor: 'This member has no two-step sign-in to reset.',
  done: 'Two-step sign-in is reset. The member is signed out and can set it up again at their next sign-in.',
} as const;

/**
 * Removes every second factor of the account, in `tx`: the authenticator app and its recovery
 * codes. The one place that knows the kinds of factors, so a new kind (passkeys) is removed here
 * too. Answers whether there was any.
 */
export async function removeSecondFactors(tx: Db, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  // A set-up that was never confirmed goes too: it is no factor, and it must not linger.
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const removedPasskeys = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return removed.length > 0 || removedPasskeys.length > 0;
}

export interface ResetMemberFactorsOptions {
  db: Db;
  actor: TeamActor;
  /** The actor's session: the reset needs a fresh second step when the actor has a factor. */
  sessionId: string;
  userId: string;
}

/**
 * An owner or admin resets a member who lost their authenticator app (the owner's factors only by
 * another owner): the member's factors are removed, every session of theirs ends (the route
 * disconnects their sockets after the commit), the log records it and the member is mailed, the
 * mail queued in the same transaction. At their next sign-in the organisation's policy, if any,
 * takes them to enrolment.
 */
export async function resetMemberFactors({
  db,
  actor,
  sessionId,
  userId,
}: ResetMemberFactorsOptions): Promise<TTeamData> {
  const organizationId = organizationOf(actor);
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  await assertFreshSecondStep(db, actor.userId, sessionId);
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), memberConditions(organizationId)))
      .limit(1)
      .for('update');
    if (!member) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
    if (member.id === actor.userId) throw new AppError('BUSINESS_RULE', RESET_FACTORS_MESSAGES.notSelf);
    if (member.memberRole === 'owner' && actor.memberRole !== 'owner') {
      throw new AppError('FORBIDDEN_ROLE', RESET_FACTORS_MESSAGES.ownerOnlyByOwner);
    }
    if (!(await removeSecondFactors(tx, member.id))) {
      throw new AppError('BUSINESS_RULE', RESET_FACTORS_MESSAGES.noFactor, { reason: 'NO_SECOND_FACTOR' });
    }
    await revokeUserSessions(tx, member.id);
    await recordActivity(tx, {
      organizationId,
      actorUserId: actor.userId,
      type: 'team.member_factors_reset',
      summary: `Reset the two-step sign-in of ${memberName(member)}`,
      subjectType: 'member',
      subjectId: member.id,
      details: { email: member.email },
    });
    await queueAccountMail(tx, member.email, renderSecurityChangeMail('factors_reset'));
  });
  return getTeam({ db, actor });
}
