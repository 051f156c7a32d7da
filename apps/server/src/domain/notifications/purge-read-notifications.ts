import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { notifications } from '../../db/schema/hiring.ts';

/** Read notifications are kept this long, then purged (unread ones stay). */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;

/** Deletes notifications read more than 90 days ago; answers how many went. */
export async function purgeReadNotifications(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - READ_NOTIFICATION_RETENTION_DAYS * 24 * 3600_000);
  const deleted = await db
    .delete(notifications)
    .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, cutoff)))
    .returning({ id: notifications.id });
  return deleted.length;
}
