import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/lib/precompress.ts';

const apiOrigin = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/uploads': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/uploads': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, changeOrigin: true, ws: true },
    },
  },
  build: {
    // scripts/check-bundle-size.mjs reads the manifest to measure what each route downloads.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
});
