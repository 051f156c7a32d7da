import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { startEmbeddedCluster } from '../../../src/db/embedded-cluster.ts';
import type { Database } from '../../../src/db/index.ts';
import { otpCodes, pushTokens, users } from '../../../src/db/schema/accounts.ts';
import { BackupError, type BackupManifest } from '../../../src/domain/backup/archive.ts';
import { createBackup } from '../../../src/domain/backup/create-backup.ts';
import {
  latestKnownLevel,
  migrateToLevel,
  readMigrationLevel,
} from '../../../src/domain/backup/migration-level.ts';
import { openBackupSource } from '../../../src/domain/backup/open-backup-source.ts';
import { assertRestorableLevel, restoreBackup } from '../../../src/domain/backup/restore-backup.ts';
import { SERVER_PACKAGE_DIR } from '../../../src/lib/server-package.ts';
import { DEMO_EMPLOYER_EMAIL, DEMO_EMPLOYER_PASSWORD } from '../../../src/seed/demo-employer.ts';
import { seedDemoData } from '../../../src/seed/index.ts';
import { afterFile } from '../../cleanups.ts';
import { buildTestApp, createTestDatabase, serverProcessEnv, testConfig, testDataDir } from '../../helper.ts';
import { quoteIdentifier, withDatabaseName } from '../../test-database.ts';

const run = promisify(execFile);

function scratchDir(prefix: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  afterFile(async () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

function fileChecksums(root: string, skip: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const absolute = path.join(directory, name);
      if (directory === root && skip.includes(name)) continue;
      if (statSync(absolute).isDirectory()) visit(absolute);
      else
        found.set(
          path.relative(root, absolute),
          createHash('sha256').update(readFileSync(absolute)).digest('hex'),
        );
    }
  };
  visit(root);
  return found;
}

async function rowDigests(sql: postgres.Sql, schema: string, table: string): Promise<string[]> {
  const rows = await sql.unsafe<{ digest: string }[]>(
    `select md5(t::text) as digest from "${schema}"."${table}" t`,
  );
  return rows.map((row) => row.digest);
}

/** An empty database on the test server, dropped after the file. */
async function createEmptyDatabase(): Promise<string> {
  const { adminUrl } = inject('testDatabase');
  const name = `medhire_restore_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${quoteIdentifier(name)}`);
  await admin.end();
  afterFile(async () => {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    await cleanup.end();
  });
  return withDatabaseName(adminUrl, name);
}

