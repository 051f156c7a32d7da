import { setTimeout as delay } from 'node:timers/promises';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Db } from '../db/index.ts';
import { type EnqueueOptions, enqueueJob, QUEUE_SCHEMA } from '../queue/enqueue-job.ts';
import { drizzleSqlExecutor } from '../queue/sql-executor.ts';

/** How many times a queue's creation is tried at start before the start fails. */
const QUEUE_CREATE_ATTEMPTS = 5;

/** How long the workers must have been idle before the queue lets the database close. */
const QUIET_BEFORE_CLOSE_MS = 200;

/** How a queue retries a failed job: `retryDelay` seconds, doubled each time with `retryBackoff`. */
export interface QueueSettings {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** How often an idle worker looks for jobs (pg-boss polls; at least 0.5 s). */
  pollingIntervalSeconds?: number;
}

export interface JobAttempt {
  id: string;
  /** True on the queue's last try: a handler that must record a final failure does it then. */
  isLastAttempt: boolean;
}

export type JobHandler<T> = (data: T, job: JobAttempt) => Promise<void>;

export interface JobQueue {
  /** Adds a job; pass `db: tx` to add it inside a transaction (it then exists exactly when that commits). */
  send(name: string, data: object, options?: EnqueueOptions & { db?: Db }): Promise<string>;
  /** Registers the handler of a queue; workers start when the server is ready. A throw retries the job. */
  work<T extends object>(name: string, settings: QueueSettings, handler: JobHandler<T>): void;
  /** Runs a job on a cron schedule (UTC), once across all instances. */
  schedule(name: string, cron: string): void;
  /** Stops taking new jobs (in-flight ones finish); `startWorkers` resumes. */
  stopWorkers(): Promise<void>;
  startWorkers(): Promise<void>;
  boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (pg-boss in PostgreSQL): push, e-mail digests, later renewals and exports. */
    queue: JobQueue;
  }
}

/**
 * The intervals (seconds) of pg-boss's own upkeep: expiring and archiving jobs, counting queue
 * states, checking cron schedules. Left out, pg-boss's defaults apply (the server never sets them;
 * the idle-server test compresses them to run many cycles in seconds).
 */
export interface QueueTimings {
  maintenanceIntervalSeconds?: number;
  monitorStateIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
}

export interface QueuePluginOptions {
  timings?: QueueTimings;
}

/** Cron schedules run in UTC. */
const SCHEDULE_TIME_ZONE = 'UTC';

/** True when a stored queue already has these retry settings (policy standard). */
function hasSettings(
  stored: PgBoss.QueueResult,
  retry: Omit<QueueSettings, 'pollingIntervalSeconds'>,
): boolean {
  return (
    stored.policy === 'standard' &&
    stored.retryLimit === retry.retryLimit &&
    stored.retryDelay === retry.retryDelay &&
    stored.retryBackoff === retry.retryBackoff
  );
}

/** A row of pgboss.schedule as getSchedules answers it (`select *`: its time zone too). */
type StoredSchedule = PgBoss.Schedule & { timezone?: string };

/** True when a stored schedule already runs this cron in UTC with no data (what `schedule` stores). */
function isScheduled(stored: StoredSchedule | undefined, cron: string): boolean {
  if (!stored || stored.cron !== cron || stored.timezone !== SCHEDULE_TIME_ZONE) return false;
  const data: unknown = stored.data;
  return data === null || data === undefined || (typeof data === 'object' && Object.keys(data).length === 0);
}

interface Registration {
  name: string;
  settings: QueueSettings;
  handler: JobHandler<object>;
}

/**
 * pg-boss over the app's own postgres.js client (through Drizzle), schema `pgboss` (created by
 * migration 0010). Every instance runs workers; jobs are claimed with SKIP LOCKED so each runs
 * once, retried with exponential backoff when its handler throws.
 */
