import type { TAccountEmailData } from '@medhire/contract/auth';
import type { TVerifyUpdateEmailOtpData } from '@medhire/contract/organization';
import { and, eq, isNull } from 'drizzle-orm';
import { accountTokens, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail, findUserById, toUserView } from '../auth/accounts-repository.ts';
import { ACCOUNT_LIMITS, type LimitRule, spendAttempt } from '../auth/attempt-limiter.ts';
import type { AuthContext } from '../auth/context.ts';
import { consumeOtp, issueOtp, OTP_VALID_MINUTES } from '../auth/one-time-codes.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { forgetCachedUser } from '../auth/session-cache.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { queueAccountMail } from '../mail/account-mail.ts';
import { renderEmailChangedMail, renderOtpMail } from '../mail/templates.ts';

export const EMAIL_CHANGE_MESSAGES = {
  unchanged: 'This is already the e-mail address of your account.',
  taken: 'Another MedHire account already uses this e-mail address.',
} as const;

/** Codes sent to new addresses, per account. */
export const EMAIL_CHANGE_SEND_LIMIT: LimitRule = { max: 5, windowMs: 60 * 60_000 };

/**
 * One-time codes are looked up by address and purpose. A change code is bound to the account
 * asking as well, so two accounts asking for the same address cannot use or replace each
 * other's code.
 */
function codeSubject(userId: string, email: string): string {
  return `${userId}:${email}`;
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', EMAIL_CHANGE_MESSAGES.taken);
}

async function assertEmailFree(context: AuthContext, userId: string, email: string): Promise<void> {
  const user = await findUserById(context.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  if (user.email === email) {
    throw new AppError('BUSINESS_RULE', EMAIL_CHANGE_MESSAGES.unchanged, { reason: 'EMAIL_UNCHANGED' });
  }
  const holder = await findUserByEmail(context.db, email);
  if (holder) throw emailTaken();
}

export interface RequestEmailChangeOptions {
  context: AuthContext;
  userId: string;
  sessionId: string;
  email: string;
}

/** E-mails a 6-digit code to the new address; the e-mail changes only once that code comes back. */
export async function requestEmailChange({
  context,
  userId,
  sessionId,
  email,
}: RequestEmailChangeOptions): Promise<TAccountEmailData> {
  await spendAttempt(context.limiter, `update-email:${userId}`, EMAIL_CHANGE_SEND_LIMIT);
  await assertFreshSecondStep(context.db, userId, sessionId);
  await assertEmailFree(context, userId, email);
  const code = await issueOtp(context.db, context.secret, codeSubject(userId, email), 'update_email');
  await context.mailer.send({ to: email, ...renderOtpMail('update_email', code, OTP_VALID_MINUTES) });
  return { email };
}

export interface ConfirmEmailChangeOptions extends RequestEmailChangeOptions {
  otp: string;
  /** The session making the change stays signed in; every other one ends. */
  sessionId: string;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Changes the account's e-mail with the code sent to the new address. The proof of the old
 * mailbox goes with it: other sessions end and unspent password-reset tokens die. The old
 * address is told afterwards.
 */
export async function confirmEmailChange({
  context,
  userId,
  email,
  otp,
  sessionId,
}: ConfirmEmailChangeOptions): Promise<TVerifyUpdateEmailOtpData> {
  const { db } = context;
  await spendAttempt(context.limiter, `verify-otp:update-email:${userId}`, ACCOUNT_LIMITS.verifyOtp);
  await consumeOtp(db, context.secret, codeSubject(userId, email), 'update_email', otp);
  await assertEmailFree(context, userId, email);

  const updated = await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      const [row] = await tx
        .update(users)
        .set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await revokeUserSessions(tx, userId, sessionId);
      // The old address hears of the change, queued with it (domain/mail/account-mail.ts).
      if (before?.email) await queueAccountMail(tx, before.email, renderEmailChangedMail(email));
      await tx
        .update(accountTokens)
        .set({ consumedAt: new Date() })
        .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.consumedAt)));
      return row;
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  if (!updated) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  // The caller's own session stays, with its new address: this instance's cache must not answer the old one.
  forgetCachedUser(userId);

  return { user: toUserView(updated) };
}
