import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { AppConfig } from '../config.ts';
import { SERVER_PACKAGE_DIR } from '../lib/server-package.ts';
import { type DataDirCluster, startDataDirCluster } from './data-dir-cluster.ts';
import type { DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * The Drizzle instance domain code works with; a transaction (`tx`) is assignable to it as well.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Where the database runs: the cluster the server starts itself, or a server at DATABASE_URL. */
export type DatabaseEngine = 'embedded-postgres' | 'postgres';

/**
 * How busy the postgres.js pool is. postgres.js keeps its connection queues private, so the
 * database counts what it hands the pool itself: statements of the app's Drizzle handle and
 * its transactions (each holds one connection until it ends) from the moment they are started
 * until they settle, the wait for a connection included.
 */
export interface PoolUsage {
  /** The most connections the pool opens. */
  readonly size: number;
  /** Statements outside a transaction and transactions started and not yet settled. */
  inFlight(): number;
}

export interface Database {
  db: Db;
  /** The postgres.js client under `db`, for the few callers that speak SQL directly (the job queue). */
  client: postgres.Sql;
  engine: DatabaseEngine;
  /** In-flight work on the pool, for the operators' metrics. */
  pool: PoolUsage;
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
  /** With the embedded cluster: true while the server restarts it after its postmaster died. */
  isRestarting?(): boolean;
  /** With the embedded cluster: this process's lock on DATA_DIR, released after the cluster stops. */
  dataDirLock?: DataDirLock;
}

export const MIGRATIONS_DIR = path.join(SERVER_PACKAGE_DIR, 'src/db/migrations');

/** Serialises migrations when several server instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_711_2024;

/** Seconds to open a connection before a query fails as "database unavailable". */
export const CONNECT_TIMEOUT_SECONDS = 5;

/** How long the health check waits for its trivial query. */
const PING_TIMEOUT_MS = 2_000;

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
  dataDirLock?: DataDirLock;
  isRestarting?: () => boolean;
  /** A Unix socket the pool and the LISTEN connection use instead of the URL's host and port. */
  socketPath?: string;
}

export function createPostgresDatabase(url: string, options: PostgresDatabaseOptions = {}): Database {
  const size = options.max ?? POOL_SIZE;
  const socket = options.socketPath ? { path: options.socketPath } : {};
  const client = postgres(url, {
    ...socket,
    max: size,
    onnotice: () => {},
    // A database that does not answer fails a query within seconds (then 503), rather than at
    // postgres.js's default of 30 s; a refused connection fails at once either way.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
  });
  const tracked = trackPoolUsage(client, size);
  const db = drizzle({ client: tracked.client, schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    client,
    engine: options.engine ?? 'postgres',
    dataDirLock: options.dataDirLock,
    isRestarting: options.isRestarting,
    pool: tracked.usage,
    migrate: () => migrateWithLock(url),
    ping: async () => {
      const startedAt = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client`select 1`,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
          }),
        ]);
        return Math.round((performance.now() - startedAt) * 100) / 100;
      } catch {
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    },
    serverVersion: async () => {
      const [row] = await client<{ server_version: string }[]>`show server_version`;
      return row?.server_version.split(' ')[0] ?? 'unknown';
    },
    listen: (channel, onNotify, onState) => listenOn(url, socket, channel, onNotify, onState),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.end({ timeout: 5 });
      await options.onClose?.();
    },
  };
}

/**
 * The client Drizzle is given: the pool itself, but with `unsafe` (every Drizzle statement) and
 * `begin` (every Drizzle transaction) counted while they run, and every statement with
 * parameters run as a prepared statement (`preparedStatements`). Statements inside a
 * transaction use the transaction's own handle and are not counted again. It costs one counter
 * and one settled-callback per statement, no timer and no allocation beyond that callback's
 * promise.
 */
