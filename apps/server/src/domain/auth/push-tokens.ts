import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { pushTokens } from '../../db/schema/accounts.ts';
import { parsePushSubscription, type StoredPushSubscription } from '../notifications/push-subscription.ts';

interface PushTokenOptions {
  db: Db;
  userId: string;
  /** The browser's PushSubscription JSON. */
  value: string;
  /** Host names push endpoints may use (config.pushAllowedHosts). */
  allowedHosts: readonly string[];
  now?: Date;
}

/**
 * Registers a browser's push subscription for the account; a user may have several browsers.
 * A browser signed in to another account before hands its subscription over: pushes follow
 * whoever is signed in on that browser now. Answers the stored (normalised) JSON.
 */
export async function savePushToken({ db, userId, value, allowedHosts, now = new Date() }: PushTokenOptions) {
  const subscription = parsePushSubscription(value, allowedHosts);
  const stored = JSON.stringify(subscription);
  await db.transaction(async (tx) => {
    // A re-subscription of the same browser keeps its endpoint with new keys: replace the row.
    await tx
      .delete(pushTokens)
      .where(or(eq(pushTokens.endpoint, subscription.endpoint), eq(pushTokens.value, stored)));
    await tx
      .insert(pushTokens)
      .values({ userId, value: stored, endpoint: subscription.endpoint, updatedAt: now });
  });
  return { value: stored };
}

/** Removes the browser's subscription from the account; another account's is left alone. */
export async function deletePushToken({ db, userId, value, allowedHosts }: PushTokenOptions) {
  const subscription = parsePushSubscription(value, allowedHosts);
  await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.endpoint, subscription.endpoint)));
  return { value: JSON.stringify(subscription) };
}

export interface UserPushSubscription {
  id: string;
  subscription: StoredPushSubscription;
}

/** The user's browser subscriptions (rows from before subscriptions, without endpoint, are skipped). */
export async function listPushSubscriptions(db: Db, userId: string): Promise<UserPushSubscription[]> {
  const rows = await db
    .select({ id: pushTokens.id, value: pushTokens.value, endpoint: pushTokens.endpoint })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId));
  return rows.flatMap((row) =>
    row.endpoint ? [{ id: row.id, subscription: JSON.parse(row.value) as StoredPushSubscription }] : [],
  );
}

/** The stored subscription values of the user (what save-fcm-token stored). */
export async function listPushTokens(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ value: pushTokens.value })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId));
  return rows.map((row) => row.value);
}
