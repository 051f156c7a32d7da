import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, otpCodes, sessions, users } from '../../../src/db/schema/accounts.ts';
import { secondStepTickets, webauthnChallenges } from '../../../src/db/schema/security.ts';
import {
  CREDENTIAL_RETENTION_MS,
  purgeExpiredCredentials,
} from '../../../src/domain/auth/purge-expired-credentials.ts';
import { SESSION_IDLE_LIMIT_MS } from '../../../src/domain/auth/sessions.ts';
import { buildTestApp } from '../../helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/**
 * Two months ahead of the clock: the app's own housekeeping also purges once at start, with the
 * real time, and may run after this test's rows are in. Rows dated around a fixed past day were
 * all long expired for it once that day was over, so it deleted them before the test's purge.
 */
const NOW = new Date(Date.now() + 60 * 24 * 60 * 60_000);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

describe('purgeExpiredCredentials', () => {
  it('deletes codes, tokens, second-step tickets and sessions a day after they stopped working, and nothing still valid', async () => {
    const [user] = await app.db
      .insert(users)
      .values({ email: 'purge@example.com' })
      .returning({ id: users.id });
    const userId = user?.id ?? '';
    const code = (label: string, expiresAt: Date) => ({
      email: `${label}@example.com`,
      purpose: 'register' as const,
      codeHash: label,
      expiresAt,
    });
    await app.db
      .insert(otpCodes)
      .values([
        code('long-expired', ago(CREDENTIAL_RETENTION_MS + MINUTE)),
        code('just-expired', ago(MINUTE)),
        code('valid', new Date(NOW.getTime() + 5 * MINUTE)),
      ]);
    const token = (label: string, expiresAt: Date) => ({
      userId,
      purpose: 'password_reset' as const,
      tokenHash: label,
      expiresAt,
    });
    await app.db
      .insert(accountTokens)
      .values([
        token('token-long-expired', ago(CREDENTIAL_RETENTION_MS + MINUTE)),
        token('token-valid', new Date(NOW.getTime() + 30 * MINUTE)),
      ]);
    const session = (label: string, values: { revokedAt?: Date; lastSeenAt: Date }) => ({
      userId,
      tokenHash: label,
      ...values,
    });
    await app.db.insert(sessions).values([
      session('revoked-long-ago', {
        revokedAt: ago(CREDENTIAL_RETENTION_MS + MINUTE),
        lastSeenAt: ago(2 * CREDENTIAL_RETENTION_MS),
      }),
      session('revoked-just-now', { revokedAt: ago(MINUTE), lastSeenAt: ago(MINUTE) }),
      session('idle-for-good', {
        lastSeenAt: ago(SESSION_IDLE_LIMIT_MS + CREDENTIAL_RETENTION_MS + MINUTE),
      }),
      session('in-use', { lastSeenAt: ago(MINUTE) }),
    ]);
    await app.db.insert(secondStepTickets).values([
      { userId, tokenHash: 'ticket-long-expired', expiresAt: ago(CREDENTIAL_RETENTION_MS + MINUTE) },
      { userId, tokenHash: 'ticket-valid', expiresAt: new Date(NOW.getTime() + 5 * MINUTE) },
    ]);
    await app.db.insert(webauthnChallenges).values([
      {
        challenge: 'challenge-long-expired',
        purpose: 'sign_in',
        expiresAt: ago(CREDENTIAL_RETENTION_MS + MINUTE),
      },
      { userId, challenge: 'challenge-valid', purpose: 'registration', expiresAt: ago(-5 * MINUTE) },
    ]);

    expect(await purgeExpiredCredentials(app.db, NOW)).toEqual({
      otpCodes: 1,
      accountTokens: 1,
      sessions: 2,
      secondStepTickets: 1,
      webauthnChallenges: 1,
    });

    const codesLeft = await app.db.select({ hash: otpCodes.codeHash }).from(otpCodes);
    expect(codesLeft.map((row) => row.hash).sort()).toEqual(['just-expired', 'valid']);
    const tokensLeft = await app.db
      .select({ hash: accountTokens.tokenHash })
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId));
    expect(tokensLeft.map((row) => row.hash)).toEqual(['token-valid']);
    const sessionsLeft = await app.db
      .select({ hash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(sessionsLeft.map((row) => row.hash).sort()).toEqual(['in-use', 'revoked-just-now']);
    const ticketsLeft = await app.db
      .select({ hash: secondStepTickets.tokenHash })
      .from(secondStepTickets)
      .where(eq(secondStepTickets.userId, userId));
    expect(ticketsLeft.map((row) => row.hash)).toEqual(['ticket-valid']);
    const challengesLeft = await app.db
      .select({ challenge: webauthnChallenges.challenge })
      .from(webauthnChallenges)
      .where(inArray(webauthnChallenges.challenge, ['challenge-long-expired', 'challenge-valid']));
    expect(challengesLeft.map((row) => row.challenge)).toEqual(['challenge-valid']);

    // A second run finds nothing more.
    expect(await purgeExpiredCredentials(app.db, NOW)).toEqual({
      otpCodes: 0,
      accountTokens: 0,
      sessions: 0,
      secondStepTickets: 0,
      webauthnChallenges: 0,
    });
  });
});
