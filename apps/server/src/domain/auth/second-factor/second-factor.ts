import type { TPasskeyAssertion } from '@medhire/contract/passkeys';
import {
  FRESH_SECOND_STEP_MINUTES,
  SECURITY_MESSAGES,
  type TRecoveryCodesData,
  type TSecondStepMethod,
  type TSecurityStatus,
  type TTotpEnrolment,
} from '@medhire/contract/security';
import { and, count, eq, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { sessions, type TUserRow } from '../../../db/schema/accounts.ts';
import { recoveryCodes, totpFactors } from '../../../db/schema/security.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queueAccountMail } from '../../mail/account-mail.ts';
import { renderSecurityChangeMail, type SecurityMailEvent } from '../../mail/templates.ts';
import type { TActivityType } from '../../team/record-activity.ts';
import { recordActivity } from '../../team/record-activity.ts';
import { findUserById } from '../accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from '../attempt-limiter.ts';
import type { AuthContext } from '../context.ts';
import { verifyPassword } from '../password-hash.ts';
import { forgetCachedUser } from '../session-cache.ts';
import { hasPasskey, verifyPasskeyAssertion } from './passkeys.ts';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-code-hash.ts';
import { generateTotpSecret, matchTotpStep, totpAddress, totpQrCodeDataUrl } from './totp-codes.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box.ts';

export const SECOND_FACTOR_MESSAGES = {
  totpIncorrect:
    'This code is not correct. Check the time on your phone and enter the newest code from the app.',
  totpUsed: 'This code was already used. Wait for the next code in your authenticator app.',
  recoveryIncorrect: 'This recovery code is not correct. Check it and try again.',
  recoveryUsed: 'This recovery code was already used. Each one works once: try another.',
  alreadyOn: 'The authenticator app is already on. Turn it off first to set up another one.',
  noEnrolment: 'Start setting up the authenticator app first: scan the QR code, then enter its code.',
  notOn: 'Turn on the authenticator app first; recovery codes come with it.',
  passwordIncorrect: 'Your current password is not correct.',
} as const;

/** The count per account shared by every place that checks a second-factor code. */
export function secondFactorAttemptsKey(userId: string): string {
  return `second-factor:${userId}`;
}

function codeRefusal(reason: keyof typeof SECOND_FACTOR_MESSAGES, detail: string): AppError {
  return new AppError('BAD_REQUEST', SECOND_FACTOR_MESSAGES[reason], { reason: detail });
}

export async function findConfirmedTotp(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  return row;
}

/**
 * The methods a sign-in's second step offers this account; empty when it has no second factor.
 * The authenticator app comes with recovery codes; a registered passkey is one more.
 */
export async function secondStepMethodsFor(db: Db, userId: string): Promise<TSecondStepMethod[]> {
  const methods: TSecondStepMethod[] = (await findConfirmedTotp(db, userId)) ? ['totp', 'recovery_code'] : [];
  if (await hasPasskey(db, userId)) methods.push('passkey');
  return methods;
}

/**
 * Accepts a code of the account's confirmed authenticator (or, with `pending`, of the one being set
 * up) once: the step it belongs to must be later than the last accepted one, written atomically so
 * two requests with one code cannot both pass.
 */
async function spendTotpCode(
  db: Db,
  secret: string,
  userId: string,
  code: string,
  which: 'confirmed' | 'pending',
): Promise<void> {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  const isRightState = which === 'confirmed' ? Boolean(factor?.confirmedAt) : factor && !factor.confirmedAt;
  if (!factor || !isRightState) {
    throw which === 'pending'
      ? new AppError('BUSINESS_RULE', SECOND_FACTOR_MESSAGES.noEnrolment, { reason: 'TOTP_NOT_STARTED' })
      : codeRefusal('totpIncorrect', 'TOTP_CODE_INCORRECT');
  }
  const step = matchTotpStep(openTotpSecret(secret, userId, factor.secretCiphertext), code);
  if (step === null) throw codeRefusal('totpIncorrect', 'TOTP_CODE_INCORRECT');
  const [spent] = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  if (!spent) throw codeRefusal('totpUsed', 'TOTP_CODE_USED');
}

/** Spends one recovery code of the account; answers how many are left. */
async function spendRecoveryCode(db: Db, secret: string, userId: string, code: string): Promise<number> {
  const codeHash = hashRecoveryCode(secret, userId, code);
  const [row] = await db
    .select({ id: recoveryCodes.id, usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .limit(1);
  if (!row) throw codeRefusal('recoveryIncorrect', 'RECOVERY_CODE_INCORRECT');
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (!spent) throw codeRefusal('recoveryUsed', 'RECOVERY_CODE_USED');
  return countUnusedRecoveryCodes(db, userId);
}

async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ remaining: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.remaining ?? 0;
}

/** A code, or a passkey assertion, offered as a second step. */
export type SecondFactorProof =
  | { method: 'totp' | 'recovery_code'; code: string }
  | { method: 'passkey'; passkey: TPasskeyAssertion };

/**
 * Checks and spends a second-factor proof of `userId` in `db` (the transaction of what it allows):
 * a code through spendSecondFactorCode, a passkey assertion against a challenge made for `purpose`
 * and this account. The caller counts the attempt first (secondFactorAttemptsKey).
 */
export async function spendSecondFactor(
  context: AuthContext,
  db: Db,
  userId: string,
  proof: SecondFactorProof,
  purpose: 'second_step' | 'confirm',
): Promise<SpentCode> {
  if (proof.method === 'passkey') {
    await verifyPasskeyAssertion(context, db, proof.passkey, purpose, userId);
    return { method: 'passkey' };
  }
  return spendSecondFactorCode(db, context.secret, userId, proof.method, proof.code);
}

export interface SpentCode {
  method: TSecondStepMethod;
  /** For a recovery code: how many the account has left. */
  recoveryCodesLeft?: number;
}

/**
 * Checks and spends a second-factor code of a confirmed factor (authenticator code or recovery
 * code) through `db`, which should be the transaction of what the code allows. The caller counts
 * the attempt first (secondFactorAttemptsKey).
 */
export async function spendSecondFactorCode(
  db: Db,
  secret: string,
  userId: string,
  method: Exclude<TSecondStepMethod, 'passkey'>,
  code: string,
): Promise<SpentCode> {
  if (method === 'totp') {
    await spendTotpCode(db, secret, userId, code, 'confirmed');
    return { method };
  }
  return { method, recoveryCodesLeft: await spendRecoveryCode(db, secret, userId, code) };
}

/** Six digits are read as an authenticator code, anything else as a recovery code. */
export function methodOfCode(code: string): Exclude<TSecondStepMethod, 'passkey'> {
  return /^\d{6}$/.test(code.replace(/\s+/g, '')) ? 'totp' : 'recovery_code';
}

export async function readSecurityStatus(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<TSecurityStatus> {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  const [codes] = await db
    .select({ generatedAt: max(recoveryCodes.createdAt) })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  const [session] = await db
    .select({
      factors: sessions.factors,
      secondFactorAt: sessions.secondFactorAt,
      enrolmentRequired: sessions.enrolmentRequired,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  const generatedAt = codes?.generatedAt ? new Date(codes.generatedAt) : null;
  return {
    totp: {
      isEnabled: Boolean(factor?.confirmedAt),
      enabledAt: factor?.confirmedAt?.toISOString() ?? null,
    },
    recoveryCodes: {
      remaining: await countUnusedRecoveryCodes(db, userId),
      generatedAt: generatedAt?.toISOString() ?? null,
    },
    currentSession: {
      factors: (session?.factors ?? []) as TSecurityStatus['currentSession']['factors'],
      secondFactorAt: session?.secondFactorAt?.toISOString() ?? null,
      enrolmentRequired: session?.enrolmentRequired ?? false,
    },
  };
}

/**
 * Sensitive changes (password, e-mail, deleting the account, new recovery codes, adding or removing
 * a passkey) by an account with a second factor on (authenticator app or passkey) need a session
 * that passed a second step in the last FRESH_SECOND_STEP_MINUTES: a stolen session alone cannot
 * lock its owner out. Accounts without a factor are not asked.
 */
export async function assertFreshSecondStep(db: Db, userId: string, sessionId: string): Promise<void> {
  const methods = await secondStepMethodsFor(db, userId);
  if (methods.length === 0) return;
  const [session] = await db
    .select({ secondFactorAt: sessions.secondFactorAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  const passedAt = session?.secondFactorAt?.getTime() ?? 0;
  if (Date.now() - passedAt <= FRESH_SECOND_STEP_MINUTES * 60_000) return;
  throw new AppError('SECOND_STEP_REQUIRED', SECURITY_MESSAGES.freshSecondStepNeeded, { methods });
}

/**
 * Marks the session as having just passed a second step with `method` (kept in its factors once);
 * a session held to enrolment by its organisation's two-step policy is free from then on.
 */
export async function recordSecondStep(db: Db, sessionId: string, method: TSecondStepMethod): Promise<void> {
  await db
    .update(sessions)
    .set({
      secondFactorAt: new Date(),
      enrolmentRequired: false,
      factors: sql`case when ${method} = any(${sessions.factors}) then ${sessions.factors} else array_append(${sessions.factors}, ${method}::text) end`,
    })
    .where(eq(sessions.id, sessionId));
}

/**
 * A code or a passkey for the signed-in session: its second step is fresh again for
 * FRESH_SECOND_STEP_MINUTES.
 */
export async function confirmSecondStep({
  context,
  userId,
  sessionId,
  ...proof
}: AccountSecurityOptions & SecondFactorProof): Promise<TSecurityStatus> {
  const { db, limiter } = context;
  const { method } = proof;
  await spendAttempt(limiter, secondFactorAttemptsKey(userId), ACCOUNT_LIMITS.secondFactor);
  const user = await requireUser(db, userId);
  const isOn =
    method === 'passkey' ? await hasPasskey(db, userId) : Boolean(await findConfirmedTotp(db, userId));
  if (!isOn) {
    throw method === 'passkey'
      ? new AppError('BUSINESS_RULE', 'This account has no passkey.', { reason: 'PASSKEY_NONE' })
      : new AppError('BUSINESS_RULE', 'The authenticator app is off.', { reason: 'TOTP_NOT_ON' });
  }
  await db.transaction(async (tx) => {
    const { recoveryCodesLeft } = await spendSecondFactor(context, tx, userId, proof, 'confirm');
    if (method === 'recovery_code') await recordRecoveryCodeUse(tx, user, recoveryCodesLeft ?? 0);
    await recordSecondStep(tx, sessionId, method);
  });
  await limiter.reset(secondFactorAttemptsKey(userId));
  // The session's factors changed (and an enrolment hold ended): this instance's cache hears it now.
  forgetCachedUser(userId);
  return readSecurityStatus(db, userId, sessionId);
}

export async function requireUser(db: Db, userId: string): Promise<TUserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.archivedAt) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  return user;
}

export interface AccountSecurityOptions {
  context: AuthContext;
  userId: string;
  sessionId: string;
}

/**
 * Starts (or starts over) setting up an authenticator app: a new secret, kept encrypted and not
 * in force until a code from the app confirms it. An account whose app is already on must turn
 * it off first, so a stolen session cannot quietly swap the factor.
 */
export async function startTotpEnrolment({
  context,
  userId,
}: AccountSecurityOptions): Promise<TTotpEnrolment> {
  const { db, secret: serverSecret } = context;
  const user = await requireUser(db, userId);
  if (await findConfirmedTotp(db, userId)) {
    throw new AppError('CONFLICT', SECOND_FACTOR_MESSAGES.alreadyOn, { reason: 'TOTP_ALREADY_ON' });
  }
  const secret = generateTotpSecret();
  const secretCiphertext = sealTotpSecret(serverSecret, userId, secret);
  await db
    .insert(totpFactors)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretCiphertext, lastUsedStep: null, createdAt: new Date() },
      // Never overwrite a factor confirmed meanwhile by a parallel request.
      setWhere: isNull(totpFactors.confirmedAt),
    });
  const otpauthUrl = totpAddress(user.email, secret);
  return { secret, otpauthUrl, qrCodeDataUrl: await totpQrCodeDataUrl(otpauthUrl) };
}

/** Replaces the account's recovery codes with ten new ones (in `db`'s transaction); answers them in clear, once. */
async function replaceRecoveryCodes(db: Db, serverSecret: string, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(serverSecret, userId, code) })));
  return codes;
}

