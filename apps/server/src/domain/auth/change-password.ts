import type { TAccountEmailData } from '@medhire/contract/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById } from './accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from './attempt-limiter.ts';
import type { AuthContext } from './context.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertPasswordIsNotEmail } from './password-policy.ts';
import { assertFreshSecondStep } from './second-factor/second-factor.ts';
import { revokeUserSessions } from './sessions.ts';

export interface ChangePasswordOptions {
  context: AuthContext;
  userId: string;
  sessionId: string;
  oldPassword: string;
  newPassword: string;
}

/** Changes the password of a signed-in employer; every other session of the account ends. */
export async function changePassword({
  context,
  userId,
  sessionId,
  oldPassword,
  newPassword,
}: ChangePasswordOptions): Promise<TAccountEmailData> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `change-password:${userId}`, ACCOUNT_LIMITS.changePassword);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  await assertFreshSecondStep(db, userId, sessionId);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError('BUSINESS_RULE', 'Your current password is not correct.', {
      reason: 'OLD_PASSWORD_INCORRECT',
    });
  }
  assertPasswordIsNotEmail(newPassword, user.email, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, sessionId);
  });
  return { email: user.email };
}
