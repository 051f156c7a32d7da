import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { DestinationStream } from 'pino';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { createPostgresDatabase, type Database } from '../src/db/index.ts';
import { afterFile, onFileDisposed } from './cleanups.ts';
import { quoteIdentifier, type TestDatabaseSource, withDatabaseName } from './test-database.ts';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

let sharedDatabase: Promise<Database> | undefined;
let dataDir: string | undefined;

onFileDisposed(() => {
  sharedDatabase = undefined;
  dataDir = undefined;
});

/** One scratch DATA_DIR per test file (uploads, outbox, generated keys). */
export function testDataDir(): string {
  if (!dataDir) {
    const created = mkdtempSync(path.join(tmpdir(), 'medhire-data-'));
    dataDir = created;
    afterFile(async () => rmSync(created, { recursive: true, force: true }));
  }
  return dataDir;
}

/** The configuration tests run with: quiet logs, a scratch DATA_DIR, no built web or physician app. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    DATA_DIR: testDataDir(),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(testDataDir(), 'no-web-build'),
    PHYSICIAN_DIST_DIR: path.join(testDataDir(), 'no-physician-build'),
  });
  return { ...base, ...overrides };
}

/** A fresh, migrated database of its own, cloned from the run's template; dropped after the file. */
export async function createTestDatabase({ max = 5 }: { max?: number } = {}): Promise<Database> {
  const database = createPostgresDatabase(await clonePostgresTemplate(inject('testDatabase')), { max });
  afterFile(() => database.close());
  return database;
}

/** A new PostgreSQL database cloned from the run's migrated template, dropped after the file. */
async function clonePostgresTemplate(source: TestDatabaseSource): Promise<string> {
  const databaseName = `medhire_test_${randomBytes(6).toString('hex')}`;
  await withAdminConnection(source.adminUrl, (admin) =>
    admin.unsafe(
      `CREATE DATABASE ${quoteIdentifier(databaseName)} TEMPLATE ${quoteIdentifier(source.templateName)}`,
    ),
  );
  // Registered before the clone's own close, so it runs after it (cleanups run newest first).
  afterFile(() =>
    withAdminConnection(source.adminUrl, (admin) =>
      admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`),
    ),
  );
  return withDatabaseName(source.adminUrl, databaseName);
}

async function withAdminConnection(adminUrl: string, run: (admin: postgres.Sql) => Promise<unknown>) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Environment for a server process a test starts: a scratch DATA_DIR and a fresh clone of the
 * migrated template in DATABASE_URL.
 */
export async function serverProcessEnv(): Promise<Record<string, string>> {
  const processDataDir = mkdtempSync(path.join(tmpdir(), 'medhire-process-'));
  afterFile(async () => rmSync(processDataDir, { recursive: true, force: true }));
  return { DATA_DIR: processDataDir, DATABASE_URL: await clonePostgresTemplate(inject('testDatabase')) };
}

/** The test file's database, created on first use and shared by every app the file builds. */
export function getTestDatabase(): Promise<Database> {
  sharedDatabase ??= createTestDatabase();
  return sharedDatabase;
}

export interface BuildTestAppOptions {
  /** Use this database instead of the file's shared one; the app then closes it. */
  database?: Database;
  logStream?: DestinationStream;
  queueTimings?: BuildAppOptions['queueTimings'];
  /** Extra routes or hooks a test needs, registered after the app's own and before ready(). */
  register?: FastifyPluginAsync;
  /**
   * Keep the job-list cache (off by default: many tests write rows straight to the database and
   * read the list at once, before the database's notification can reach the cache).
   */
  jobListCache?: boolean;
}

/**
 * A ready app for `app.inject()`, on the test file's migrated database. Close it with
 * `await app.close()`; the shared database outlives the app and is closed after the file (test/setup.ts).
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: BuildTestAppOptions = {},
): Promise<FastifyInstance> {
  let database = options.database;
  if (!database) {
    const shared = await getTestDatabase();
    database = { ...shared, close: async () => {} };
  }
  const app = await buildApp(testConfig(overrides), {
    database,
    logStream: options.logStream,
    queueTimings: options.queueTimings,
    jobListCache: options.jobListCache ?? false,
  });
  if (options.register) await app.register(options.register);
  await app.ready();
  return app;
}

/** Empties every table of the app schema, for files whose tests must not see each other's rows. */
export async function resetDatabase(database?: Database): Promise<void> {
  const { db } = database ?? (await getTestDatabase());
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows;
  if (rows.length === 0) return;
  const tables = rows.map((row) => `public.${quoteIdentifier(row.tablename)}`).join(', ');
  await db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}
