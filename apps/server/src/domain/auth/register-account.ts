import type { TSession } from '@medhire/contract/account';
import type { TRegisterData } from '@medhire/contract/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderOtpMail } from '../mail/templates.ts';
import { accessRefusal } from './account-access.ts';
import { findUserByEmail } from './accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from './attempt-limiter.ts';
import type { AuthContext } from './context.ts';
import { consumeOtp, issueOtp, OTP_VALID_MINUTES } from './one-time-codes.ts';
import { hashPassword } from './password-hash.ts';
import { startSession } from './sessions.ts';

export interface RegisterAccountOptions {
  context: AuthContext;
  email: string;
  password: string;
  /** The owner's own name; kept from an earlier attempt when this one leaves it out. */
  fullName?: string | undefined;
}

function alreadyRegistered(isUnclaimedPractice: boolean): AppError {
  return new AppError(
    'CONFLICT',
    isUnclaimedPractice
      ? 'This e-mail belongs to a practice listed on MedHire. Claim the practice to sign in.'
      : 'An account with this e-mail already exists. Sign in, or recover your password.',
  );
}

/**
 * Creates a pending employer account and e-mails it a code. Registering again before the
 * code was entered replaces the password and sends a new code: only the owner of the mailbox
 * can finish either attempt.
 */
export async function registerAccount({
  context,
  email,
  password,
  fullName,
}: RegisterAccountOptions): Promise<TRegisterData> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `register:${email}`, ACCOUNT_LIMITS.register);

  const existing = await findUserByEmail(db, email);
  if (existing && (existing.emailVerifiedAt || existing.accountStatus !== 'pending' || existing.archivedAt)) {
    throw alreadyRegistered(existing.accountStatus === 'draft');
  }

  const passwordHash = await hashPassword(password);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, ...(fullName ? { fullName } : {}), updatedAt: new Date() })
      .where(eq(users.id, existing.id));
  } else {
    const [created] = await db
      .insert(users)
      .values({ email, passwordHash, fullName: fullName ?? null, accountStatus: 'pending' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Lost a race with a simultaneous registration of the same e-mail.
    if (!created) throw alreadyRegistered(false);
  }

  const code = await issueOtp(db, context.secret, email, 'register');
  await context.mailer.send({ to: email, ...renderOtpMail('register', code, OTP_VALID_MINUTES) });
  return { email };
}

export interface VerifyRegistrationOptions {
  context: AuthContext;
  email: string;
  otp: string;
  userAgent: string | undefined;
}

/** Confirms the e-mail with the registration code and signs the new employer in. */
export async function verifyRegistration({
  context,
  email,
  otp,
  userAgent,
}: VerifyRegistrationOptions): Promise<TSession> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `verify-otp:register:${email}`, ACCOUNT_LIMITS.verifyOtp);
  await consumeOtp(db, context.secret, email, 'register', otp);

  const user = await findUserByEmail(db, email);
  if (!user || user.archivedAt) {
    throw new AppError('NOT_FOUND', 'There is no account waiting for this code. Register again.');
  }
  const refusal = accessRefusal(user);
  if (refusal) throw refusal;
  const [verified] = await db
    .update(users)
    .set({ emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return startSession(db, verified ?? user, userAgent);
}
