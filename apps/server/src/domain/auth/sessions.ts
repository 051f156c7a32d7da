import type { TSession } from '@medhire/contract/account';
import type { TSessionFactor } from '@medhire/contract/security';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { sessions, type TSessionRow, type TUserRow, users } from '../../db/schema/accounts.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { sessionCodeFor, toUserView } from './accounts-repository.ts';
import { rememberDevice } from './new-device.ts';
import { generateToken, hashToken } from './secret-token.ts';
import { forgetCachedUser, type SessionCache } from './session-cache.ts';
import { isEnrolmentRequiredFor } from './two-step-policy.ts';

/** A session unused for this long ends by itself. */
export const SESSION_IDLE_LIMIT_MS = 30 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/** How a session was proven, kept on it (the security settings show it; later checks may ask for it). */
export interface SessionProof {
  factors: TSessionFactor[];
  /** When the second step was passed, for a session opened by one. */
  secondFactorAt?: Date;
  /** The session may only set up a second factor (domain/auth/two-step-policy.ts). */
  enrolmentRequired?: boolean;
}

export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | undefined,
  proof: SessionProof = { factors: [] },
): Promise<string> {
  const token = generateToken();
  await rememberDevice(db, userId, userAgent);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    userAgent: userAgent?.slice(0, 512),
    factors: proof.factors,
    secondFactorAt: proof.secondFactorAt ?? null,
    enrolmentRequired: proof.enrolmentRequired ?? false,
  });
  return token;
}

/**
 * Opens a session and answers it the way sign-in calls do: `{ token, user, code }`. Every employer
 * sign-in comes through here, so this is where a session opened without a second step in an
 * organisation that requires one is held to enrolment (`enrolmentRequired` in the answer).
 */
export async function startSession(
  db: Db,
  user: TUserRow,
  userAgent: string | undefined,
  proof: SessionProof = { factors: [] },
): Promise<TSession> {
  const enrolmentRequired = !proof.secondFactorAt && (await isEnrolmentRequiredFor(db, user));
  const token = await createSession(db, user.id, userAgent, { ...proof, enrolmentRequired });
  return {
    token,
    user: toUserView(user),
    code: await sessionCodeFor(db, user),
    ...(enrolmentRequired ? { enrolmentRequired: true } : {}),
  };
}

export interface ActiveSession {
  session: TSessionRow;
  user: TUserRow;
  /** The physician profile of a physician's account (null for employers), read in the same query. */
  physicianId: string | null;
}

function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users, physicianId: physicians.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(physicians, eq(physicians.userId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('find_active_session');
}

/**
 * Every authenticated request starts with this lookup, so its query is built once per database
 * handle instead of once per request (building the statement cost more than running it).
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The live session a token belongs to, with its user; undefined when unknown, revoked or idle too
 * long. With a `cache`, a session this instance looked up a moment ago is answered from memory
 * (domain/auth/session-cache.ts says why that is safe); without one, the database answers.
 */
export async function findActiveSession(
  db: Db,
  token: string,
  now = new Date(),
  cache?: SessionCache,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token);
  const nowMs = now.getTime();
  const cached = cache?.get(tokenHash, nowMs);
  if (cached && nowMs - cached.session.lastSeenAt.getTime() <= LAST_SEEN_RESOLUTION_MS) return cached;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const ticket = cache?.ticket() ?? 0;
  const [row] = await lookup.execute({ tokenHash });
  if (!row) return undefined;
  if (nowMs - row.session.lastSeenAt.getTime() > SESSION_IDLE_LIMIT_MS) return undefined;
  if (nowMs - row.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    row.session.lastSeenAt = now;
  }
  cache?.store(tokenHash, row, ticket, nowMs);
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  for (const { userId } of ended) forgetCachedUser(userId);
}

/** Ends every session of the user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
  forgetCachedUser(userId);
}
