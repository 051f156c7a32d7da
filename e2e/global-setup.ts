import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { prepareDataDir } from '../scripts/lib/start-test-server.mjs';

export interface PreparedDataDirs {
  /** Migrated, with the demo organisation, its logins and the 2,000 demo physicians. */
  demo: string;
  /** Migrated and empty. */
  empty: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    preparedDataDirs: PreparedDataDirs;
  }
}

/**
 * The first start of a server (its embedded cluster's initdb, the migrations, and for most files
 * the demo data) took most of a file's set-up time. It happens here once per run, for a DATA_DIR
 * with the demo data and one without; every file's server then starts on a copy of one of them
 * (fixtures/server.ts), which is the same server on the same data, minus the wait.
 */
export default async function setup(project: TestProject) {
  const [demo, empty] = await Promise.all([
    prepareDataDir({ demoData: true, requireWebBuild: true, startTimeoutMs: 240_000 }),
    prepareDataDir({ demoData: false, requireWebBuild: true, startTimeoutMs: 240_000 }),
  ]);
  project.provide('preparedDataDirs', { demo, empty });
  return async () => {
    await Promise.all([demo, empty].map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
  };
}
