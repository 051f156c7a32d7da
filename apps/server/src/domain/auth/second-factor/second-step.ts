import type { TPasskeyOptions } from '@medhire/contract/passkeys';
import {
  SECOND_STEP_VALID_MINUTES,
  type TSecondStepChallenge,
  type TSecondStepMethod,
  type TSessionFactor,
} from '@medhire/contract/security';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { type TUserRow, users } from '../../../db/schema/accounts.ts';
import { secondStepTickets } from '../../../db/schema/security.ts';
import { AppError } from '../../../lib/app-error.ts';
import { accessRefusal } from '../account-access.ts';
import { ACCOUNT_LIMITS, spendAttempt } from '../attempt-limiter.ts';
import type { AuthContext } from '../context.ts';
import { generateToken, hashToken } from '../secret-token.ts';
import type { SessionProof } from '../sessions.ts';
import { hasPasskey, passkeyAuthenticationOptions } from './passkeys.ts';
import {
  recordRecoveryCodeUse,
  type SecondFactorProof,
  secondFactorAttemptsKey,
  spendSecondFactor,
} from './second-factor.ts';

export const TICKET_INVALID_MESSAGE = 'This sign-in has expired. Enter your e-mail and password again.';

function ticketRefusal(): AppError {
  return new AppError('UNAUTHENTICATED', TICKET_INVALID_MESSAGE, { reason: 'SECOND_STEP_TICKET_INVALID' });
}

/**
 * The answer of a password sign-in whose account has a second factor on: no session yet, a
 * ticket that the second step trades, once and within SECOND_STEP_VALID_MINUTES, for one.
 */
export async function issueSecondStepTicket(
  db: Db,
  userId: string,
  methods: TSecondStepMethod[],
  userAgent: string | undefined,
  firstFactor: Extract<TSessionFactor, 'password' | 'oidc'> = 'password',
): Promise<TSecondStepChallenge> {
  const ticket = generateToken();
  const expiresAt = new Date(Date.now() + SECOND_STEP_VALID_MINUTES * 60_000);
  await db.insert(secondStepTickets).values({
    userId,
    tokenHash: hashToken(ticket),
    firstFactor,
    userAgent: userAgent?.slice(0, 512),
    expiresAt,
  });
  return { secondStep: { ticket, methods, expiresAt: expiresAt.toISOString() } };
}

export type PassSecondStepOptions<T> = SecondFactorProof & {
  context: AuthContext;
  ticket: string;
  /** The kind of account the app signing in serves; a ticket of the other kind is unknown here. */
  role: TUserRow['role'];
  /** Opens the session, in the transaction that spends the ticket and the code. */
  openSession: (tx: Db, user: TUserRow, proof: SessionProof) => Promise<T>;
};

/**
 * The second step of a sign-in: a live ticket of this app's kind of account and a right code of
 * that account open the session. A wrong code leaves the ticket usable (until the per-account
 * attempt limit); the ticket, the code and the session are spent and opened together, so a ticket
 * or a code works once even under parallel requests.
 */
export async function passSecondStep<T>({
  context,
  ticket,
  role,
  openSession,
  ...proof
}: PassSecondStepOptions<T>): Promise<T> {
  const { db, limiter } = context;
  const { method } = proof;
  const tokenHash = hashToken(ticket);
  const [found] = await db
    .select({ ticket: secondStepTickets, user: users })
    .from(secondStepTickets)
    .innerJoin(users, eq(users.id, secondStepTickets.userId))
    .where(
      and(
        eq(secondStepTickets.tokenHash, tokenHash),
        isNull(secondStepTickets.consumedAt),
        gt(secondStepTickets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!found || found.user.role !== role || found.user.archivedAt) throw ticketRefusal();
  const { user } = found;
  const refusal = accessRefusal(user);
  if (refusal) throw refusal;

  const attemptsKey = secondFactorAttemptsKey(user.id);
  await spendAttempt(limiter, attemptsKey, ACCOUNT_LIMITS.secondFactor);

  const opened = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(secondStepTickets)
      .set({ consumedAt: new Date() })
      .where(and(eq(secondStepTickets.id, found.ticket.id), isNull(secondStepTickets.consumedAt)))
      .returning({ id: secondStepTickets.id });
    if (!spent) throw ticketRefusal();
    // A wrong code (or passkey) throws here and rolls the ticket back to unused.
    const result = await spendSecondFactor(context, tx, user.id, proof, 'second_step');
    if (method === 'recovery_code') await recordRecoveryCodeUse(tx, user, result.recoveryCodesLeft ?? 0);
    const firstFactor = found.ticket.firstFactor === 'oidc' ? 'oidc' : 'password';
    return openSession(tx, user, { factors: [firstFactor, method], secondFactorAt: new Date() });
  });
  await limiter.reset(attemptsKey);
  return opened;
}

/**
 * The passkey options of a sign-in's second step: a live ticket of this app's kind of account
 * answers a challenge for that account's passkeys. The ticket is not spent here; the second step
 * spends it with the passkey's answer.
 */
export async function passkeySecondStepOptions(
  context: AuthContext,
  ticket: string,
  role: TUserRow['role'],
): Promise<TPasskeyOptions> {
  const [found] = await context.db
    .select({ userId: users.id, role: users.role, archivedAt: users.archivedAt })
    .from(secondStepTickets)
    .innerJoin(users, eq(users.id, secondStepTickets.userId))
    .where(
      and(
        eq(secondStepTickets.tokenHash, hashToken(ticket)),
        isNull(secondStepTickets.consumedAt),
        gt(secondStepTickets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!found || found.role !== role || found.archivedAt) throw ticketRefusal();
  if (!(await hasPasskey(context.db, found.userId))) {
    throw new AppError('BUSINESS_RULE', 'This account has no passkey.', { reason: 'PASSKEY_NONE' });
  }
  return passkeyAuthenticationOptions(context, 'second_step', found.userId);
}
