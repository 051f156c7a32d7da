import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../../scripts/lib/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { preactAliases } from './preact-aliases.ts';

const apiOrigin = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiOrigin, changeOrigin: true },
  '/uploads': { target: apiOrigin, changeOrigin: true },
  '/socket.io': { target: apiOrigin, changeOrigin: true, ws: true },
};

/**
 * What a physician reads again on the train: saved jobs, applications, interviews, invites and
 * conversations (GET only, workbox's default). Answered from the network when it is there and
 * from the last answer when not. A RegExp, not a function: workbox copies it into the service
 * worker as text, where nothing from this file would be in scope.
 */
const READABLE_OFFLINE =
  /\/api\/employee\/(job\/get-applications|interview\/get-my-interviews|job\/get-saved-jobs|saved-job\/|match\/get-all-matches|conversation\/(get-all-conversation|get-conversation|sync))/;

export default defineConfig({
  // The server serves this app under /physician/, next to the employer app at /.
  base: '/physician/',
  resolve: { alias: preactAliases },
  plugins: [
    // jobs.html: index.html naming the job screens' chunks, a signed-in physician's first screen
    // (sent by the server for /physician/jobs and /physician/jobs/:jobId). Only what the screen
    // imports statically: naming the job page's Markdown renderer too (37 KB) cost more than it
    // saved, as its title, not its description, is the largest paint.
    routePreloads({ 'jobs.html': ['src/features/jobs/job-screens.tsx'] }),
    // Brotli and gzip copies of every text asset, sent as they are by the server.
    precompress(),
    VitePWA({
      // Registered by src/lib/service-worker.ts after the first screen is up.
      injectRegister: null,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'MedHire for physicians',
        short_name: 'MedHire',
        description: 'Find physician jobs across the US, apply in two taps and talk with employers.',
        start_url: '/physician/',
        scope: '/physician/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Push and notification clicks (public/push-sw.js) join the generated worker.
        importScripts: ['push-sw.js'],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/physician/index.html',
        navigateFallbackAllowlist: [/^\/physician\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: READABLE_OFFLINE,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'physician-api',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  // Next to the employer app's dev server (5173), so `npm run dev` runs both.
  server: { port: 5174, strictPort: true, proxy },
  preview: { proxy },
  build: {
    // scripts/check-bundle-size.mjs reads the manifest to measure what the first screen downloads.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
});
