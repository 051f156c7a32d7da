import type { TSession } from '@medhire/contract/account';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { completeOrganizationClaim } from '../organizations/claim-organization.ts';
import { consumeAccountToken, findLiveAccountToken } from './account-tokens.ts';
import { findUserById } from './accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from './attempt-limiter.ts';
import type { AuthContext } from './context.ts';
import { hashPassword } from './password-hash.ts';
import { forgetCachedUser } from './session-cache.ts';
import { revokeUserSessions, startSession } from './sessions.ts';

export interface SetPasswordOptions {
  context: AuthContext;
  email: string;
  password: string;
  token?: string | undefined;
  userAgent: string | undefined;
}

const LINK_NEEDED =
  'Open the link in the e-mail we sent when you claimed your practice to set your password.';
const LINK_DEAD = 'This link has expired or was already used. Claim your practice again to get a new one.';

/**
 * The first password of a claimed practice's account. The e-mailed set-password token proves
 * the claimant reads that mailbox; without it nobody can set a password by e-mail alone.
 */
export async function setPassword({
  context,
  email,
  password,
  token,
  userAgent,
}: SetPasswordOptions): Promise<TSession> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `set-password:${email}`, ACCOUNT_LIMITS.setPassword);
  if (!token) throw new AppError('BUSINESS_RULE', LINK_NEEDED, { reason: 'SET_PASSWORD_TOKEN_MISSING' });

  const live = await findLiveAccountToken(db, token, 'set_password');
  const owner = live && (await findUserById(db, live.userId));
  if (!owner || owner.archivedAt)
    throw new AppError('BUSINESS_RULE', LINK_DEAD, { reason: 'SET_PASSWORD_TOKEN_INVALID' });
  if (owner.email !== email) {
    throw new AppError(
      'BUSINESS_RULE',
      'This link was sent to another e-mail address. Use the address you claimed the practice with.',
      {
        reason: 'SET_PASSWORD_EMAIL_MISMATCH',
      },
    );
  }
  if (owner.accountStatus === 'block' || owner.accountStatus === 'rejected') {
    throw new AppError('FORBIDDEN', 'This account cannot sign in. Contact MedHire support.', {
      reason: owner.accountStatus === 'block' ? 'ACCOUNT_BLOCKED' : 'ACCOUNT_REJECTED',
    });
  }

  const passwordHash = await hashPassword(password);
  const updated = await db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, token, 'set_password');
    if (userId !== owner.id)
      throw new AppError('BUSINESS_RULE', LINK_DEAD, { reason: 'SET_PASSWORD_TOKEN_INVALID' });
    await revokeUserSessions(tx, owner.id);
    if (owner.accountStatus === 'draft' && owner.organizationId) {
      await completeOrganizationClaim(tx, owner.id, owner.organizationId);
    }
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        // A claimed practice leaves draft and starts onboarding like a new registration.
        accountStatus: owner.accountStatus === 'draft' ? 'pending' : owner.accountStatus,
        updatedAt: new Date(),
      })
      .where(eq(users.id, owner.id))
      .returning();
    return row;
  });
  if (!updated) throw new AppError('BUSINESS_RULE', LINK_DEAD, { reason: 'SET_PASSWORD_TOKEN_INVALID' });
  // The ended sessions are gone from this instance's cache from the commit on, not only from the notification.
  forgetCachedUser(owner.id);
  return startSession(db, updated, userAgent);
}