describe('backup and restore of an installation', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let archive: string;
  let manifest: BackupManifest;
  let loadBefore = 0;
  let loadAfter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ demoData: true }, { database: { ...database, close: async () => {} } });
    await seedDemoData(app);
    // The source's own background jobs would change rows after the snapshot; the write load
    // below is the only writer, so what the restore must hold is known exactly.
    await app.queue.stopWorkers();
    dataDir = testDataDir();
    mkdirSync(path.join(dataDir, 'uploads/images'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'uploads/images/logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    );
    writeFileSync(path.join(dataDir, 'uploads/empty.txt'), '');
    mkdirSync(path.join(dataDir, 'exports'), { recursive: true });
    writeFileSync(path.join(dataDir, 'exports/org-export.zip'), Buffer.alloc(70_000, 7));
    writeFileSync(path.join(dataDir, 'jwt-secret'), `${'s'.repeat(48)}\n`, { mode: 0o600 });
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    writeFileSync(path.join(dataDir, 'outbox/mail.eml'), 'not part of a backup');

    const [employer] = await app.db.select().from(users).where(eq(users.email, DEMO_EMPLOYER_EMAIL));
    const userId = employer?.id as string;
    // Writes committed one after another, during the whole dump.
    let isLoading = true;
    let written = 0;
    const load = (async () => {
      while (isLoading) {
        // Two tables in one transaction: a dump that is one snapshot holds both rows or neither.
        await app.db.transaction(async (tx) => {
          await tx.insert(otpCodes).values({
            email: `load-${written}@example.com`,
            purpose: 'register',
            codeHash: 'load',
            expiresAt: new Date(Date.now() + 3_600_000),
          });
          await tx.insert(pushTokens).values({ userId, value: `load-${written}` });
        });
        written += 1;
      }
    })();
    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    loadBefore = written;
    archive = path.join(scratchDir('medhire-archive-'), 'backup.tar.gz');
    const result = await createBackup({
      sql: database.client,
      dataDir,
      outFile: archive,
      appVersion: '9.9.9',
    });
    loadAfter = written;
    isLoading = false;
    await load;
    manifest = result.manifest;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('writes a manifest with the version, migration level, server version, row counts and checksums', () => {
    expect(manifest.appVersion).toBe('9.9.9');
    expect(manifest.migration).toMatchObject({ tag: latestKnownLevel().tag });
    expect(manifest.postgres.serverVersion).toMatch(/^\d+/);
    const users = manifest.database.tables.find(
      (table) => table.schema === 'public' && table.name === 'users',
    );
    expect(users?.rows).toBeGreaterThan(2000);
    expect(Object.keys(manifest.members)).toEqual(
      expect.arrayContaining([
        'files/uploads/images/logo.png',
        'files/uploads/empty.txt',
        'files/exports/org-export.zip',
        'files/jwt-secret',
        'files/vapid-keys.json',
        'database/public.users.copy',
      ]),
    );
    expect(
      Object.keys(manifest.members).some((name) => name.includes('outbox') || name.includes('postgres')),
    ).toBe(false);
    // The load went on during the dump, and the snapshot holds a whole prefix of it.
    expect(loadAfter).toBeGreaterThan(loadBefore);
  });

  it('restores into an empty DATA_DIR: same rows as the snapshot, same files, and the demo login works', async () => {
    const restoredDir = path.join(scratchDir('medhire-restored-'), 'data');
    await restoreBackup({ archive, dataDir: restoredDir });

    const sourceSql = database.client;
    const cluster = await startEmbeddedCluster({
      clusterDir: path.join(restoredDir, 'postgres'),
      passwordFile: path.join(restoredDir, 'postgres-password'),
    });
    const restoredSql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      for (const table of manifest.database.tables) {
        const restored = await rowDigests(restoredSql, table.schema, table.name);
        expect(restored.length, `${table.schema}.${table.name}`).toBe(table.rows);
        if (table.schema !== 'public') continue;
        const source = new Set(await rowDigests(sourceSql, table.schema, table.name));
        const missing = restored.filter((digest) => !source.has(digest));
        expect(missing, `${table.name}: restored rows not in the source`).toEqual([]);
      }
      const loadRows = await restoredSql<
        { value: string }[]
      >`select value from push_tokens where value like 'load-%'`;
      const numbers = loadRows.map((row) => Number(row.value.slice(5))).sort((a, b) => a - b);
      expect(numbers.length).toBeGreaterThanOrEqual(loadBefore);
      expect(numbers.length).toBeLessThanOrEqual(loadAfter);
      expect(numbers).toEqual(numbers.map((_, index) => index));
      // otp_codes is dumped before push_tokens: with one snapshot both hold the same writes.
      const codes = await restoredSql<
        { email: string }[]
      >`select email from otp_codes where email like 'load-%'`;
      expect(
        codes.map((row) => Number(row.email.slice(5, row.email.indexOf('@')))).sort((a, b) => a - b),
      ).toEqual(numbers);
    } finally {
      await restoredSql.end();
      await cluster.stop();
    }

    const skip = ['postgres', 'postgres.log', 'postgres-password', 'outbox', 'no-web-build'];
    expect(fileChecksums(restoredDir, skip)).toEqual(fileChecksums(dataDir, skip));
    expect(statSync(path.join(restoredDir, 'jwt-secret')).mode & 0o777).toBe(0o600);

    const restoredApp = await buildApp({
      ...testConfig(),
      dataDir: restoredDir,
      uploadsDir: path.join(restoredDir, 'uploads'),
      databaseUrl: undefined,
    });
    try {
      const login = await restoredApp.inject({
        method: 'POST',
        url: '/api/employer/auth/login',
        payload: { email: DEMO_EMPLOYER_EMAIL, password: DEMO_EMPLOYER_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await restoredApp.close();
    }

    // With the server stopped, `npm run backup` starts the cluster for the backup itself.
    const stopped = await openBackupSource({ dataDir: restoredDir, databaseUrl: undefined });
    try {
      expect(stopped.description).toMatch(/started for the backup/);
      const probe = postgres(stopped.url, { max: 1, onnotice: () => {} });
      const [row] = await probe<{ users: number }[]>`select count(*)::int as users from users`;
      await probe.end();
      expect(row?.users).toBe(manifest.database.tables.find((table) => table.name === 'users')?.rows);
    } finally {
      await stopped.release();
    }
  }, 60_000);

  it('restores into an empty DATABASE_URL database with the same row counts', async () => {
    const databaseUrl = await createEmptyDatabase();
    const target = path.join(scratchDir('medhire-url-target-'), 'data');
    await restoreBackup({ archive, dataDir: target, databaseUrl });
    const restored = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      for (const table of manifest.database.tables) {
        const [row] = await restored.unsafe<{ rows: number }[]>(
          `select count(*)::int as rows from ${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`,
        );
        expect(row?.rows, `${table.schema}.${table.name}`).toBe(table.rows);
      }
    } finally {
      await restored.end();
    }
    expect(existsSync(path.join(target, 'jwt-secret'))).toBe(true);
    expect(existsSync(path.join(target, 'postgres'))).toBe(false);
  }, 30_000);

  it('restores an archive of an older migration level at that level; the server migrates it at start', async () => {
    const olderUrl = await createEmptyDatabase();
    const journal = JSON.parse(
      readFileSync(path.join(SERVER_PACKAGE_DIR, 'src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const older = journal.entries.at(-3) as { tag: string; when: number };
    await migrateToLevel(olderUrl, { createdAt: older.when });
    const olderSql = postgres(olderUrl, { max: 1, onnotice: () => {} });
    const olderArchive = path.join(path.dirname(archive), 'older.tar.gz');
    try {
      const made = await createBackup({
        sql: olderSql,
        dataDir: scratchDir('medhire-older-data-'),
        outFile: olderArchive,
        appVersion: '0.0.1',
      });
      expect(made.manifest.migration).toMatchObject({ tag: older.tag, applied: journal.entries.length - 2 });
    } finally {
      await olderSql.end();
    }

    const targetUrl = await createEmptyDatabase();
    const target = path.join(scratchDir('medhire-older-target-'), 'data');
    await restoreBackup({ archive: olderArchive, dataDir: target, databaseUrl: targetUrl });
    const targetSql = postgres(targetUrl, { max: 1, onnotice: () => {} });
    try {
      expect((await readMigrationLevel(targetSql)).tag).toBe(older.tag);
      const app = await buildApp({ ...testConfig(), dataDir: target, databaseUrl: targetUrl });
      await app.close();
      expect(await readMigrationLevel(targetSql)).toMatchObject({
        tag: latestKnownLevel().tag,
        applied: journal.entries.length,
      });
    } finally {
      await targetSql.end();
    }
  }, 40_000);

  it('refuses an archive with a damaged byte, before writing anything', async () => {
    const damaged = path.join(path.dirname(archive), 'damaged.tar.gz');
    const bytes = Buffer.from(readFileSync(archive));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = path.join(scratchDir('medhire-damaged-'), 'data');
    await expect(restoreBackup({ archive: damaged, dataDir: target })).rejects.toThrow(/damaged/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses to back up a DATA_DIR that holds no database', async () => {
    await expect(
      openBackupSource({ dataDir: scratchDir('medhire-no-db-'), databaseUrl: undefined }),
    ).rejects.toThrow(/holds no MedHire database/);
  });

  it('refuses a DATA_DIR that holds anything, and changes nothing', async () => {
    const target = scratchDir('medhire-not-empty-');
    writeFileSync(path.join(target, 'jwt-secret'), 'keep me');
    await expect(restoreBackup({ archive, dataDir: target })).rejects.toThrow(/is not empty/);
    expect(readdirSync(target)).toEqual(['jwt-secret']);
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe('keep me');
  });

  it('refuses a database that already has tables', async () => {
    const { DATABASE_URL } = await serverProcessEnv();
    const target = path.join(scratchDir('medhire-db-target-'), 'data');
    await expect(restoreBackup({ archive, dataDir: target, databaseUrl: DATABASE_URL })).rejects.toThrow(
      /already holds \d+ tables/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a truncated archive with a message and exit code 1, before writing anything', async () => {
    const truncated = path.join(path.dirname(archive), 'truncated.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const target = path.join(scratchDir('medhire-truncated-'), 'data');
    const refused = await run(process.execPath, ['--import', 'tsx', 'src/db/restore.ts', truncated], {
      cwd: SERVER_PACKAGE_DIR,
      env: { ...process.env, DATA_DIR: target, DATABASE_URL: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in refused ? refused.code : 0).toBe(1);
    expect('stderr' in refused ? refused.stderr : '').toMatch(/damaged or incomplete.*nothing was restored/);
    expect(existsSync(target)).toBe(false);
  }, 30_000);

  it('refuses an archive of a newer migration level than this code knows', () => {
    const latest = latestKnownLevel();
    const newer = { ...manifest, migration: { tag: null, createdAt: latest.createdAt + 1, applied: 99 } };
    expect(() => assertRestorableLevel(newer, 'future.tar.gz')).toThrow(BackupError);
    expect(() => assertRestorableLevel(newer, 'future.tar.gz')).toThrow(/newer MedHire/);
    expect(() => assertRestorableLevel(manifest, 'backup.tar.gz')).not.toThrow();
  });
});
