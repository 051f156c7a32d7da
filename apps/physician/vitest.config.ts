import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

const useSyncExternalStoreWithSelector = {
  find: /^use-sync-external-store\/with-selector(\.js)?$/,
  replacement: fileURLToPath(new URL('src/test/use-sync-external-store-with-selector.ts', import.meta.url)),
};

export default defineConfig({
  // react-router ships CommonJS and ES module builds; one of them only, or two router contexts.
  resolve: {
    alias: [...preactAliases, useSyncExternalStoreWithSelector],
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'browser', 'main'],
  },
  test: {
    environment: 'happy-dom',
    // Node would load these libraries itself, past the aliases, and so load React beside Preact:
    // they go through Vite instead, and react-redux's CommonJS helper is bundled with them.
    server: {
      deps: {
        inline: [
          '@testing-library/react',
          'react-router',
          'react-redux',
          '@reduxjs/toolkit',
          'react-hook-form',
          '@hookform/resolvers',
        ],
      },
    },
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    testTimeout: 15_000,
  },
});
