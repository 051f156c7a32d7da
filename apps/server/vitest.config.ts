import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 15_000,
    hookTimeout: 60_000,
    // One worker per core (Vitest's default leaves one idle). Every file has a database of its
    // own, so files run side by side safely; on a 2-core machine the suite takes about half the time.
    maxWorkers: '100%',
    // `npm test` runs the files without isolation (package.json): each file still gets a database
    // of its own and builds its own app, and reusing a worker's loaded modules instead of loading
    // them again for every file takes about a third off the suite. test/lib/response-serializer
    // replaces a module with vi.mock, so it runs on its own, isolated.
  },
});
