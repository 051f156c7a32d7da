import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', 'artifacts/**'],
    // Prepares, once per run, the DATA_DIRs every file's server starts on a copy of.
    globalSetup: ['global-setup.ts'],
    // Each file starts its own server and browser; two cores cannot run two of those at once.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
