import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
  },
});
