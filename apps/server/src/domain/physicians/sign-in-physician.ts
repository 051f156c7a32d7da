import type { TPhysicianSession } from '@medhire/contract/physicians';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { eq } from 'drizzle-orm';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessRefusal } from '../auth/account-access.ts';
import { findUserByEmail } from '../auth/accounts-repository.ts';
import { ACCOUNT_LIMITS, spendAttempt } from '../auth/attempt-limiter.ts';
import { employerAccountRefusal } from '../auth/authenticate-session.ts';
import type { AuthContext } from '../auth/context.ts';
import { recordNewDeviceSignIn } from '../auth/new-device.ts';
import { verifyPassword } from '../auth/password-hash.ts';
import { verifyPasskeyAssertion } from '../auth/second-factor/passkeys.ts';
import { secondStepMethodsFor } from '../auth/second-factor/second-factor.ts';
import { issueSecondStepTicket, passSecondStep } from '../auth/second-factor/second-step.ts';
import { createSession } from '../auth/sessions.ts';
import type { CompleteSecondStepOptions, SignInWithPasskeyOptions } from '../auth/sign-in.ts';
import { assertPasskeyAccountUsable, WRONG_CREDENTIALS_MESSAGE } from '../auth/sign-in.ts';
import { remindUnconfirmedPhysician } from './account/register-physician.ts';
import { getPhysicianProfile } from './get-physician-profile.ts';

export interface SignInPhysicianOptions {
  context: AuthContext;
  email: string;
  password: string;
  userAgent: string | undefined;
}

/**
 * Signs a physician in with e-mail and password, with the employer sign-in's rules: the same
 * attempt limit per e-mail, the same answer for an unknown e-mail and a wrong password, and the
 * account's state (or that it is an employer's) told only to someone who knows the password.
 */
export async function signInPhysician({
  context,
  email,
  password,
  userAgent,
}: SignInPhysicianOptions): Promise<TPhysicianSession | TSecondStepChallenge> {
  const { db, limiter } = context;
  const attemptsKey = `login:${email}`;
  await spendAttempt(limiter, attemptsKey, ACCOUNT_LIMITS.login);

  const found = await findUserByEmail(db, email);
  const user = found?.archivedAt ? undefined : found;
  const isPasswordRight = await verifyPassword(user?.passwordHash, password);
  if (!user || !isPasswordRight) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS_MESSAGE);
  await limiter.reset(attemptsKey);

  const refusal = accessRefusal(user);
  if (refusal) throw refusal;
  if (user.role !== 'physician') throw employerAccountRefusal();
  if (!user.emailVerifiedAt) throw await remindUnconfirmedPhysician(context, email);

  const [physician] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(eq(physicians.userId, user.id))
    .limit(1);
  if (!physician) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS_MESSAGE);
  // With a second factor on, the password alone opens no session: the second step does.
  const methods = await secondStepMethodsFor(db, user.id);
  if (methods.length > 0) return issueSecondStepTicket(db, user.id, methods, userAgent);
  const token = await db.transaction(async (tx) => {
    await recordNewDeviceSignIn(tx, user, userAgent);
    return createSession(tx, user.id, userAgent, { factors: ['password'] });
  });
  return { token, physician: await getPhysicianProfile({ db, physicianId: physician.id }) };
}

/** Finishes a physician's sign-in with the code of its second factor: the session sign-in answers. */
export async function completePhysicianSecondStep({
  userAgent,
  ...options
}: CompleteSecondStepOptions): Promise<TPhysicianSession> {
  const { token, physicianId } = await passSecondStep({
    ...options,
    role: 'physician',
    openSession: async (tx, user, proof) => {
      const [physician] = await tx
        .select({ id: physicians.id })
        .from(physicians)
        .where(eq(physicians.userId, user.id))
        .limit(1);
      if (!physician) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS_MESSAGE);
      await recordNewDeviceSignIn(tx, user, userAgent);
      return { token: await createSession(tx, user.id, userAgent, proof), physicianId: physician.id };
    },
  });
  return { token, physician: await getPhysicianProfile({ db: options.context.db, physicianId }) };
}

/**
 * Signs a physician in with a passkey alone: the employer's rules (domain/auth/sign-in.ts,
 * signInWithPasskey), answering the physician's session.
 */
export async function signInPhysicianWithPasskey({
  context,
  credential,
  userAgent,
}: SignInWithPasskeyOptions): Promise<TPhysicianSession> {
  const { token, physicianId } = await context.db.transaction(async (tx) => {
    const user = await verifyPasskeyAssertion(context, tx, credential, 'sign_in', null);
    assertPasskeyAccountUsable(user);
    if (user.role !== 'physician') throw employerAccountRefusal();
    const [physician] = await tx
      .select({ id: physicians.id })
      .from(physicians)
      .where(eq(physicians.userId, user.id))
      .limit(1);
    if (!physician) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS_MESSAGE);
    const proof = { factors: ['passkey' as const], secondFactorAt: new Date() };
    await recordNewDeviceSignIn(tx, user, userAgent);
    return { token: await createSession(tx, user.id, userAgent, proof), physicianId: physician.id };
  });
  return { token, physician: await getPhysicianProfile({ db: context.db, physicianId }) };
}
