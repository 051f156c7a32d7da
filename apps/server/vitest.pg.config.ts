import { defineConfig, mergeConfig } from 'vitest/config';
import baseConfig from './vitest.config.ts';

// The same test files, against a real PostgreSQL server instead of PGlite.
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

export default mergeConfig(
  baseConfig,
  defineConfig({
    test: { env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } },
  }),
);
