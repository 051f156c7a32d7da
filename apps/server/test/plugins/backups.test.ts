import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../src/domain/backup/archive.ts';
import { SCHEDULED_BACKUP_QUEUE, scheduledArchiveName } from '../../src/domain/backup/scheduled-backup.ts';
import { afterFile } from '../cleanups.ts';
import { buildTestApp } from '../helper.ts';

function scratchDir(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'medhire-backups-'));
  afterFile(async () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled backups', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('are off without BACKUP_DIR: no schedule is registered', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const schedules = await app.queue.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).not.toContain(SCHEDULED_BACKUP_QUEUE);
    await app.close();
    apps.pop();
  });

  it('run on BACKUP_SCHEDULE from the job queue, write a whole archive and keep BACKUP_KEEP of them', async () => {
    const backupDir = path.join(scratchDir(), 'backups');
    mkdirSync(backupDir);
    // Three older archives of the schedule and one file of someone else's.
    const older = [1, 2, 3].map((day) => scheduledArchiveName(new Date(Date.UTC(2026, 0, day, 2, 30))));
    for (const name of older) writeFileSync(path.join(backupDir, name), 'old');
    writeFileSync(path.join(backupDir, 'notes.txt'), 'not an archive');

    const app = await buildTestApp({ backup: { dir: backupDir, keep: 2, schedule: '15 4 * * *' } });
    apps.push(app);
    const schedules = await app.queue.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === SCHEDULED_BACKUP_QUEUE)).toMatchObject({
      cron: '15 4 * * *',
    });

    // What the cron sends at its hour.
    await app.queue.send(SCHEDULED_BACKUP_QUEUE, {});
    const isNewArchive = (name: string) =>
      name.startsWith('medhire-backup-') && !older.includes(name) && !name.endsWith('.partial');
    await waitFor(() => readdirSync(backupDir).some(isNewArchive), 30_000);
    await waitFor(() => readdirSync(backupDir).length === 3, 5_000);

    const left = readdirSync(backupDir).sort();
    expect(left).toEqual([older[2], left.find(isNewArchive), 'notes.txt'].sort());
    const manifest = await verifyArchive(path.join(backupDir, left.find(isNewArchive) as string));
    expect(manifest.database.tables.find((table) => table.name === 'users')).toBeDefined();
    expect(Object.keys(manifest.members).some((name) => name.includes('backups/'))).toBe(false);
  }, 60_000);
});
