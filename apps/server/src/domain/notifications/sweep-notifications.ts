import { and, asc, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { notifications } from '../../db/schema/hiring.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import { NOTIFICATION_DELIVERY_QUEUE, type NotificationDeliveryJob } from './queues.ts';

/** A notification still undelivered this long after it was stored has lost its delivery job. */
export const SWEEP_AFTER_MS = 60_000;
const SWEEP_LIMIT = 1_000;
const IDS_PER_JOB = 50;

/**
 * A new message's notifications are stored in the send's own statement (store-message.ts); the
 * few whose recipient wants a push get their delivery job queued just after that commit, outside
 * it. A crash in between would leave them undelivered: this scheduled sweep queues a delivery
 * job for every notification still undelivered a minute after it was stored. The delivery job
 * claims each row once (deliver-notifications.ts), so a row queued twice is delivered once.
 * Answers how many notifications it queued.
 */
export async function sweepUndeliveredNotifications({
  db,
  now = new Date(),
  olderThanMs = SWEEP_AFTER_MS,
}: {
  db: Db;
  now?: Date;
  /**
   * Only notifications stored at least this long ago. 0 right after a database outage, when the
   * jobs of the newest ones may have been lost with it (a row queued twice is delivered once).
   */
  olderThanMs?: number;
}): Promise<number> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNull(notifications.deliveredAt),
        lt(notifications.createdAt, new Date(now.getTime() - olderThanMs)),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(SWEEP_LIMIT);
  for (let start = 0; start < rows.length; start += IDS_PER_JOB) {
    const job: NotificationDeliveryJob = {
      notificationIds: rows.slice(start, start + IDS_PER_JOB).map((row) => row.id),
    };
    await enqueueJob(db, NOTIFICATION_DELIVERY_QUEUE, job);
  }
  return rows.length;
}
