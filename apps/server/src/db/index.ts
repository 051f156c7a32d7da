import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { AppConfig } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * The Drizzle instance domain code works with. Both drivers share this base type, so
 * queries and transactions never depend on which database runs underneath; a
 * transaction (`tx`) is assignable to it as well.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  /** Applies pending migrations from src/db/migrations with the driver's own migrator. */
  migrate(): Promise<void>;
  /** Resolves true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The extensions the migrations use (btree_gist: the recommendation pool's GiST index). PGlite
 * loads extensions when it is constructed, so every `PGlite.create` passes this object.
 */
export const pgliteExtensions = { btree_gist };

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises migrations when several server instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_711_2024;

function hasMigrations(): boolean {
  return existsSync(`${MIGRATIONS_DIR}/meta/_journal.json`);
}

export function createPgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      if (hasMigrations()) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => pingDatabase(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function createPostgresDatabase(url: string): Database {
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' });
  return {
    db,
    driver: 'postgres',
    migrate: () => migratePostgresWithLock(url),
    ping: () => pingDatabase(db),
    close: () => client.end({ timeout: 5 }),
  };
}

async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export async function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'pgliteDir'>,
): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl);
  mkdirSync(config.pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: config.pgliteDir, extensions: pgliteExtensions });
  return createPgliteDatabase(client);
}

async function migratePostgresWithLock(databaseUrl: string): Promise<void> {
  if (!hasMigrations()) return;
  // One dedicated connection holds the advisory lock for the whole run; a pooled client
  // could take the lock on one connection and migrate on another.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_DIR });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
