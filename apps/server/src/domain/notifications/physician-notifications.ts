import {
  PHYSICIAN_NOTIFICATION_MESSAGES,
  PHYSICIAN_NOTIFICATION_TYPES,
  type TPhysicianMarkReadData,
  type TPhysicianNotificationList,
  type TPhysicianNotificationPreferencesData,
  type TPhysicianNotificationsQuery,
  type TUpdatePhysicianNotificationPreferencesBody,
} from '@medhire/contract/physician-notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { notifications } from '../../db/schema/hiring.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { countUnreadNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-notifications-read.ts';
import { toPhysicianNotification } from './physician-notification-view.ts';

/**
 * The physician's notification calls. Rows, counts, read marks and channel choices are the
 * employer's tables and functions (keyed by user); what differs is the types and their view.
 */

export { countUnreadNotifications, markAllNotificationsRead };

/** The physician's notifications newest first, one page, with the unread count. */
export async function listPhysicianNotifications({
  db,
  userId,
  query,
}: {
  db: Db;
  userId: string;
  query: TPhysicianNotificationsQuery;
}): Promise<TPhysicianNotificationList> {
  const { pageSize, pageNumber, unread } = query;
  const filter = unread
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [matching], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(filter)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ value: count() }).from(notifications).where(filter),
    countUnreadNotifications(db, userId),
  ]);
  return {
    notifications: rows.map(toPhysicianNotification),
    unreadCount,
    total: matching?.value ?? 0,
    pageNumber,
    pageSize,
  };
}

/** Marks one of the physician's notifications read; anyone else's answers 404 and stays unread. */
export async function markPhysicianNotificationRead({
  db,
  userId,
  notificationId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  notificationId: string;
  now?: Date;
}): Promise<TPhysicianMarkReadData> {
  const notFound = new AppError('NOT_FOUND', PHYSICIAN_NOTIFICATION_MESSAGES.notFound);
  if (!isUuid(notificationId)) throw notFound;
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound;
  return {
    notification: toPhysicianNotification(row),
    unreadCount: await countUnreadNotifications(db, userId),
  };
}

/** Every physician type's channels: stored choices over the defaults (push and e-mail on). */
export async function getPhysicianNotificationPreferences(
  db: Db,
  userId: string,
): Promise<TPhysicianNotificationPreferencesData> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        inArray(notificationPreferences.type, [...PHYSICIAN_NOTIFICATION_TYPES]),
      ),
    );
  const byType = new Map(rows.map((row) => [row.type, row]));
  return {
    preferences: PHYSICIAN_NOTIFICATION_TYPES.map((type) => ({
      type,
      inApp: true as const,
      push: byType.get(type)?.push ?? true,
      email: byType.get(type)?.email ?? true,
    })),
  };
}

/** Changes the channels named in the body; the other types and channels keep their values. */
export async function updatePhysicianNotificationPreferences({
  db,
  userId,
  body,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  body: TUpdatePhysicianNotificationPreferencesBody;
  now?: Date;
}): Promise<TPhysicianNotificationPreferencesData> {
  await db.transaction(async (tx) => {
    for (const { type, push, email } of body.preferences) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, type, push: push ?? true, email: email ?? true, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: {
            ...(push === undefined ? {} : { push }),
            ...(email === undefined ? {} : { email }),
            updatedAt: now,
          },
        });
    }
  });
  return getPhysicianNotificationPreferences(db, userId);
}
