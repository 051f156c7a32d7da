import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, MIGRATIONS_DIR } from './index.ts';

/**
 * `npm run upgrade:data`: moves the data of an earlier MedHire version, kept by the embedded
 * PGlite database in DATA_DIR/db, into the embedded PostgreSQL cluster (or DATABASE_URL).
 *
 * One-off and explicit, because PGlite is no longer part of MedHire: the PGlite version that
 * wrote the folder is installed from the npm registry into a temporary folder for this run only.
 * The old folder is kept (marked MOVED-TO-POSTGRES so the server starts again); delete it once
 * the new database is checked.
 *
 * 1. PGlite is brought up to the newest migration (the same SQL files, in journal order).
 * 2. The target is migrated and must hold no accounts (never mix two data sets).
 * 3. Every table is copied with COPY, column by column, with triggers and foreign-key checks
 *    off for the load (session_replication_role = replica), so derived tables such as
 *    physician_places arrive exactly as they were; sequences are moved past the copied rows.
 */
const PGLITE_VERSION = '0.5.16';

interface PGliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; blob?: Blob }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

async function openPglite(dataDir: string): Promise<{ pg: PGliteLike; cleanup: () => void }> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'medhire-pglite-'));
  process.stdout.write(`Installing @electric-sql/pglite@${PGLITE_VERSION} for this run into ${prefix}…\n`);
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      `@electric-sql/pglite@${PGLITE_VERSION}`,
    ],
    { stdio: 'inherit' },
  );
  const packageDir = path.join(prefix, 'node_modules/@electric-sql/pglite/dist');
  const { PGlite } = await import(pathToFileURL(path.join(packageDir, 'index.js')).href);
  const { btree_gist } = await import(pathToFileURL(path.join(packageDir, 'contrib/btree_gist.js')).href);
  const pg = (await PGlite.create({ dataDir, extensions: { btree_gist } })) as PGliteLike;
  return { pg, cleanup: () => rmSync(prefix, { recursive: true, force: true }) };
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** Applies the migrations PGlite has not seen, the way drizzle's migrator records them. */
async function migratePglite(pg: PGliteLike): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  await pg.exec('CREATE SCHEMA IF NOT EXISTS drizzle');
  await pg.exec(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const { rows } = await pg.query<{ created_at: string | null }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const lastApplied = Number(rows[0]?.created_at ?? 0);
  for (const entry of journal.entries) {
    if (entry.when <= lastApplied) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
    await pg.exec('BEGIN');
    for (const statement of sql.split('--> statement-breakpoint')) {
      if (statement.trim()) await pg.exec(statement);
    }
    await pg.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      createHash('sha256').update(sql).digest('hex'),
      entry.when,
    ]);
    await pg.exec('COMMIT');
    process.stdout.write(`  PGlite: applied ${entry.tag}\n`);
  }
}

async function main() {
  const config = loadConfig();
  const legacyDir = path.join(config.dataDir, 'db');
  const marker = path.join(legacyDir, 'MOVED-TO-POSTGRES');
  if (!existsSync(path.join(legacyDir, 'PG_VERSION'))) {
    process.stdout.write(`Nothing to move: ${legacyDir} holds no PGlite database.\n`);
    return;
  }
  if (existsSync(marker)) {
    process.stdout.write(
      `Nothing to move: ${legacyDir} was moved already (${readFileSync(marker, 'utf8').trim()}).\n`,
    );
    return;
  }

  const { pg, cleanup } = await openPglite(legacyDir);
  const target = await createDatabase(config, (message) => process.stdout.write(`${message}\n`), {
    allowLegacyData: true,
  });
  try {
    await migratePglite(pg);
    await target.migrate();
    const [accounts] = await target.client<{ count: number }[]>`select count(*)::int as count from users`;
    const count = accounts?.count ?? 0;
    if (count > 0) {
      throw new Error(
        `The target database already holds ${count} accounts; move the PGlite data only into an empty database.`,
      );
    }

    const tables = await target.client<{ table_name: string }[]>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
    const names = tables.map((table) => `"${table.table_name}"`).join(', ');
    await target.client.begin(async (tx) => {
      await tx.unsafe('SET LOCAL session_replication_role = replica');
      await tx.unsafe(`TRUNCATE ${names}`);
      for (const { table_name: table } of tables) {
        const columns = await tx<{ column_name: string }[]>`
          select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`;
        const columnList = columns.map((column) => `"${column.column_name}"`).join(', ');
        const exported = await pg.query(`COPY "${table}" (${columnList}) TO '/dev/blob'`);
        const data = Buffer.from(await (exported.blob ?? new Blob()).arrayBuffer());
        if (data.length > 0) {
          const writable = await tx.unsafe(`COPY "${table}" (${columnList}) FROM STDIN`).writable();
          await new Promise<void>((resolve, reject) => {
            writable.on('error', reject);
            writable.on('finish', resolve);
            writable.end(data);
          });
        }
        const [copied] = await tx.unsafe<{ rows: number }[]>(`select count(*)::int as rows from "${table}"`);
        process.stdout.write(`  ${table}: ${copied?.rows ?? 0} rows\n`);
      }
      // Serial columns continue after the copied rows.
      await tx.unsafe(`
        DO $$ DECLARE r record; BEGIN
          FOR r IN SELECT c.table_name, c.column_name, pg_get_serial_sequence(format('%I', c.table_name), c.column_name) AS seq
                   FROM information_schema.columns c
                   WHERE c.table_schema = 'public' AND pg_get_serial_sequence(format('%I', c.table_name), c.column_name) IS NOT NULL
          LOOP
            EXECUTE format('SELECT setval(%L, COALESCE((SELECT max(%I) FROM %I), 0) + 1, false)', r.seq, r.column_name, r.table_name);
          END LOOP;
        END $$`);
    });
    writeFileSync(marker, `moved on ${new Date().toISOString()}\n`);
    process.stdout.write(
      `Done: the data of ${legacyDir} is now in the ${target.engine} database. ` +
        'The old folder is kept; delete it once you have checked the app.\n',
    );
  } finally {
    await pg.close();
    await target.close();
    cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
