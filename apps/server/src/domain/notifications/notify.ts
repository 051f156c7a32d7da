import type { TNotificationType } from '@medhire/contract/notifications';
import type { TPhysicianNotificationType } from '@medhire/contract/physician-notifications';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  conversations,
  notifications,
  type TNotificationData,
  type TNotificationRow,
} from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import { NOTIFICATION_DELIVERY_QUEUE, type NotificationDeliveryJob } from './queues.ts';

export interface NotificationContent {
  type: TNotificationType | TPhysicianNotificationType;
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

/**
 * Stores notifications of different contents (one per entry) and queues their delivery as one
 * job, through the same `db` as notifyUsers: a bulk change notifies everyone it touched at once.
 */
export async function notifyUsersEach(
  db: Db,
  entries: ReadonlyArray<NotificationContent & { userId: string }>,
): Promise<TNotificationRow[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      entries.map(({ userId, type, title, body, data, now }) => ({
        userId,
        type,
        title,
        body,
        data,
        createdAt: now ?? new Date(),
      })),
    )
    .returning();
  const job: NotificationDeliveryJob = { notificationIds: rows.map((row) => row.id) };
  await enqueueJob(db, NOTIFICATION_DELIVERY_QUEUE, job);
  return rows;
}

/**
 * The members of an organisation who should hear about an event, oldest account first: every
 * owner, admin and recruiter who can still use MedHire, and the delegates the event's job
 * (`jobId`) is assigned to. An event with no job reaches no delegate.
 */
export async function organizationEmployerUserIds(
  db: Db,
  organizationId: string,
  jobId: string | null = null,
): Promise<string[]> {
  const delegateOfJob = jobId
    ? sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobId} and ${jobs.assigneeUserId} = ${users.id})`
    : sql`false`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.role, 'employer'),
        isNull(users.archivedAt),
        or(ne(users.memberRole, 'delegate'), delegateOfJob),
      ),
    )
    .orderBy(users.createdAt);
  return rows.map((row) => row.id);
}

/** The job an event is about: its own `jobId`, or the job of its conversation. */
async function jobOfNotification(db: Db, data: TNotificationData): Promise<string | null> {
  if (data.jobId) return data.jobId;
  if (!data.conversation) return null;
  const [row] = await db
    .select({ jobId: conversations.jobId })
    .from(conversations)
    .where(eq(conversations.id, data.conversation))
    .limit(1);
  return row?.jobId ?? null;
}

export interface NotifyOrganizationOptions extends NotificationContent {
  db: Db;
  organizationId: string;
}

/** Notifies the members of the organisation who should see the event; answers the stored rows. */
export async function notifyOrganization({
  db,
  organizationId,
  ...content
}: NotifyOrganizationOptions): Promise<TNotificationRow[]> {
  const jobId = await jobOfNotification(db, content.data);
  return notifyUsers({
    db,
    userIds: await organizationEmployerUserIds(db, organizationId, jobId),
    ...content,
  });
}

/**
 * Queues the delivery job of notifications already committed without one (a new message's, see
 * store-message.ts). It runs after that commit, so it cannot fail the change: a job that could not
 * be queued is logged, and the scheduled sweep (sweep-notifications.ts) queues it within minutes.
 */
export async function queueNotificationDelivery({
  db,
  notificationIds,
  log,
}: {
  db: Db;
  notificationIds: readonly string[];
  /** The request's logger. */
  log: { error: (details: object, message: string) => void };
}): Promise<void> {
  if (notificationIds.length === 0) return;
  const job: NotificationDeliveryJob = { notificationIds: [...notificationIds] };
  try {
    await enqueueJob(db, NOTIFICATION_DELIVERY_QUEUE, job);
  } catch (error) {
    log.error(
      { err: error, notificationIds },
      'Queueing the delivery of notifications failed; the sweep will retry',
    );
  }
}
