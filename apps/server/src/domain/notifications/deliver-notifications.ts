import type { TNotificationSocketPayload } from '@medhire/contract/notifications';
import type { TPhysicianNotificationSocketPayload } from '@medhire/contract/physician-notifications';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { pushTokens } from '../../db/schema/accounts.ts';
import { notifications, type TNotificationRow } from '../../db/schema/hiring.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import { countUnreadNotifications } from './list-notifications.ts';
import { isPhysicianNotificationType, toPhysicianNotification } from './physician-notification-view.ts';
import {
  NOTIFICATION_EMAIL_QUEUE,
  NOTIFICATION_PUSH_QUEUE,
  type NotificationEmailJob,
  type NotificationPushJob,
} from './queues.ts';
import { toNotification } from './to-notification.ts';

/** A physician is e-mailed in place of a push only about what happened within this time. */
export const EMAIL_FALLBACK_MAX_AGE_MS = 24 * 3600_000;

export interface LiveNotification {
  userId: string;
  payload: TNotificationSocketPayload | TPhysicianNotificationSocketPayload;
}

/**
 * Marks the notifications among `ids` not delivered yet as delivered, in the caller's
 * transaction, and answers them. The rows are locked by primary key first and then updated by
 * primary key: a single `update … where id in (…) and delivered_at is null` was planned on the
 * partial index of undelivered notifications (small when the plan was cached), and then read
 * every undelivered row for each job, so a backlog (a burst of sends, the sweep after an outage)
 * drained in time growing with its square.
 */
async function claimUndelivered(tx: Db, ids: readonly string[], now: Date): Promise<TNotificationRow[]> {
  const locked = await tx
    .select({ id: notifications.id, deliveredAt: notifications.deliveredAt })
    .from(notifications)
    .where(inArray(notifications.id, [...ids]))
    .for('update');
  const undelivered = locked.filter((row) => row.deliveredAt === null).map((row) => row.id);
  if (undelivered.length === 0) return [];
  return tx
    .update(notifications)
    .set({ deliveredAt: now })
    .where(inArray(notifications.id, undelivered))
    .returning();
}

/**
 * The delivery job of new notifications. In one transaction it claims the rows not delivered
 * yet (so a retried or duplicated job delivers nothing twice) and queues one push job per
 * browser subscription of each recipient who wants pushes of that type. A physician who gets no
 * push (push turned off for the type or the alert, or no browser subscribed) is e-mailed the
 * notification instead when e-mail is on for it. Answers the live events to emit on the
 * recipients' socket rooms once that transaction has committed.
 */
export async function claimNotificationDelivery({
  db,
  notificationIds,
  now = new Date(),
}: {
  db: Db;
  notificationIds: readonly string[];
  now?: Date;
}): Promise<LiveNotification[]> {
  if (notificationIds.length === 0) return [];
  const claimed = await db.transaction(async (tx) => {
    const rows = await claimUndelivered(tx, notificationIds, now);
    for (const row of rows) {
      const isPhysicians = isPhysicianNotificationType(row.type);
      // An alert's own channels narrow the type's (a JOB_ALERT from an e-mail-only alert).
      const alertChannels = row.data.alertChannels ?? { push: true, email: true };
      const subscriptions = await tx
        .select({ id: pushTokens.id })
        .from(pushTokens)
        .leftJoin(
          notificationPreferences,
          and(
            eq(notificationPreferences.userId, pushTokens.userId),
            eq(notificationPreferences.type, row.type),
          ),
        )
        .where(
          and(
            eq(pushTokens.userId, row.userId),
            sql`${pushTokens.endpoint} is not null`,
            sql`coalesce(${notificationPreferences.push}, true)`,
            sql`${alertChannels.push}::boolean`,
          ),
        );
      for (const subscription of subscriptions) {
        const job: NotificationPushJob = { notificationId: row.id, pushTokenId: subscription.id };
        await enqueueJob(tx, NOTIFICATION_PUSH_QUEUE, job);
      }
      // An e-mail about something a day old tells nothing the app does not (demo data dates
      // its events in the past, and a delivery job retried for a day would be late news).
      const isRecent = now.getTime() - row.createdAt.getTime() < EMAIL_FALLBACK_MAX_AGE_MS;
      if (isPhysicians && subscriptions.length === 0 && alertChannels.email && isRecent) {
        const [preference] = await tx
          .select({ email: notificationPreferences.email })
          .from(notificationPreferences)
          .where(
            and(eq(notificationPreferences.userId, row.userId), eq(notificationPreferences.type, row.type)),
          )
          .limit(1);
        if (preference?.email ?? true) {
          const job: NotificationEmailJob = { notificationId: row.id };
          await enqueueJob(tx, NOTIFICATION_EMAIL_QUEUE, job);
        }
      }
    }
    return rows;
  });
  const live: LiveNotification[] = [];
  for (const row of claimed) {
    const unreadCount = await countUnreadNotifications(db, row.userId);
    live.push({
      userId: row.userId,
      payload: isPhysicianNotificationType(row.type)
        ? { notification: toPhysicianNotification(row), unreadCount }
        : { notification: toNotification(row), unreadCount },
    });
  }
  return live;
}
