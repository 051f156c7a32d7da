import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  MIGRATIONS_DIR,
  pgliteExtensions,
} from '../src/db/index.ts';
import { syncReferenceData } from '../src/domain/reference/sync-reference-data.ts';
import { quoteIdentifier, withDatabaseName } from './test-database.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Creates and migrates ONE database per test run; every test file then works on its own
 * copy (a PGlite data-dir dump, or a PostgreSQL database cloned from a template), so
 * files never see each other's rows and nobody pays for migrations twice.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? setupPostgres(project, adminUrl) : setupPglite(project);
}

/**
 * The prepared PGlite dump is kept between runs because creating a PGlite database costs
 * seconds while loading a dump does not. Its name is a fingerprint of everything that
 * shapes its content (PGlite version, migrations, shipped reference data), so any change
 * to those builds a new one.
 */
async function setupPglite(project: TestProject) {
  const cacheDir = path.join(tmpdir(), 'medhire-test-cache');
  const dumpPath = path.join(cacheDir, `pglite-${await databaseFingerprint()}.tar`);
  if (!existsSync(dumpPath)) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = createPgliteDatabase(client);
    await database.migrate();
    await syncReferenceData(database.db);
    const dump = await client.dumpDataDir('none');
    await database.close();
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed so a concurrent run never reads half a file.
    const partialPath = `${dumpPath}.${process.pid}.partial`;
    await writeFile(partialPath, Buffer.from(await dump.arrayBuffer()));
    await rename(partialPath, dumpPath);
    await removeStaleDumps(cacheDir, dumpPath);
  }
  project.provide('testDatabase', { driver: 'pglite', dumpPath });
}

/** Dumps of earlier code versions; an hour's grace leaves a run still reading one alone. */
async function removeStaleDumps(cacheDir: string, currentPath: string) {
  const anHourAgo = Date.now() - 60 * 60 * 1000;
  for (const file of await readdir(cacheDir)) {
    const filePath = path.join(cacheDir, file);
    if (filePath === currentPath || !file.startsWith('pglite-')) continue;
    if ((await stat(filePath)).mtimeMs < anHourAgo) await rm(filePath, { force: true });
  }
}

const FINGERPRINTED_DIRS = [MIGRATIONS_DIR, path.join(SERVER_DIR, 'src/domain/reference')];

async function databaseFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(packageDir('@electric-sql/pglite'), 'package.json')));
  for (const directory of FINGERPRINTED_DIRS) {
    if (!existsSync(directory)) continue;
    const files = (await readdir(directory, { recursive: true })).sort();
    for (const file of files) {
      const filePath = path.join(directory, file);
      if (!(await stat(filePath)).isFile()) continue;
      hash.update(filePath);
      hash.update(await readFile(filePath));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed package's folder (its package.json is not exported, so walk up from its entry). */
function packageDir(name: string): string {
  let directory = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(path.join(directory, 'package.json')) || !directory.endsWith(name)) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`Cannot find the folder of ${name}.`);
    directory = parent;
  }
  return directory;
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  const templateName = `medhire_test_template_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${quoteIdentifier(templateName)}`);

  const template = createPostgresDatabase(withDatabaseName(adminUrl, templateName));
  try {
    await template.migrate();
    await syncReferenceData(template.db);
  } finally {
    // A template must have no open connections while databases are cloned from it.
    await template.close();
  }
  project.provide('testDatabase', { driver: 'postgres', adminUrl, templateName });

  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdentifier(templateName)} WITH (FORCE)`);
    await admin.end();
  };
}
