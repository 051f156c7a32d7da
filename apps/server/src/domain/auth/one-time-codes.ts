import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { otpCodes } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateOtp, hashesEqual, hashOtp } from './secret-token.ts';

export type OtpPurpose = (typeof otpCodes.$inferSelect)['purpose'];

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_WRONG_ATTEMPTS = 5;

export const OTP_MESSAGES = {
  incorrect: 'This code is not correct. Check the latest e-mail from MedHire and try again.',
  expired: 'This code has expired. Request a new one.',
  used: 'This code has already been used. Request a new one.',
  locked: 'Too many wrong codes. Request a new one.',
} as const;

function otpFailure(reason: keyof typeof OTP_MESSAGES): AppError {
  return new AppError('BUSINESS_RULE', OTP_MESSAGES[reason], { reason: `OTP_${reason.toUpperCase()}` });
}

/**
 * Creates a new code for the e-mail and purpose and returns it in clear, for the e-mail only.
 * Only the newest code of an e-mail and purpose counts, so asking again replaces the old one.
 */
export async function issueOtp(db: Db, secret: string, email: string, purpose: OtpPurpose): Promise<string> {
  const code = generateOtp();
  await db.insert(otpCodes).values({
    email,
    purpose,
    codeHash: hashOtp(secret, email, purpose, code),
    expiresAt: new Date(Date.now() + OTP_VALID_MINUTES * 60_000),
  });
  return code;
}

/**
 * Spends the newest code of the e-mail and purpose, or throws the reason it cannot be spent:
 * incorrect, expired, already used, or locked after five wrong tries. An e-mail that never
 * received a code fails exactly like a wrong code.
 */
export async function consumeOtp(
  db: Db,
  secret: string,
  email: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest) throw otpFailure('incorrect');
  if (latest.attempts >= OTP_MAX_WRONG_ATTEMPTS) throw otpFailure('locked');
  if (latest.expiresAt.getTime() <= Date.now()) throw otpFailure('expired');

  const isMatch = hashesEqual(latest.codeHash, hashOtp(secret, email, purpose, code));
  if (latest.consumedAt) throw otpFailure(isMatch ? 'used' : 'incorrect');

  if (!isMatch) {
    const [counted] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, latest.id))
      .returning({ attempts: otpCodes.attempts });
    throw otpFailure(
      (counted?.attempts ?? OTP_MAX_WRONG_ATTEMPTS) >= OTP_MAX_WRONG_ATTEMPTS ? 'locked' : 'incorrect',
    );
  }

  // The conditions make spending atomic: of two concurrent correct submissions one wins.
  const [spent] = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otpCodes.id, latest.id),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.attempts, OTP_MAX_WRONG_ATTEMPTS),
      ),
    )
    .returning({ id: otpCodes.id });
  if (!spent) throw otpFailure('used');
}
