import { createWriteStream } from 'node:fs';
import { lstat, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type postgres from 'postgres';
import { LOCK_FILE } from '../../db/data-dir-lock.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  createArchiveWriter,
  MANIFEST_CHECKSUM_MEMBER,
  MANIFEST_MEMBER,
  type SequenceValue,
  sha256,
  type TableDump,
} from './archive.ts';
import { readMigrationLevel } from './migration-level.ts';

/** The schemas MedHire's data lives in: the app's tables, Drizzle's migration record, the job queue. */
export const BACKUP_SCHEMAS = ['public', 'drizzle', 'pgboss'] as const;

/**
 * Entries of DATA_DIR that are not part of a backup: the database cluster (its rows are in the
 * dump) with its log and password (a restore makes a new cluster), the dev outbox (copies of
 * e-mails already sent), half-received uploads, the folder of the earlier PGlite version, and the
 * running server's lock on the directory (it names a process of this machine).
 */
export const EXCLUDED_DATA_ENTRIES = new Set([
  LOCK_FILE,
  'postgres',
  'postgres.initialising',
  'postgres.log',
  'postgres-password',
  // The embedded cluster's Unix socket and its lock file.
  'socket',
  'outbox',
  'upload-staging',
  'db',
]);

export interface CreateBackupOptions {
  /** A client of the database to back up; the dump takes one of its connections. */
  sql: postgres.Sql;
  dataDir: string;
  outFile: string;
  appVersion: string;
  /** Folders under DATA_DIR to leave out (e.g. BACKUP_DIR when it lies inside DATA_DIR). */
  excludePaths?: string[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/**
 * postgres.js pauses the connection's socket when a COPY stream's buffer is full and resumes it
 * only when the stream is read again; when the last chunk filled the buffer, the stream ends
 * with the socket still paused and the transaction's next statement never gets its answer.
 * Calling the stream's read hook once more resumes the socket (a no-op when it is not paused).
 */
function resumeConnection(stream: Readable): void {
  (stream as Readable & { _read(size: number): void })._read(0);
}

/** Counts rows of COPY text output: one line per row (newlines inside values are escaped). */
function lineCounter(onLines: (lines: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let lines = 0;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
      onLines(lines);
      callback(null, chunk);
    },
  });
}

/**
 * Writes one archive of the installation while it keeps serving: every table of the app's
 * schemas, read in one REPEATABLE READ, READ ONLY transaction (one snapshot, so rows committed
 * during the dump are either all in or all out, and no writer waits on it), then the files of
 * DATA_DIR. The archive appears at `outFile` only when complete (written beside it, then renamed).
 */
export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const outFile = path.resolve(options.outFile);
  const staging = await mkdtemp(path.join(path.dirname(outFile), '.medhire-backup-'));
  const partial = `${outFile}.partial`;
  try {
    const tables: TableDump[] = [];
    const tableFiles: string[] = [];
    const snapshot = await options.sql.begin('isolation level repeatable read read only', async (tx) => {
      const migration = await readMigrationLevel(tx);
      const [version] = await tx<{ server_version: string }[]>`show server_version`;
      const relations = await tx<{ schema: string; name: string; columns: string[] }[]>`
        select n.nspname as schema, c.relname as name,
          array(
            select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum
          ) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any(${[...BACKUP_SCHEMAS]}) and c.relkind in ('r', 'p') and not c.relispartition
        -- The queues first: a restore creates their job partitions before any job arrives.
        order by (n.nspname = 'pgboss' and c.relname = 'queue') desc, n.nspname, c.relname`;
      for (const relation of relations) {
        const member = `database/${relation.schema}.${relation.name}.copy`;
        const file = path.join(staging, `${tables.length}.copy`);
        let rows = 0;
        const columns = relation.columns.map(quote).join(', ');
        // A partitioned table (the job queue's) can only be copied out through a query.
        const source = await tx
          .unsafe(`copy (select ${columns} from ${quote(relation.schema)}.${quote(relation.name)}) to stdout`)
          .readable();
        await pipeline(
          source,
          lineCounter((lines) => (rows += lines)),
          createWriteStream(file),
        );
        resumeConnection(source);
        tables.push({
          schema: relation.schema,
          name: relation.name,
          columns: relation.columns,
          rows,
          member,
        });
        tableFiles.push(file);
      }
      const sequenceNames = await tx<{ schema: string; name: string }[]>`
        select n.nspname as schema, c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any(${[...BACKUP_SCHEMAS]}) and c.relkind = 'S'
        order by 1, 2`;
      const sequences: SequenceValue[] = [];
      for (const sequence of sequenceNames) {
        const [value] = await tx.unsafe<{ last_value: string; is_called: boolean }[]>(
          `select last_value::text, is_called from ${quote(sequence.schema)}.${quote(sequence.name)}`,
        );
        if (value) sequences.push({ ...sequence, lastValue: value.last_value, isCalled: value.is_called });
      }
      return { migration, serverVersion: version?.server_version.split(' ')[0] ?? 'unknown', sequences };
    });

    const writer = createArchiveWriter(partial);
    const members: BackupManifest['members'] = {};
    for (const [index, table] of tables.entries()) {
      const file = tableFiles[index] as string;
      const { size } = await lstat(file);
      members[table.member] = await writer.addFile(table.member, file, size, 0o600);
    }
    const excluded = [outFile, partial, staging, ...(options.excludePaths ?? [])].map((entry) =>
      path.resolve(entry),
    );
    for (const file of await listDataFiles(path.resolve(options.dataDir), excluded)) {
      const member = `files/${file.relative.split(path.sep).join('/')}`;
      members[member] = await writer.addFile(member, file.absolute, file.size, file.mode);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      migration: snapshot.migration,
      postgres: { serverVersion: snapshot.serverVersion },
      database: { tables, sequences: snapshot.sequences },
      members,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.addBuffer(MANIFEST_MEMBER, manifestBytes);
    await writer.addBuffer(MANIFEST_CHECKSUM_MEMBER, Buffer.from(`${sha256(manifestBytes)}\n`));
    await writer.finish();
    await rename(partial, outFile);
    const { size: bytes } = await lstat(outFile);
    return { file: outFile, bytes, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

interface DataFile {
  absolute: string;
  relative: string;
  size: number;
  mode: number;
}

/** Regular files under DATA_DIR, less the excluded entries and folders, in a stable order. */
async function listDataFiles(dataDir: string, excluded: string[]): Promise<DataFile[]> {
  const found: DataFile[] = [];
  const visit = async (directory: string): Promise<void> => {
    let names: string[];
    try {
      names = (await readdir(directory)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const absolute = path.join(directory, name);
      if (directory === dataDir && EXCLUDED_DATA_ENTRIES.has(name)) continue;
      if (excluded.includes(absolute)) continue;
      let stat: Awaited<ReturnType<typeof lstat>>;
      try {
        stat = await lstat(absolute);
      } catch (error) {
        // Removed since it was listed (an expired export being purged): not part of the backup.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (stat.isDirectory()) await visit(absolute);
      else if (stat.isFile()) {
        found.push({
          absolute,
          relative: path.relative(dataDir, absolute),
          size: stat.size,
          mode: stat.mode & 0o777,
        });
      }
    }
  };
  await visit(dataDir);
  return found;
}
