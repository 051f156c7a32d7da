import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', 'artifacts/**'],
    // Prepares, once per run, the DATA_DIRs every file's server starts on a copy of.
    globalSetup: ['global-setup.ts'],
    // Each file starts its own server (its own data directory and free port) and browser. One
    // file alone leaves a third of two cores idle (waiting on the browser and the server in
    // turn); two side by side took 18 % off a six-file sample (136 s to 112 s, the machine 67 %
    // then 92 % busy). More than two would only queue on two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
