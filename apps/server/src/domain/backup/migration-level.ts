import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { MIGRATIONS_DIR, migrateWithLock } from '../../db/index.ts';

/** One entry of Drizzle's migration journal (src/db/migrations/meta/_journal.json). */
interface JournalEntry {
  idx: number;
  tag: string;
  /** Drizzle stores this as `created_at` of the applied migration's row. */
  when: number;
}

/** How far a database has been migrated: its last applied Drizzle migration. */
export interface MigrationLevel {
  /** The migration's file name without `.sql`, e.g. `0016_session_cache_invalidation`; null when this code does not know it. */
  tag: string | null;
  /** Drizzle's `created_at` of that migration (the journal's `when`): what orders levels. */
  createdAt: number;
  /** How many migrations are applied. */
  applied: number;
}

function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The newest migration this code ships. */
export function latestKnownLevel(): { tag: string; createdAt: number } {
  const last = readJournal().at(-1);
  if (!last) throw new Error('This build ships no database migrations.');
  return { tag: last.tag, createdAt: last.when };
}

/** Reads the level of a database (inside the caller's transaction or snapshot when `sql` is one). */
export async function readMigrationLevel(
  sql: postgres.Sql | postgres.TransactionSql,
): Promise<MigrationLevel> {
  const [row] = await sql<{ created_at: string; applied: string }[]>`
    select max(created_at)::text as created_at, count(*)::text as applied
    from drizzle.__drizzle_migrations`;
  const createdAt = Number(row?.created_at ?? 0);
  const entry = readJournal().find((candidate) => candidate.when === createdAt);
  return { tag: entry?.tag ?? null, createdAt, applied: Number(row?.applied ?? 0) };
}

/** True when this code ships the migration the level names (so it can rebuild that schema). */
export function isKnownLevel(level: Pick<MigrationLevel, 'createdAt'>): boolean {
  return readJournal().some((entry) => entry.when === level.createdAt);
}

/**
 * Migrates an empty database to exactly `level` (not further): a restore loads rows shaped by
 * that schema, and the server's own start applies the later migrations to them as usual.
 */
export async function migrateToLevel(
  databaseUrl: string,
  level: Pick<MigrationLevel, 'createdAt'>,
): Promise<void> {
  const entries = readJournal().filter((entry) => entry.when <= level.createdAt);
  const folder = mkdtempSync(path.join(tmpdir(), 'medhire-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await migrateWithLock(databaseUrl, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
