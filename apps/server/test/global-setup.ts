import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster } from '../src/db/embedded-cluster.ts';
import { createPostgresDatabase } from '../src/db/index.ts';
import { syncReferenceData } from '../src/domain/reference/sync-reference-data.ts';
import { quoteIdentifier, withDatabaseName } from './test-database.ts';

/**
 * Creates and migrates ONE template database per test run; every test file then works on its
 * own database cloned from it (`CREATE DATABASE … TEMPLATE …`, milliseconds), so files never
 * see each other's rows and nobody pays for migrations twice.
 *
 * The server runs on the machine's PostgreSQL when TEST_DATABASE_URL is set, and otherwise on
 * an embedded cluster started for this run in a temporary folder (fsync off: it is thrown away).
 */
export default async function setup(project: TestProject) {
  const externalUrl = process.env.TEST_DATABASE_URL;
  if (externalUrl) return setupTemplate(project, externalUrl);

  const clusterRoot = await mkdtemp(path.join(tmpdir(), 'medhire-test-pg-'));
  const cluster = await startEmbeddedCluster({
    clusterDir: path.join(clusterRoot, 'postgres'),
    passwordFile: path.join(clusterRoot, 'postgres-password'),
    ephemeral: true,
  });
  const dropTemplate = await setupTemplate(project, cluster.adminUrl);
  return async () => {
    await dropTemplate();
    await cluster.stop();
    await rm(clusterRoot, { recursive: true, force: true });
  };
}

async function setupTemplate(project: TestProject, adminUrl: string) {
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
  project.provide('testDatabase', { adminUrl, templateName });

  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdentifier(templateName)} WITH (FORCE)`);
    await admin.end();
  };
}
