import type { TGetAllNotificationsQueryParsed, TNotificationListData } from '@medhire/contract/notifications';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
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
  // Three small queries side by side on the pool: the page and two counts, each served by an
  // index of its own (a single counting pass with a filter measured slower: it reads the rows).
  const [rows, [matching], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(filter)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ value: count() }).from(notifications).where(filter),
    unread ? undefined : countUnreadNotifications(db, userId),
  ]);
  const total = matching?.value ?? 0;
  return {
    notifications: rows.map(toNotification),
    unreadCount: unreadCount ?? total,
    total,
    pageNumber,
    pageSize,
  };
}
