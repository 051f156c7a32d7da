import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { startEmbeddedCluster } from '../../db/embedded-cluster.ts';
import { BackupError, type BackupManifest, readArchive, verifyArchive } from './archive.ts';
import { BACKUP_SCHEMAS } from './create-backup.ts';
import { isKnownLevel, latestKnownLevel, migrateToLevel } from './migration-level.ts';

export interface RestoreBackupOptions {
  archive: string;
  /** Must be empty or absent. With no databaseUrl it receives a new embedded cluster too. */
  dataDir: string;
  /** A PostgreSQL database without tables to restore into, instead of an embedded cluster. */
  databaseUrl?: string;
  log?: (message: string) => void;
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Refuses an archive whose schema this code cannot rebuild (made by a newer version). */
export function assertRestorableLevel(manifest: BackupManifest, archive: string): void {
  if (isKnownLevel(manifest.migration)) return;
  const latest = latestKnownLevel();
  const named =
    manifest.migration.tag ?? `the migration of ${new Date(manifest.migration.createdAt).toISOString()}`;
  throw new BackupError(
    manifest.migration.createdAt > latest.createdAt
      ? `${archive} was made by a newer MedHire (database at ${named}, version ${manifest.appVersion}); this version knows migrations up to ${latest.tag}. Restore it with that version or a later one; nothing was restored.`
      : `${archive} is at a database migration this version does not ship (${named}); nothing was restored.`,
  );
}

async function assertEmptyDirectory(dataDir: string): Promise<boolean> {
  try {
    const entries = await readdir(dataDir);
    if (entries.length > 0) {
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}). A restore only goes into an empty data directory; nothing was restored.`,
      );
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function assertEmptyDatabase(databaseUrl: string): Promise<void> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [found] = await client<{ tables: number; superuser: boolean }[]>`
      select
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = any(${[...BACKUP_SCHEMAS]}) and c.relkind in ('r', 'p')) as tables,
        (select rolsuper from pg_roles where rolname = current_user) as superuser`;
    if ((found?.tables ?? 0) > 0) {
      throw new BackupError(
        `The database of DATABASE_URL already holds ${found?.tables} tables. A restore only goes into an empty database; nothing was restored.`,
      );
    }
    if (!found?.superuser) {
      throw new BackupError(
        'The role of DATABASE_URL is not a superuser: a restore loads rows with triggers and foreign-key checks off, which needs one. Nothing was restored.',
      );
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Restores an archive of `createBackup` into an empty DATA_DIR (and a new embedded cluster, or
 * an empty DATABASE_URL database). Everything that can refuse does so before anything is
 * written: the whole archive is checked against its manifest's checksums, its migration level
 * against this code's, the target for emptiness. The database is then migrated to the archive's
 * level (not further: the server's start applies the rest), its rows loaded in one transaction,
 * and the files written back.
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const manifest = await verifyArchive(options.archive);
  assertRestorableLevel(manifest, options.archive);
  const existed = await assertEmptyDirectory(dataDir);
  if (options.databaseUrl) await assertEmptyDatabase(options.databaseUrl);

  await mkdir(dataDir, { recursive: true });
  let stopCluster: (() => Promise<void>) | undefined;
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const cluster = await startEmbeddedCluster({
        clusterDir: path.join(dataDir, 'postgres'),
        passwordFile: path.join(dataDir, 'postgres-password'),
        log,
      });
      stopCluster = cluster.stop;
      databaseUrl = cluster.url;
    }
    log(`Creating the schema at migration ${manifest.migration.tag}…`);
    await migrateToLevel(databaseUrl, manifest.migration);
    log('Loading the rows and the files…');
    await loadArchive(databaseUrl, dataDir, manifest, options.archive);
    return manifest;
  } catch (error) {
    // DATA_DIR was empty: leave it so, rather than half restored. (A DATABASE_URL database
    // keeps the schema made so far; the README says to empty it before trying again.)
    await stopCluster?.();
    stopCluster = undefined;
    if (existed) {
      for (const entry of await readdir(dataDir))
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    throw error;
  } finally {
    await stopCluster?.();
  }
}

async function loadArchive(
  databaseUrl: string,
  dataDir: string,
  manifest: BackupManifest,
  archive: string,
): Promise<void> {
  const tablesByMember = new Map(manifest.database.tables.map((table) => [table.member, table]));
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client.begin(async (tx) => {
      // Rows go in as they were: no triggers (counters, notifications) and no foreign-key checks.
      await tx`set local session_replication_role = replica`;
      let isPrepared = false;
      // The job queue's table is partitioned per queue: the partitions of the archive's queues
      // must exist before its jobs arrive, and the migrations create only some of them.
      const prepare = async (queueStaging?: string) => {
        if (queueStaging) {
          await tx.unsafe(`
            select pgboss.create_queue(q.name, json_build_object(
              'policy', q.policy, 'retryLimit', q.retry_limit, 'retryDelay', q.retry_delay,
              'retryBackoff', q.retry_backoff, 'expireInSeconds', q.expire_seconds,
              'retentionMinutes', q.retention_minutes, 'deadLetter', q.dead_letter))
            from ${queueStaging} q
            where not exists (select 1 from pgboss.queue existing where existing.name = q.name)`);
        }
        const names = manifest.database.tables.map((table) => `${quote(table.schema)}.${quote(table.name)}`);
        if (names.length > 0) await tx.unsafe(`truncate ${names.join(', ')} restart identity cascade`);
        isPrepared = true;
      };

      await readArchive(archive, async (entry) => {
        const expected = manifest.members[entry.name];
        if (!expected) return;
        const hash = createHash('sha256');
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            callback(null, chunk);
          },
        });
        const table = tablesByMember.get(entry.name);
        if (table) {
          const target = `${quote(table.schema)}.${quote(table.name)}`;
          const columns = table.columns.map(quote).join(', ');
          const isQueueTable = table.schema === 'pgboss' && table.name === 'queue' && !isPrepared;
          const into = isQueueTable ? 'medhire_restore_queue' : target;
          if (isQueueTable) await tx.unsafe(`create temporary table ${into} (like ${target}) on commit drop`);
          else if (!isPrepared) await prepare();
          const writable = await tx.unsafe(`copy ${into} (${columns}) from stdin`).writable();
          await pipeline(entry.stream, hashing, writable);
          if (isQueueTable) {
            await prepare(into);
            await tx.unsafe(`insert into ${target} (${columns}) select ${columns} from ${into}`);
          }
        } else if (entry.name.startsWith('files/')) {
          const relative = entry.name.slice('files/'.length);
          const destination = path.resolve(dataDir, relative);
          if (!destination.startsWith(`${dataDir}${path.sep}`)) {
            throw new BackupError(`The archive names a file outside the data directory (${entry.name}).`);
          }
          await mkdir(path.dirname(destination), { recursive: true });
          await pipeline(entry.stream, hashing, createWriteStream(destination, { mode: entry.mode & 0o777 }));
          await chmod(destination, entry.mode & 0o777);
        } else {
          return;
        }
        if (hash.digest('hex') !== expected.sha256) {
          throw new BackupError(`${archive} changed while it was being restored (${entry.name}).`);
        }
      });
      if (!isPrepared) await prepare();
      for (const sequence of manifest.database.sequences) {
        await tx`select setval(${`${quote(sequence.schema)}.${quote(sequence.name)}`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`;
      }
    });
  } finally {
    await client.end({ timeout: 5 });
  }
}
