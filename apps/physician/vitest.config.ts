import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // react-router ships CommonJS and ES module builds; one of them only, or two router contexts.
  resolve: { conditions: ['module', 'browser', 'development'] },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    testTimeout: 15_000,
  },
});
