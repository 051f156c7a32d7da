import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  NOTIFICATION_DELIVERY_QUEUE,
  NOTIFICATION_SWEEP_QUEUE,
} from '../../src/domain/notifications/queues.ts';
import { buildTestApp, getTestDatabase } from '../helper.ts';

interface QueueRow {
  name: string;
  retry_limit: number;
  updated_on: Date;
}

interface ScheduleRow {
  name: string;
  cron: string;
  updated_on: Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function storedQueues(): Promise<Map<string, QueueRow>> {
  const { db } = await getTestDatabase();
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`select name, retry_limit, updated_on from pgboss.queue`),
  );
  return new Map(rows.map((row) => [row.name, row]));
}

async function storedSchedules(): Promise<Map<string, ScheduleRow>> {
  const { db } = await getTestDatabase();
  const rows = rowsOf<ScheduleRow>(await db.execute(sql`select name, cron, updated_on from pgboss.schedule`));
  return new Map(rows.map((row) => [row.name, row]));
}

it('a start on a database whose queues and schedules are up to date writes neither', async () => {
  // The first start brings every queue and schedule up to date.
  await (await buildTestApp()).close();
  const queues = await storedQueues();
  const schedules = await storedSchedules();
  expect(queues.get(NOTIFICATION_DELIVERY_QUEUE)).toBeDefined();
  expect(schedules.get(NOTIFICATION_SWEEP_QUEUE)).toBeDefined();

  const app = await buildTestApp();
  try {
    // Its workers run: a job sent now is done.
    const jobId = await app.queue.send(NOTIFICATION_DELIVERY_QUEUE, { notificationIds: [] });
    await expect
      .poll(async () => (await app.queue.boss.getJobById(NOTIFICATION_DELIVERY_QUEUE, jobId))?.state, {
        timeout: 10_000,
      })
      .toBe('completed');
    expect(await storedQueues()).toEqual(queues);
    expect(await storedSchedules()).toEqual(schedules);
  } finally {
    await app.close();
  }
});

it('a start writes the queue settings and schedules that changed', async () => {
  await (await buildTestApp()).close();
  const before = await storedQueues();
  const schedulesBefore = await storedSchedules();
  const { db } = await getTestDatabase();
  await db.execute(
    sql`update pgboss.queue set retry_limit = retry_limit + 7 where name = ${NOTIFICATION_DELIVERY_QUEUE}`,
  );
  await db.execute(
    sql`update pgboss.schedule set cron = '0 0 1 1 *' where name = ${NOTIFICATION_SWEEP_QUEUE}`,
  );

  const app = await buildTestApp();
  try {
    const after = await storedQueues();
    expect(after.get(NOTIFICATION_DELIVERY_QUEUE)?.retry_limit).toBe(
      before.get(NOTIFICATION_DELIVERY_QUEUE)?.retry_limit,
    );
    const schedulesAfter = await storedSchedules();
    expect(schedulesAfter.get(NOTIFICATION_SWEEP_QUEUE)?.cron).toBe(
      schedulesBefore.get(NOTIFICATION_SWEEP_QUEUE)?.cron,
    );
  } finally {
    await app.close();
  }
});
