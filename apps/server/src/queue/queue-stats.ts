import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { QUEUE_SCHEMA } from './enqueue-job.ts';

export interface QueueStats {
  queue: string;
  /** Jobs waiting for a worker now (created or retrying, their start time reached). */
  queued: number;
  /** Jobs waiting for a later start: scheduled, or a retry's backoff not over yet. */
  deferred: number;
  active: number;
  /** Jobs that used up their retries, until pg-boss archives them. */
  failed: number;
  /** Seconds the longest-waiting queued job has been due; 0 when none is queued. */
  oldestQueuedSeconds: number;
}

type QueueRow = {
  queue: string;
  queued: number;
  deferred: number;
  active: number;
  failed: number;
  oldest_queued_seconds: number;
};

/**
 * The state of every queue across all instances, read from pg-boss's tables in one statement
 * (at scrape time, not on a timer). Completed and cancelled jobs, the bulk of the table, are
 * left out by the join's condition.
 */
export async function readQueueStats(db: Db): Promise<QueueStats[]> {
  const schema = sql.identifier(QUEUE_SCHEMA);
  const result = await db.execute<QueueRow>(sql`
    select q.name as queue,
      (count(*) filter (where j.state < 'active' and j.start_after <= now()))::int as queued,
      (count(*) filter (where j.state < 'active' and j.start_after > now()))::int as deferred,
      (count(*) filter (where j.state = 'active'))::int as active,
      (count(*) filter (where j.state = 'failed'))::int as failed,
      coalesce(extract(epoch from now() - min(j.start_after)
        filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as oldest_queued_seconds
    from ${schema}.queue q
    left join ${schema}.job j on j.name = q.name and j.state not in ('completed', 'cancelled')
    group by q.name
    order by q.name`);
  const rows = Array.isArray(result) ? (result as QueueRow[]) : (result as { rows: QueueRow[] }).rows;
  return rows.map((row) => ({
    queue: row.queue,
    queued: row.queued,
    deferred: row.deferred,
    active: row.active,
    failed: row.failed,
    oldestQueuedSeconds: row.oldest_queued_seconds,
  }));
}
