import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { pushTokens } from '../../db/schema/accounts.ts';

/**
 * Registers a browser's push token for the account. A browser signed in to another account
 * before hands its token over: pushes follow whoever is signed in on that browser now.
 */
export async function savePushToken({ db, userId, value }: { db: Db; userId: string; value: string }) {
  await db
    .insert(pushTokens)
    .values({ userId, value })
    .onConflictDoUpdate({ target: pushTokens.value, set: { userId, updatedAt: new Date() } });
  return { value };
}

/** Removes the token from the account; a token of another account is left alone. */
export async function deletePushToken({ db, userId, value }: { db: Db; userId: string; value: string }) {
  await db.delete(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.value, value)));
  return { value };
}

export async function listPushTokens(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ value: pushTokens.value })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId));
  return rows.map((row) => row.value);
}