export async function logSecurityEvent(db: Db, user: TUserRow, type: TActivityType, summary: string) {
  // Only employers have an organisation whose log the owner and admins read.
  if (!user.organizationId) return;
  await recordActivity(db, {
    organizationId: user.organizationId,
    actorUserId: user.id,
    type,
    summary,
    subjectType: 'user',
    subjectId: user.id,
  });
}

/** Queued in the transaction of the change (domain/mail/account-mail.ts): a crash cannot lose it. */
export async function mailSecurityChange(db: Db, user: TUserRow, event: SecurityMailEvent, left?: number) {
  await queueAccountMail(db, user.email, renderSecurityChangeMail(event, left));
}

/**
 * Turns the authenticator on once a code from it is right, and issues the first ten recovery
 * codes. The confirming code counts as used, so it cannot also finish a sign-in.
 */
export async function confirmTotpEnrolment({
  context,
  userId,
  sessionId,
  code,
}: AccountSecurityOptions & { code: string }): Promise<TRecoveryCodesData> {
  const { db, limiter, secret } = context;
  await spendAttempt(limiter, secondFactorAttemptsKey(userId), ACCOUNT_LIMITS.secondFactor);
  const user = await requireUser(db, userId);
  if (await findConfirmedTotp(db, userId)) {
    throw new AppError('CONFLICT', SECOND_FACTOR_MESSAGES.alreadyOn, { reason: 'TOTP_ALREADY_ON' });
  }
  const recoveryCodesShown = await db.transaction(async (tx) => {
    await spendTotpCode(tx, secret, userId, code, 'pending');
    await tx.update(totpFactors).set({ confirmedAt: new Date() }).where(eq(totpFactors.userId, userId));
    // The code just proved the app is at hand: this session counts as having passed a second step.
    await recordSecondStep(tx, sessionId, 'totp');
    await logSecurityEvent(
      tx,
      user,
      'auth.second_factor_added',
      'Turned on an authenticator app for signing in',
    );
    await mailSecurityChange(tx, user, 'totp_added');
    return replaceRecoveryCodes(tx, secret, userId);
  });
  await limiter.reset(secondFactorAttemptsKey(userId));
  // A session that was held to enrolment is free now, on this instance's session cache too.
  forgetCachedUser(userId);
  return { recoveryCodes: recoveryCodesShown, security: await readSecurityStatus(db, userId, sessionId) };
}

