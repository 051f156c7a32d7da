import type { TGetAllNotificationsQueryParsed, TNotificationListData } from '@medhire/contract/notifications';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { conversations, notifications } from '../../db/schema/hiring.ts';
import { physicianHiddenOrganizations } from '../../db/schema/physicians.ts';
import { toNotification } from './to-notification.ts';

/**
 * An employer's notification about a physician who now hides from the organisation (an
 * application, an answered invite, a message) is no longer theirs to see: it names the physician.
 * The physician is the notification's `physicianId`, or the physician of its conversation.
 * Physicians' own notifications never match (their account has no organisation).
 */
function isNotAboutHiddenPhysician(): SQL {
  return sql`not exists (
    select 1 from ${physicianHiddenOrganizations}
    join ${users} on ${users.id} = ${notifications.userId}
      and ${users.organizationId} = ${physicianHiddenOrganizations.organizationId}
    where ${physicianHiddenOrganizations.physicianId} = coalesce(
      (${notifications.data}->>'physicianId')::uuid,
      (select ${conversations.physicianId} from ${conversations}
        where ${conversations.id} = (${notifications.data}->>'conversation')::uuid)))`;
}

/** How many of the user's notifications are unread (the bell's badge). */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), isNotAboutHiddenPhysician()));
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
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt), isNotAboutHiddenPhysician())
    : and(eq(notifications.userId, userId), isNotAboutHiddenPhysician());
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