function trackPoolUsage(client: postgres.Sql, size: number): { client: postgres.Sql; usage: PoolUsage } {
  let inFlight = 0;
  const settle = () => {
    inFlight -= 1;
  };
  const prepared = preparedStatements(client);
  // postgres.js runs a statement when it is first awaited (its Query is a lazy promise); this
  // `then` starts it a microtask before the caller's own await, after the caller has chosen
  // its result shape (`.values()`), which is all Drizzle does with it.
  const unsafe = ((...args: Parameters<postgres.Sql['unsafe']>) => {
    const query = prepared.unsafe(...args);
    inFlight += 1;
    query.then(settle, settle);
    return query;
  }) as postgres.Sql['unsafe'];
  const begin = ((...args: Parameters<postgres.Sql['begin']>) => {
    inFlight += 1;
    const transaction = prepared.begin(...args);
    transaction.then(settle, settle);
    return transaction;
  }) as postgres.Sql['begin'];
  // Everything else (options, types, reserve …) is the pool's own, through the prototype.
  const wrapped = Object.assign(Object.create(client) as postgres.Sql, { unsafe, begin });
  return { client: wrapped, usage: { size, inFlight: () => inFlight } };
}

/**
 * A statement with more parameters than this runs unprepared: it is a bulk insert or a long
 * `in (…)` list, whose text changes with its row or id count, so a prepared copy would rarely be
 * used again and each connection would keep one per count.
 */
const MAX_PREPARED_PARAMETERS = 64;

/** A handle of postgres.js: the pool, a transaction's or a savepoint's. */
type SqlHandle = postgres.Sql | postgres.TransactionSql;

/**
 * The handle with its statements prepared. Drizzle runs every statement through `unsafe` with
 * `prepare: false`, and postgres.js then asks the server to describe an unnamed statement's
 * parameters first: two round trips, and a parse, analysis and plan of the text, for every
 * statement. Prepared, a statement is parsed and described once per connection (postgres.js
 * keeps them by text and parameter types until the connection's lifetime ends, and prepares
 * again when a schema change invalidates one), then each call is one bind and execute; PostgreSQL
 * may then reuse a generic plan where it costs no more than planning each call. Statements without
 * parameters keep the simple protocol, and those with very many stay unprepared. Transactions and
 * savepoints opened from the handle hand their callback a handle that prepares too.
 */
function preparedStatements<T extends SqlHandle>(handle: T): T {
  const unsafe = ((query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
    handle.unsafe(
      query,
      args as postgres.ParameterOrJSON<never>[],
      args && args.length > 0 && args.length <= MAX_PREPARED_PARAMETERS
        ? { ...options, prepare: true }
        : options,
    )) as postgres.Sql['unsafe'];
  const overrides: Partial<postgres.TransactionSql> & { unsafe: postgres.Sql['unsafe'] } = { unsafe };
  /** `begin(fn)`, `begin(options, fn)`, `savepoint(fn)`, `savepoint(name, fn)`: the callback is last. */
  const withPreparingCallback = (args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last] as (inner: postgres.TransactionSql) => unknown;
    const copy = [...args];
    copy[last] = (inner: postgres.TransactionSql) => callback(preparedStatements(inner));
    return copy;
  };
  if ('begin' in handle && typeof handle.begin === 'function') {
    const begin = handle.begin.bind(handle) as (...args: unknown[]) => unknown;
    (overrides as { begin?: unknown }).begin = (...args: unknown[]) => begin(...withPreparingCallback(args));
  }
  if ('savepoint' in handle && typeof handle.savepoint === 'function') {
    const savepoint = handle.savepoint.bind(handle) as (...args: unknown[]) => unknown;
    (overrides as { savepoint?: unknown }).savepoint = (...args: unknown[]) =>
      savepoint(...withPreparingCallback(args));
  }
  return Object.assign(Object.create(handle) as T, overrides);
}

/** Seconds between attempts to LISTEN again after the listening connection dropped. */
const RELISTEN_DELAY_MS = 1_000;

async function listenOn(
  url: string,
  socket: { path?: string },
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
    ...socket,
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
export interface CreateDatabaseOptions {
  allowLegacyData?: boolean;
  /** The embedded cluster, already starting (server.ts starts it before loading the app). */
  cluster?: Promise<DataDirCluster>;
}

export async function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void = () => {},
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl);
  const { cluster, dataDirLock } = await (options.cluster ??
    startDataDirCluster(config.dataDir, log, options));
  return createPostgresDatabase(cluster.url, {
    engine: 'embedded-postgres',
    dataDirLock,
    isRestarting: cluster.isRestarting,
    socketPath: cluster.socketPath,
    onClose: async () => {
      await cluster.stop();
      dataDirLock.release();
    },
  });
}

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
