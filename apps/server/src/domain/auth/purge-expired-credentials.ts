import { lt, or } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { accountTokens, otpCodes, sessions } from '../../db/schema/accounts.ts';
import { secondStepTickets, webauthnChallenges } from '../../db/schema/security.ts';
import { SESSION_IDLE_LIMIT_MS } from './sessions.ts';

/** How long a used-up credential is kept after it stopped working (support can still see it). */
export const CREDENTIAL_RETENTION_MS = 24 * 60 * 60_000;

export interface PurgedCredentials {
  otpCodes: number;
  accountTokens: number;
  sessions: number;
  secondStepTickets: number;
  webauthnChallenges: number;
}

/**
 * Deletes what can no longer sign anyone in: e-mailed codes, single-use tokens, second-step
 * tickets and passkey challenges a day after they expired, and sessions a day after they were revoked or went idle for good. Nothing still
 * valid is touched; the hashes kept are useless, but there is no reason to keep them forever.
 */
export async function purgeExpiredCredentials(db: Db, now: Date = new Date()): Promise<PurgedCredentials> {
  const cutoff = new Date(now.getTime() - CREDENTIAL_RETENTION_MS);
  const idleCutoff = new Date(cutoff.getTime() - SESSION_IDLE_LIMIT_MS);
  const purgedCodes = await db
    .delete(otpCodes)
    .where(lt(otpCodes.expiresAt, cutoff))
    .returning({ id: otpCodes.id });
  const purgedTokens = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, cutoff))
    .returning({ id: accountTokens.id });
  const purgedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.revokedAt, cutoff), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  const purgedTickets = await db
    .delete(secondStepTickets)
    .where(lt(secondStepTickets.expiresAt, cutoff))
    .returning({ id: secondStepTickets.id });
  const purgedChallenges = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, cutoff))
    .returning({ id: webauthnChallenges.id });
  return {
    otpCodes: purgedCodes.length,
    accountTokens: purgedTokens.length,
    sessions: purgedSessions.length,
    secondStepTickets: purgedTickets.length,
    webauthnChallenges: purgedChallenges.length,
  };
}