/**
 * Turns the authenticator off, proven by the current password or by a code (from the app, or a
 * recovery code); the recovery codes go with it.
 */
export async function disableTotp({
  context,
  userId,
  sessionId,
  password,
  code,
}: AccountSecurityOptions & {
  password?: string | undefined;
  code?: string | undefined;
}): Promise<TSecurityStatus> {
  const { db, limiter, secret } = context;
  await spendAttempt(limiter, secondFactorAttemptsKey(userId), ACCOUNT_LIMITS.secondFactor);
  const user = await requireUser(db, userId);
  if (!(await findConfirmedTotp(db, userId))) {
    throw new AppError('BUSINESS_RULE', 'The authenticator app is already off.', { reason: 'TOTP_NOT_ON' });
  }
  if (password !== undefined && !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('BAD_REQUEST', SECOND_FACTOR_MESSAGES.passwordIncorrect, {
      reason: 'PASSWORD_INCORRECT',
    });
  }
  await db.transaction(async (tx) => {
    if (code !== undefined) await spendSecondFactorCode(tx, secret, userId, methodOfCode(code), code);
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await logSecurityEvent(
      tx,
      user,
      'auth.second_factor_removed',
      'Turned off the authenticator app for signing in',
    );
    await mailSecurityChange(tx, user, 'totp_removed');
  });
  await limiter.reset(secondFactorAttemptsKey(userId));
  return readSecurityStatus(db, userId, sessionId);
}

/** Ten new recovery codes; every earlier one stops working. */
export async function regenerateRecoveryCodes({
  context,
  userId,
  sessionId,
}: AccountSecurityOptions): Promise<TRecoveryCodesData> {
  const { db, secret } = context;
  await requireUser(db, userId);
  await assertFreshSecondStep(db, userId, sessionId);
  const codes = await db.transaction(async (tx) => {
    const [factor] = await tx
      .select({ confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .for('update');
    if (!factor?.confirmedAt) {
      throw new AppError('BUSINESS_RULE', SECOND_FACTOR_MESSAGES.notOn, { reason: 'TOTP_NOT_ON' });
    }
    return replaceRecoveryCodes(tx, secret, userId);
  });
  return { recoveryCodes: codes, security: await readSecurityStatus(db, userId, sessionId) };
}

/** A recovery code was spent (in `db`'s transaction): logged for the organisation and mailed to the account. */
export async function recordRecoveryCodeUse(
  db: Db,
  user: TUserRow,
  recoveryCodesLeft: number,
): Promise<void> {
  await logSecurityEvent(db, user, 'auth.recovery_code_used', 'Signed in with a recovery code');
  await mailSecurityChange(db, user, 'recovery_code_used', recoveryCodesLeft);
}
