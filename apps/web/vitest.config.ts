import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // react-router 7 ships CommonJS and ES module builds; without this, test files got the CommonJS
  // one while react-router/dom got the ES module one, two router contexts that never meet.
  resolve: { conditions: ['module', 'browser', 'development'] },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    // Journeys through the whole app type and wait like a person; on a busy 2-core CI machine the
    // 5 s default cuts some of them off mid-way. The server suite uses the same limit.
    testTimeout: 15_000,
    // One worker per core (Vitest's default leaves one idle): on a 2-core machine the suite takes
    // about 60 % of the time.
    maxWorkers: '100%',
  },
});
