import type { TAccountEmailData, TSendRecoveryOtpData, TVerifyRecoveryOtpData } from '@medhire/contract/auth';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderOtpMail } from '../mail/templates.ts';
import {
  consumeAccountToken,
  findLiveAccountToken,
  issueAccountToken,
  PASSWORD_RESET_VALID_MINUTES,
} from './account-tokens.ts';
import { findUserByEmail, findUserById } from './accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from './attempt-limiter.ts';
import type { AuthContext } from './context.ts';
import { consumeOtp, issueOtp, OTP_MESSAGES, OTP_VALID_MINUTES } from './one-time-codes.ts';
import { hashPassword } from './password-hash.ts';
import { assertPasswordIsNotEmail } from './password-policy.ts';
import { revokeUserSessions } from './sessions.ts';

export const RECOVERY_SENT_MESSAGE =
  'If an account uses this e-mail, we sent it a 6-digit code. It expires in 10 minutes.';

export interface SendRecoveryOtpOptions {
  context: AuthContext;
  email: string;
}

/**
 * Starts password recovery. The answer never tells whether the e-mail is registered: a code
 * is recorded for every e-mail (so checking it later behaves the same), but it is mailed only
 * to accounts that can sign in, and mailing happens in the background so timing tells nothing.
 */
export async function sendRecoveryOtp({
  context,
  email,
}: SendRecoveryOtpOptions): Promise<TSendRecoveryOtpData> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `recovery-send:${email}`, ACCOUNT_LIMITS.recoverySend);
  const code = await issueOtp(db, context.secret, email, 'recovery');
  const user = await findUserByEmail(db, email);
  const canRecover =
    user && !user.archivedAt && (user.accountStatus === 'approved' || user.accountStatus === 'pending');
  if (canRecover) {
    context.mailer.sendInBackground({ to: email, ...renderOtpMail('recovery', code, OTP_VALID_MINUTES) });
  }
  return { email };
}

export interface VerifyRecoveryOtpOptions {
  context: AuthContext;
  email: string;
  otp: string;
}

/** Trades a correct recovery code for a reset token good for 15 minutes and one password change. */
export async function verifyRecoveryOtp({
  context,
  email,
  otp,
}: VerifyRecoveryOtpOptions): Promise<TVerifyRecoveryOtpData> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `verify-otp:recovery:${email}`, ACCOUNT_LIMITS.verifyOtp);
  await consumeOtp(db, context.secret, email, 'recovery', otp);
  const user = await findUserByEmail(db, email);
  // Only reachable by guessing a code that was never mailed; answer as for any wrong code.
  if (!user || user.archivedAt) {
    throw new AppError('BUSINESS_RULE', OTP_MESSAGES.incorrect, { reason: 'OTP_INCORRECT' });
  }
  const { token, expiresAt } = await issueAccountToken(
    db,
    user.id,
    'password_reset',
    PASSWORD_RESET_VALID_MINUTES * 60_000,
  );
  return { resetToken: token, expiresAt: expiresAt.toISOString() };
}

export interface UpdatePasswordByOtpOptions {
  context: AuthContext;
  resetToken: string | undefined;
  password: string;
}

const RESET_EXPIRED = 'Your password reset has expired. Request a new code.';

/** Sets the new password with a reset token and ends every session of the account. */
export async function updatePasswordByOtp({
  context,
  resetToken,
  password,
}: UpdatePasswordByOtpOptions): Promise<TAccountEmailData & { userId: string }> {
  const { db } = context;
  if (!resetToken) {
    throw new AppError('UNAUTHENTICATED', 'Enter the code from your e-mail before choosing a new password.', {
      reason: 'RESET_TOKEN_MISSING',
    });
  }
  // Checked before hashing so a made-up token costs no hashing work.
  const live = await findLiveAccountToken(db, resetToken, 'password_reset');
  const owner = live && (await findUserById(db, live.userId));
  if (!owner || owner.archivedAt) {
    throw new AppError('UNAUTHENTICATED', RESET_EXPIRED, { reason: 'RESET_TOKEN_INVALID' });
  }
  assertPasswordIsNotEmail(password, owner.email, 'password');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if ((await consumeAccountToken(tx, resetToken, 'password_reset')) !== owner.id) {
      throw new AppError('UNAUTHENTICATED', RESET_EXPIRED, { reason: 'RESET_TOKEN_INVALID' });
    }
    await tx
      .update(users)
      .set({
        passwordHash,
        // Receiving the recovery code proved the mailbox, as registration's code would have.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, owner.id));
    await revokeUserSessions(tx, owner.id);
  });
  // The caller disconnects the ended sessions' sockets with the user's id.
  return { email: owner.email, userId: owner.id };
}
