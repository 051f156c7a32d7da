import type { TNotificationType } from '@medhire/contract/notifications';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { notifications, type TNotificationData, type TNotificationRow } from '../../db/schema/hiring.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import { NOTIFICATION_DELIVERY_QUEUE, type NotificationDeliveryJob } from './queues.ts';

export interface NotificationContent {
  type: TNotificationType;
  title: string;
  body: string;
  data: TNotificationData;
  /** When it happened (demo data dates events in the past); now when left out. */
  now?: Date;
}

export interface NotifyUsersOptions extends NotificationContent {
  db: Db;
  userIds: readonly string[];
}

/**
 * Stores one notification per user (each user once) and queues their delivery (socket, push)
 * through the same `db`. Callers pass their transaction: the rows and the delivery job then
 * commit together, and delivery starts only after the commit.
 */
export async function notifyUsers({
  db,
  userIds,
  type,
  title,
  body,
  data,
  now,
}: NotifyUsersOptions): Promise<TNotificationRow[]> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const createdAt = now ?? new Date();
  const rows = await db
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, type, title, body, data, createdAt })))
    .returning();
  const job: NotificationDeliveryJob = { notificationIds: rows.map((row) => row.id) };
  await enqueueJob(db, NOTIFICATION_DELIVERY_QUEUE, job);
  return rows;
}

/** The employer users of an organisation who can still use MedHire, oldest account first. */
export async function organizationEmployerUserIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organizationId, organizationId), eq(users.role, 'employer'), isNull(users.archivedAt)),
    )
    .orderBy(users.createdAt);
  return rows.map((row) => row.id);
}

export interface NotifyOrganizationOptions extends NotificationContent {
  db: Db;
  organizationId: string;
}

/** Notifies every employer user of the organisation; answers the stored rows. */
export async function notifyOrganization({
  db,
  organizationId,
  ...content
}: NotifyOrganizationOptions): Promise<TNotificationRow[]> {
  return notifyUsers({ db, userIds: await organizationEmployerUserIds(db, organizationId), ...content });
}
