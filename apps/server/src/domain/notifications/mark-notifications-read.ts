import { CONVERSATION_MESSAGES } from '@medhire/contract/conversations';
import {
  NOTIFICATION_MESSAGES,
  type TMarkAllNotificationsReadData,
  type TMarkConversationNotificationsReadData,
  type TMarkNotificationReadData,
} from '@medhire/contract/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, notifications } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { countUnreadNotifications } from './list-notifications.ts';
import { toNotification } from './to-notification.ts';

const notificationNotFound = () => new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<TMarkAllNotificationsReadData> {
  const updated = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { unreadCount: 0, updated: updated.length };
}

/** Marks one of the user's notifications read; someone else's answers 404 and stays as it was. */
export async function markNotificationRead({
  db,
  userId,
  notificationId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  notificationId: string;
  now?: Date;
}): Promise<TMarkNotificationReadData> {
  if (!isUuid(notificationId)) throw notificationNotFound();
  const [row] = await db
    .update(notifications)
    // A notification read earlier keeps its first read time.
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notificationNotFound();
  return { notification: toNotification(row), unreadCount: await countUnreadNotifications(db, userId) };
}

/**
 * Marks the user's notifications of one conversation read (opening a conversation). The
 * conversation must be one the caller may open: one of the organisation's, and for a delegate one
 * of a job assigned to them. Any other answers 404, as opening it does.
 */
export async function markConversationNotificationsRead({
  db,
  owner,
  conversationId,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  conversationId: string;
  now?: Date;
}): Promise<TMarkConversationNotificationsReadData> {
  const { userId, organizationId } = owner;
  const notFound = new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound);
  if (!isUuid(conversationId) || !organizationId) throw notFound;
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.organizationId, organizationId),
        delegateJobRowCondition(owner, conversations.jobId),
      ),
    )
    .limit(1);
  if (!conversation) throw notFound;
  const updated = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'conversation' = ${conversationId}`,
      ),
    )
    .returning({ id: notifications.id });
  return { unreadCount: await countUnreadNotifications(db, userId), updated: updated.length };
}
