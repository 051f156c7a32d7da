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

/**
 * Whether any physician hides from the user's organisation. Mostly none does, and then the
 * per-notification check above can only pass: it is left out, so the counts read the user's
 * notification index alone instead of each row's data.
 */
async function hasHiddenPhysicians(db: Db, userId: string): Promise<boolean> {
  const rows = (await db.execute(sql`select 1 from ${physicianHiddenOrganizations}
    join ${users} on ${users.organizationId} = ${physicianHiddenOrganizations.organizationId}
    where ${users.id} = ${userId} limit 1`)) as unknown as unknown[];
  return rows.length > 0;
}

/** The visibility condition to apply: none when no physician hides from the organisation. */
async function visibilityFor(db: Db, userId: string): Promise<SQL | undefined> {
  return (await hasHiddenPhysicians(db, userId)) ? isNotAboutHiddenPhysician() : undefined;
}

/**
 * How many of the user's notifications are unread (the bell's badge). `known` passes on a
 * visibility condition the caller already worked out (undefined inside it: none applies).
 */
export async function countUnreadNotifications(
  db: Db,
  userId: string,
  known?: { visible: SQL | undefined },
): Promise<number> {
  const visible = known ? known.visible : await visibilityFor(db, userId);
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), visible));
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
  const visible = await visibilityFor(db, userId);
  const filter = unread
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt), visible)
    : and(eq(notifications.userId, userId), visible);
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
    unread ? undefined : countUnreadNotifications(db, userId, { visible }),
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
