import type { TNotificationSocketPayload } from '@medhire/contract/notifications';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { pushTokens } from '../../db/schema/accounts.ts';
import { notifications } from '../../db/schema/hiring.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import { countUnreadNotifications } from './list-notifications.ts';
import { NOTIFICATION_PUSH_QUEUE, type NotificationPushJob } from './queues.ts';
import { toNotification } from './to-notification.ts';

export interface LiveNotification {
  userId: string;
  payload: TNotificationSocketPayload;
}

/**
 * The delivery job of new notifications. In one transaction it claims the rows not delivered
 * yet (so a retried or duplicated job delivers nothing twice) and queues one push job per
 * browser subscription of each recipient who wants pushes of that type. Answers the live
 * events to emit on the recipients' socket rooms once that transaction has committed.
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
    const rows = await tx
      .update(notifications)
      .set({ deliveredAt: now })
      .where(and(inArray(notifications.id, [...notificationIds]), isNull(notifications.deliveredAt)))
      .returning();
    for (const row of rows) {
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
          ),
        );
      for (const subscription of subscriptions) {
        const job: NotificationPushJob = { notificationId: row.id, pushTokenId: subscription.id };
        await enqueueJob(tx, NOTIFICATION_PUSH_QUEUE, job);
      }
    }
    return rows;
  });
  const live: LiveNotification[] = [];
  for (const row of claimed) {
    live.push({
      userId: row.userId,
      payload: {
        notification: toNotification(row),
        unreadCount: await countUnreadNotifications(db, row.userId),
      },
    });
  }
  return live;
}