export default fp<QueuePluginOptions>(
  async (app, options) => {
    const boss = new PgBoss({
      ...options.timings,
      db: drizzleSqlExecutor(app.db),
      schema: QUEUE_SCHEMA,
      // Archive completed jobs after a day and drop them after a week.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'Job queue error'));
    await boss.start();

    const registrations: Registration[] = [];
    const schedules: { name: string; cron: string }[] = [];
    let workerIds: string[] = [];
    let isReady = false;
    const running = new Set<Promise<void>>();
    let lastJobEndedAt = 0;

    // Instances starting together on a new database create the same queues at once; pg-boss's
    // create_queue attaches a partition to its job table without a lock of its own, so one of
    // them can lose a deadlock. Creating a queue is idempotent: try again after a moment.
    const createQueueOnce = async (name: string, options: PgBoss.Queue) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await boss.createQueue(name, options);
          return;
        } catch (error) {
          if (attempt >= QUEUE_CREATE_ATTEMPTS) throw error;
          app.log.warn({ err: error, queue: name, attempt }, 'Creating the queue failed; trying again');
          await delay(100 * attempt + Math.floor(Math.random() * 100));
        }
      }
    };

    const startWorkers = async () => {
      if (workerIds.length > 0) return;
      // Queues are created one at a time (see createQueueOnce), and only those that do not exist
      // yet. A queue's retry settings are written only when they differ from the stored ones: on
      // an existing database that is none, and each write is a commit of its own that start-up
      // would wait for.
      const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
      for (const { name, settings } of registrations) {
        if (existing.has(name)) continue;
        const { pollingIntervalSeconds: _polling, ...retry } = settings;
        await createQueueOnce(name, { name, policy: 'standard', ...retry });
      }
      const ids = await Promise.all(
        registrations.map(async ({ name, settings, handler }) => {
          const { pollingIntervalSeconds = 2, ...retry } = settings;
          const stored = existing.get(name);
          if (!stored || !hasSettings(stored, retry)) {
            await boss.updateQueue(name, { name, policy: 'standard', ...retry });
          }
          const options = { batchSize: 1, pollingIntervalSeconds, includeMetadata: true as const };
          let id = '';
          id = await boss.work<object>(name, options, async (jobs) => {
            // pg-boss waits its polling interval after every fetch, even one that found a job, so
            // a worker would run at most one job per interval and a backlog (the demo history's
            // deliveries at start-up, a burst of messages) would hold a new job back for minutes.
            // A fetch that found work asks for the next fetch at once; an empty one waits as usual.
            if (jobs.length > 0) boss.notifyWorker(id);
            for (const job of jobs) {
              const run = handler(job.data, { id: job.id, isLastAttempt: job.retryCount >= job.retryLimit });
              running.add(run);
              try {
                await run;
              } catch (error) {
                app.metrics.countJobFailure(name);
                app.log.warn({ err: error, queue: name, jobId: job.id }, 'Job failed; it will be retried');
                throw error;
              } finally {
                running.delete(run);
                lastJobEndedAt = Date.now();
              }
            }
          });
          return id;
        }),
      );
      workerIds.push(...ids);
    };

    const stopWorkers = async () => {
      const ids = workerIds;
      workerIds = [];
      if (ids.length === 0) return;
      await Promise.all(ids.map((id) => boss.offWork({ id })));
      // pg-boss stops polling at once; the jobs a worker already holds finish here. A fetch
      // already in flight may still hand a job over after that, and pg-boss marks a finished job
      // complete (or failed) without awaiting it: so wait until no job has run for a moment,
      // or that job and its bookkeeping would meet a closed database.
      for (;;) {
        while (running.size > 0) await Promise.allSettled([...running]);
        await delay(QUIET_BEFORE_CLOSE_MS);
        if (running.size === 0 && Date.now() - lastJobEndedAt >= QUIET_BEFORE_CLOSE_MS) break;
      }
    };

    const queue: JobQueue = {
      boss,
      send: (name, data, { db, ...options } = {}) => enqueueJob(db ?? app.db, name, data, options),
      work(name, settings, handler) {
        if (isReady) throw new Error(`Queue "${name}" must be registered before the server is ready.`);
        registrations.push({ name, settings, handler: handler as JobHandler<object> });
      },
      schedule(name, cron) {
        schedules.push({ name, cron });
      },
      stopWorkers,
      startWorkers,
    };
    app.decorate('queue', queue);

    app.addHook('onReady', async () => {
      isReady = true;
      await startWorkers();
      // Only the schedules that are new or changed: the same commits as the queues' settings.
      const stored = new Map(
        (await boss.getSchedules()).map((schedule: StoredSchedule) => [schedule.name, schedule]),
      );
      await Promise.all(
        schedules
          .filter(({ name, cron }) => !isScheduled(stored.get(name), cron))
          .map(({ name, cron }) => boss.schedule(name, cron, {}, { tz: SCHEDULE_TIME_ZONE })),
      );
    });
    // Before the database closes: let running jobs finish, then stop polling and maintenance.
    app.addHook('preClose', async () => {
      await stopWorkers();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    });
  },
  { name: 'queue', dependencies: ['db', 'metrics'] },
);
