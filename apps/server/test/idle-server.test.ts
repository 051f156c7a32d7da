import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { afterFile } from './cleanups.ts';
import { buildTestApp } from './helper.ts';

interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}

/** pino's level numbers: 40 warn, 50 error, 60 fatal. */
const ERROR_LEVEL = 50;

/**
 * Seconds the idle server is watched with the queue's upkeep running every second. At pg-boss's
 * defaults (maintenance every 120 s, state monitoring every 60 s, cron checks every 30 s), ten
 * idle minutes hold 5 maintenance runs, 10 monitor runs and 20 cron checks; this holds more of each.
 */
const WATCH_SECONDS = 22;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

it('an idle server logs no error over ten minutes of its background work (on a fast clock)', {
  timeout: 120_000,
}, async () => {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const backupDir = await mkdtemp(path.join(tmpdir(), 'medhire-idle-backups-'));
  afterFile(() => rm(backupDir, { recursive: true, force: true }));

  const app = await buildTestApp(
    // Scheduled backups on, so their job runs too.
    { logLevel: 'info', backup: { dir: backupDir, keep: 2, schedule: '30 2 * * *' } },
    {
      logStream,
      queueTimings: {
        maintenanceIntervalSeconds: 1,
        monitorStateIntervalSeconds: 1,
        cronMonitorIntervalSeconds: 1,
        cronWorkerIntervalSeconds: 1,
      },
    },
  );
  afterFile(() => app.close());

  // Every scheduled job runs once now, as its cron would within the day: the purges, renewals,
  // digests, the notification sweep and the backup.
  const schedules = await app.queue.boss.getSchedules();
  const scheduled = schedules.map((schedule) => schedule.name).sort();
  expect(scheduled).toEqual(
    expect.arrayContaining(['scheduled-backup', 'subscription-renewals', 'notification-digest']),
  );
  for (const name of scheduled) await app.queue.boss.send(name, {});

  const startedAt = new Date();
  await delay(WATCH_SECONDS * 1000);

  // The queue's upkeep really ran, again and again, during the watch.
  const [upkeep] = rowsOf<{ maintained_on: Date | null; monitored_on: Date | null; cron_on: Date | null }>(
    await app.db.execute(sql`select maintained_on, monitored_on, cron_on from pgboss.version`),
  );
  for (const at of [upkeep?.maintained_on, upkeep?.monitored_on, upkeep?.cron_on]) {
    expect(at && new Date(at).getTime()).toBeGreaterThan(startedAt.getTime() + (WATCH_SECONDS - 5) * 1000);
  }

  // Every scheduled job finished, first time.
  const jobs = rowsOf<{ name: string; state: string; retry_count: number }>(
    await app.db.execute(
      sql`select name, state, retry_count from pgboss.job where name in ${scheduled} order by name`,
    ),
  );
  expect(jobs.map((job) => job.name).sort()).toEqual(expect.arrayContaining(scheduled));
  for (const name of scheduled) {
    expect(
      jobs.some((job) => job.name === name && job.state === 'completed'),
      `job ${name} completed`,
    ).toBe(true);
  }
  for (const job of jobs) {
    // A per-minute cron (the notification sweep) may create its next run in the watch's last
    // seconds, before its worker polls again: waiting is fine, failing or retrying is not.
    expect(['completed', 'created', 'active'], `job ${job.name}`).toContain(job.state);
    expect(job.retry_count, `job ${job.name}`).toBe(0);
  }

  const errors = lines.filter((line) => line.level >= ERROR_LEVEL);
  expect(
    errors.map((line) => `${line.msg}: ${line.err?.message ?? ''}`),
    'errors logged by the idle server',
  ).toEqual([]);
});
