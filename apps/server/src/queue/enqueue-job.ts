/// <reference path="./pg-boss-plans.d.ts" />
import { insertJob } from 'pg-boss/src/plans.js';
import type { Db } from '../db/index.ts';
import { drizzleSqlExecutor } from './sql-executor.ts';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';

export interface EnqueueOptions {
  /** Start no sooner than this (a Date) or after this many seconds. */
  startAfter?: Date | number;
  /** At most one queued job per key (pg-boss singletonKey). */
  singletonKey?: string;
  /**
   * The job's own id (a UUID): a job with this id already in the queue is left as it is and
   * nothing is added, so a step that may run twice can queue its follow-ups exactly once.
   */
  id?: string;
  retryLimit?: number;
}

const insertJobSql = insertJob(QUEUE_SCHEMA);

async function queueExists(db: Db, name: string): Promise<boolean> {
  const { rows } = await drizzleSqlExecutor(db).executeSql(
    `SELECT 1 FROM ${QUEUE_SCHEMA}.queue WHERE name = $1`,
    [name],
  );
  return rows.length > 0;
}

/**
 * Adds a job through `db`, which may be a transaction: the job then commits or rolls back with
 * the rows that caused it, so a crash between commit and delivery loses nothing (the worker
 * finds the job when the server is back). Runs pg-boss's own INSERT with its parameters
 * ($1 id … $19, as pg-boss's `send` does); retry and backoff come from the queue's settings.
 * Throws when the queue does not exist, rather than dropping the job.
 */
export async function enqueueJob(
  db: Db,
  name: string,
  data: object,
  options: EnqueueOptions = {},
): Promise<string> {
  const startAfter =
    options.startAfter instanceof Date
      ? options.startAfter.toISOString()
      : options.startAfter !== undefined
        ? `${options.startAfter} seconds`
        : null;
  const values = [
    options.id ?? null, // 1 id
    name, // 2
    data, // 3
    null, // 4 priority
    startAfter, // 5
    options.singletonKey ?? null, // 6
    null, // 7 singletonSeconds
    0, // 8 singletonOffset
    null, // 9 deadLetter
    null, // 10 expireIn
    null, // 11 expireInDefault
    null, // 12 keepUntil
    null, // 13 keepUntilDefault
    options.retryLimit ?? null, // 14
    null, // 15 retryLimitDefault
    null, // 16 retryDelay
    null, // 17 retryDelayDefault
    null, // 18 retryBackoff
    null, // 19 retryBackoffDefault
  ];
  const { rows } = await drizzleSqlExecutor(db).executeSql(insertJobSql, values);
  const id = rows[0]?.id;
  if (typeof id !== 'string') {
    if (options.singletonKey) return '';
    if (options.id && (await queueExists(db, name))) return '';
    throw new Error(`The job queue "${name}" does not exist; it is created when the server starts.`);
  }
  return id;
}
