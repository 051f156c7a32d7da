import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import webPush, { WebPushError } from 'web-push';
import type { VapidConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { pushTokens } from '../../db/schema/accounts.ts';
import { notifications } from '../../db/schema/hiring.ts';
import { toAnyNotification } from './physician-notification-view.ts';
import { isAllowedPushHost, type StoredPushSubscription } from './push-subscription.ts';
import type { NotificationPushJob } from './queues.ts';

/** How long a push service keeps a message for an offline browser. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service that does not answer in time fails the job, which is retried later. */
const PUSH_TIMEOUT_MS = 10_000;

export type PushOutcome = 'sent' | 'gone' | 'skipped';

type PushTokenRow = typeof pushTokens.$inferSelect;

/**
 * Sends one payload to one stored browser subscription with Web Push (VAPID, aes128gcm). A
 * subscription the push service no longer knows (404/410) is deleted; any other failure throws
 * so the queue retries with backoff. `agent` is for tests (a local push service's certificate).
 */
export async function pushToSubscription({
  db,
  token,
  payload,
  vapid,
  allowedHosts,
  ttlSeconds = PUSH_TTL_SECONDS,
  urgency,
  agent,
}: {
  db: Db;
  token: PushTokenRow;
  payload: object;
  vapid: VapidConfig;
  allowedHosts: readonly string[];
  ttlSeconds?: number;
  /** RFC 8030 Urgency; the push service's default (normal) when left out. */
  urgency?: 'normal' | 'high';
  agent?: Agent;
}): Promise<PushOutcome> {
  const subscription = JSON.parse(token.value) as StoredPushSubscription;
  // Checked again at send time: the allow-list may have shrunk since the browser subscribed.
  if (!isAllowedPushHost(new URL(subscription.endpoint).hostname, allowedHosts)) return 'skipped';
  try {
    await webPush.sendNotification(subscription, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: ttlSeconds,
      timeout: PUSH_TIMEOUT_MS,
      contentEncoding: 'aes128gcm',
      ...(urgency ? { urgency } : {}),
      ...(agent ? { agent } : {}),
    });
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await db.delete(pushTokens).where(eq(pushTokens.id, token.id));
      return 'gone';
    }
    throw error;
  }
}

/**
 * Sends one stored notification to one browser subscription (see pushToSubscription). Nothing
 * here runs inside a request.
 */
export async function sendNotificationPush({
  db,
  job,
  vapid,
  allowedHosts,
}: {
  db: Db;
  job: NotificationPushJob;
  vapid: VapidConfig;
  allowedHosts: readonly string[];
}): Promise<PushOutcome> {
  const [[token], [row]] = await Promise.all([
    db.select().from(pushTokens).where(eq(pushTokens.id, job.pushTokenId)).limit(1),
    db.select().from(notifications).where(eq(notifications.id, job.notificationId)).limit(1),
  ]);
  // Unsubscribed, or the notification was purged, while the job waited.
  if (!token?.endpoint || !row || token.userId !== row.userId) return 'skipped';
  return pushToSubscription({ db, token, payload: toAnyNotification(row), vapid, allowedHosts });
}
