import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { accountTokens } from '../../db/schema/accounts.ts';
import { generateToken, hashToken } from './secret-token.ts';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export const PASSWORD_RESET_VALID_MINUTES = 15;
export const SET_PASSWORD_VALID_HOURS = 72;

export interface IssuedAccountToken {
  token: string;
  expiresAt: Date;
}

/** A single-use token that lets its holder act on one account without a session. */
export async function issueAccountToken(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  validForMs: number,
): Promise<IssuedAccountToken> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + validForMs);
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The link e-mailed after a practice is claimed: it lets the claimant choose a first password. */
export function issueSetPasswordToken(db: Db, userId: string): Promise<IssuedAccountToken> {
  return issueAccountToken(db, userId, 'set_password', SET_PASSWORD_VALID_HOURS * 60 * 60_000);
}

/**
 * Spends a live token of the purpose and returns its user id; undefined when the token is
 * unknown, of another purpose, expired or already spent. Atomic: a token is spent once.
 */
export async function consumeAccountToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  const [spent] = await db
    .update(accountTokens)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.consumedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return spent?.userId;
}

/** Reads a live token without spending it. */
export async function findLiveAccountToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<{ userId: string } | undefined> {
  const [live] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.consumedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return live;
}
