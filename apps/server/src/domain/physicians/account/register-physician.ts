import { PHYSICIAN_ACCOUNT_MESSAGES, type TPhysicianRegisterData } from '@medhire/contract/physician-account';
import {
  PHYSICIAN_MESSAGES,
  type TPhysicianRegisterBody,
  type TPhysicianSession,
} from '@medhire/contract/physicians';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/accounts.ts';
import { physicians } from '../../../db/schema/physicians.ts';
import { AppError } from '../../../lib/app-error.ts';
import { accessRefusal } from '../../auth/account-access.ts';
import { findUserByEmail } from '../../auth/accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from '../../auth/attempt-limiter.ts';
import type { AuthContext } from '../../auth/context.ts';
import { consumeOtp, issueOtp, OTP_VALID_MINUTES } from '../../auth/one-time-codes.ts';
import { hashPassword } from '../../auth/password-hash.ts';
import { createSession } from '../../auth/sessions.ts';
import { renderOtpMail } from '../../mail/templates.ts';
import { createPhysicianAccounts } from '../create-physician-accounts.ts';
import { getPhysicianProfile } from '../get-physician-profile.ts';
import { searchNameOf } from '../physician-profile.ts';

export interface RegisterPhysicianOptions extends TPhysicianRegisterBody {
  context: AuthContext;
}

/** Whether the account is a physician's whose e-mail was never confirmed (sign-up not finished). */
function isAwaitingConfirmation(user: Awaited<ReturnType<typeof findUserByEmail>>): boolean {
  return Boolean(user && user.role === 'physician' && !user.emailVerifiedAt && !user.archivedAt);
}

async function mailSignUpCode(context: AuthContext, email: string): Promise<void> {
  const code = await issueOtp(context.db, context.secret, email, 'register');
  await context.mailer.send({ to: email, ...renderOtpMail('register', code, OTP_VALID_MINUTES) });
}

/**
 * Creates a physician account waiting for its e-mail to be confirmed and mails it a 6-digit
 * code, as employer registration does. Registering again before the code was entered replaces
 * the password and names and sends a new code: only the owner of the mailbox can finish either
 * attempt. Any other account on the e-mail is refused with 409.
 */
export async function registerPhysician({
  context,
  email,
  password,
  firstName,
  lastName,
}: RegisterPhysicianOptions): Promise<TPhysicianRegisterData> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `register:${email}`, ACCOUNT_LIMITS.register);
  const existing = await findUserByEmail(db, email);
  if (existing && !isAwaitingConfirmation(existing))
    throw new AppError('CONFLICT', PHYSICIAN_MESSAGES.emailTaken);

  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (existing) {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
      await tx
        .update(physicians)
        .set({ firstName, lastName, searchName: searchNameOf(firstName, lastName), updatedAt: new Date() })
        .where(eq(physicians.userId, existing.id));
      return;
    }
    await createPhysicianAccounts({
      db: tx,
      physicians: [{ email, firstName, lastName }],
      passwordHash,
      isEmailVerified: false,
    });
  });
  await mailSignUpCode(context, email);
  return { email };
}

/**
 * Another sign-up code, under the same per-address limit as registering (the employer's rule).
 * The answer is the same whether or not the address waits for a code, so it tells nobody
 * which e-mails have accounts.
 */
export async function resendPhysicianCode({
  context,
  email,
}: {
  context: AuthContext;
  email: string;
}): Promise<TPhysicianRegisterData> {
  await spendAttempt(context.limiter, `register:${email}`, ACCOUNT_LIMITS.register);
  if (isAwaitingConfirmation(await findUserByEmail(context.db, email))) await mailSignUpCode(context, email);
  return { email };
}

/** Re-sends the sign-up code to a physician who signs in before confirming, if the limit allows. */
export async function remindUnconfirmedPhysician(context: AuthContext, email: string): Promise<AppError> {
  const resend = await context.limiter.hit(`register:${email}`, ACCOUNT_LIMITS.register);
  if (resend.isAllowed) await mailSignUpCode(context, email);
  return new AppError('FORBIDDEN', PHYSICIAN_ACCOUNT_MESSAGES.emailNotVerified(email), {
    reason: 'EMAIL_NOT_VERIFIED',
  });
}

export interface VerifyPhysicianRegistrationOptions {
  context: AuthContext;
  email: string;
  otp: string;
  userAgent: string | undefined;
}

/** Confirms the e-mail with the sign-up code and signs the physician in. */
export async function verifyPhysicianRegistration({
  context,
  email,
  otp,
  userAgent,
}: VerifyPhysicianRegistrationOptions): Promise<TPhysicianSession> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `verify-otp:register:${email}`, ACCOUNT_LIMITS.verifyOtp);
  await consumeOtp(db, context.secret, email, 'register', otp);

  const user = await findUserByEmail(db, email);
  if (!user || user.archivedAt || user.role !== 'physician') {
    throw new AppError('NOT_FOUND', 'There is no account waiting for this code. Register again.');
  }
  const refusal = accessRefusal(user);
  if (refusal) throw refusal;
  await db
    .update(users)
    .set({ emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const [physician] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(eq(physicians.userId, user.id))
    .limit(1);
  if (!physician)
    throw new AppError('NOT_FOUND', 'There is no account waiting for this code. Register again.');
  const token = await createSession(db, user.id, userAgent);
  return { token, physician: await getPhysicianProfile({ db, physicianId: physician.id }) };
}
