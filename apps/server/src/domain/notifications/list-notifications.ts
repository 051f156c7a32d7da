import type { TGetAllNotificationsQueryParsed, TNotificationListData } from '@medhire/contract/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { notifications } from '../../db/schema/hiring.ts';
import { toNotification } from './to-notification.ts';

/** How many of the user's notifications are unread (the bell's badge). */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** The user's notifications newest first, one page, with the unread count. */
export async function listNotifications({
  db,
  userId,
  query,
}: {
  db: Db;
  userId: string;
  query: TGetAllNotificationsQueryParsed;
}): Promise<TNotificationListData> {
  const { pageSize, pageNumber, unread } = query;
  const filter = unread
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(filter)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    // One pass over the user's index entries counts both.
    db
      .select({
        total: count(),
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(filter),
  ]);
  const total = counts?.total ?? 0;
  const unreadCount = counts?.unread ?? 0;
  return {
    notifications: rows.map(toNotification),
    unreadCount,
    total,
    pageNumber,
    pageSize,
  };
}
