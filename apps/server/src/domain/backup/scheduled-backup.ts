import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type postgres from 'postgres';
import { type BackupResult, createBackup } from './create-backup.ts';

export const SCHEDULED_BACKUP_QUEUE = 'scheduled-backup';

const ARCHIVE_PATTERN = /^medhire-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** `medhire-backup-20261120T023000Z.tar.gz`: names sort in time order. */
export function scheduledArchiveName(now: Date): string {
  return `medhire-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar.gz`;
}

export interface ScheduledBackupOptions {
  sql: postgres.Sql;
  dataDir: string;
  backupDir: string;
  keep: number;
  appVersion: string;
  now?: Date;
}

/**
 * One scheduled backup: a new archive in BACKUP_DIR, then the oldest archives beyond `keep`
 * deleted. Only files named like the schedule's own archives are ever deleted.
 */
export async function runScheduledBackup(
  options: ScheduledBackupOptions,
): Promise<{ backup: BackupResult; deleted: string[] }> {
  await mkdir(options.backupDir, { recursive: true });
  const backup = await createBackup({
    sql: options.sql,
    dataDir: options.dataDir,
    outFile: path.join(options.backupDir, scheduledArchiveName(options.now ?? new Date())),
    appVersion: options.appVersion,
    excludePaths: [options.backupDir],
  });
  const archives = (await readdir(options.backupDir)).filter((name) => ARCHIVE_PATTERN.test(name)).sort();
  const deleted = archives.slice(0, Math.max(archives.length - options.keep, 0));
  for (const name of deleted) await rm(path.join(options.backupDir, name), { force: true });
  return { backup, deleted };
}
