import type { TSession } from '@medhire/contract/account';
import { PASSKEY_MESSAGES, type TPasskeyAssertion } from '@medhire/contract/passkeys';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import type { TUserRow } from '../../db/schema/accounts.ts';
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
import { verifyPasskeyAssertion } from './second-factor/passkeys.ts';
import { type SecondFactorProof, secondStepMethodsFor } from './second-factor/second-factor.ts';
import { issueSecondStepTicket, passSecondStep } from './second-factor/second-step.ts';
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
export async function signIn({
  context,
  email,
  password,
  userAgent,
}: SignInOptions): Promise<TSession | TSecondStepChallenge> {
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

  // With a second factor on, the password alone opens no session: the second step does.
  const methods = await secondStepMethodsFor(db, user.id);
  if (methods.length > 0) return issueSecondStepTicket(db, user.id, methods, userAgent);

  return db.transaction(async (tx) => {
    await recordNewDeviceSignIn(tx, user, userAgent);
    return startSession(tx, user, userAgent, { factors: ['password'] });
  });
}

export type CompleteSecondStepOptions = SecondFactorProof & {
  context: AuthContext;
  ticket: string;
  userAgent: string | undefined;
};

/** Finishes an employer's sign-in with the code of its second factor: the session sign-in answers. */
export function completeSecondStep({ userAgent, ...options }: CompleteSecondStepOptions): Promise<TSession> {
  return passSecondStep({
    ...options,
    role: 'employer',
    openSession: async (tx, user, proof) => {
      await recordNewDeviceSignIn(tx, user, userAgent);
      return startSession(tx, user, userAgent, proof);
    },
  });
}

export interface SignInWithPasskeyOptions {
  context: AuthContext;
  credential: TPasskeyAssertion;
  userAgent: string | undefined;
}

/**
 * Signs an employer in with a passkey alone (a discoverable credential, user verification
 * required): the passkey is both factors, so the session counts as having just passed a second
 * step. A physician's passkey is refused as the password sign-in refuses a physician's password.
 */
export async function signInWithPasskey({
  context,
  credential,
  userAgent,
}: SignInWithPasskeyOptions): Promise<TSession> {
  return context.db.transaction(async (tx) => {
    const user = await verifyPasskeyAssertion(context, tx, credential, 'sign_in', null);
    assertPasskeyAccountUsable(user);
    if (user.role !== 'employer') throw physicianAccountRefusal();
    await recordNewDeviceSignIn(tx, user, userAgent);
    return startSession(tx, user, userAgent, { factors: ['passkey'], secondFactorAt: new Date() });
  });
}

/** A passkey of an archived, blocked or unconfirmed account opens nothing. */
export function assertPasskeyAccountUsable(user: TUserRow): void {
  if (user.archivedAt) {
    throw new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.notRecognised, { reason: 'PASSKEY_UNKNOWN' });
  }
  const refusal = accessRefusal(user);
  if (refusal) throw refusal;
  if (!user.emailVerifiedAt) {
    throw new AppError('FORBIDDEN', 'Confirm your e-mail address first.', { reason: 'EMAIL_NOT_VERIFIED' });
  }
}
