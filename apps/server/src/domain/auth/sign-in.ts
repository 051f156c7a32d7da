import type { TSession } from '@medhire/contract/account';
import { AppError } from '../../lib/app-error.ts';
import { renderOtpMail } from '../mail/templates.ts';
import { accessRefusal } from './account-access.ts';
import { findUserByEmail } from './accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from './attempt-limiter.ts';
import { physicianAccountRefusal } from './authenticate-session.ts';
import type { AuthContext } from './context.ts';
import { recordNewDeviceSignIn } from './new-device.ts';
import { issueOtp, OTP_VALID_MINUTES } from './one-time-codes.ts';
import { verifyPassword } from './password-hash.ts';
import { startSession } from './sessions.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect e-mail or password.';

export interface SignInOptions {
  context: AuthContext;
  email: string;
  password: string;
  userAgent: string | undefined;
}

/**
 * Signs in with e-mail and password. Wrong credentials and unknown e-mails get the same answer
 * in about the same time. Only someone who knows the password learns the account's state
 * (blocked, rejected, e-mail not confirmed).
 */
export async function signIn({ context, email, password, userAgent }: SignInOptions): Promise<TSession> {
  const { db, limiter } = context;
  // Every attempt counts up front, so a burst of parallel guesses is limited as well as a
  // sequence; a correct password clears the count.
  const attemptsKey = `login:${email}`;
  await spendAttempt(limiter, attemptsKey, ACCOUNT_LIMITS.login);

  const found = await findUserByEmail(db, email);
  const user = found?.archivedAt ? undefined : found;
  const isPasswordRight = await verifyPassword(user?.passwordHash, password);
  if (!user || !isPasswordRight) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS_MESSAGE);
  await limiter.reset(attemptsKey);

  const refusal = accessRefusal(user);
  if (refusal) throw refusal;
  // Physicians sign in on /api/employee; only the password's owner learns the account's kind.
  if (user.role !== 'employer') throw physicianAccountRefusal();

  if (!user.emailVerifiedAt) {
    const resend = await limiter.hit(`register:${email}`, ACCOUNT_LIMITS.register);
    if (resend.isAllowed) {
      const code = await issueOtp(db, context.secret, email, 'register');
      await context.mailer.send({ to: email, ...renderOtpMail('register', code, OTP_VALID_MINUTES) });
    }
    throw new AppError(
      'FORBIDDEN',
      `Confirm your e-mail address first: enter the 6-digit code we sent to ${email}.`,
      { reason: 'EMAIL_NOT_VERIFIED' },
    );
  }

  return db.transaction(async (tx) => {
    await recordNewDeviceSignIn(tx, user, userAgent);
    return startSession(tx, user, userAgent);
  });
}
