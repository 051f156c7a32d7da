import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import baseConfig from './vitest.config.ts';

// The same test files, against a real PostgreSQL server instead of the embedded cluster.
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

export default mergeConfig(
  baseConfig,
  defineConfig({
    test: {
      env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
      // These start an embedded cluster of their own whatever TEST_DATABASE_URL says (its first
      // start, a killed postmaster and its recovery): on the real server they would run the very
      // same cluster again, so they run once, in the embedded run (`npm test`).
      exclude: [
        ...configDefaults.exclude,
        'test/db/embedded-cluster.test.ts',
        'test/db/database-outage.test.ts',
      ],
    },
  }),
);
