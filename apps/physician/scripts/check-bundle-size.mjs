#!/usr/bin/env node
/**
 * Bundle budget of the physician app (a phone on a cellular network is its usual visitor). Reads Vite's build manifest and measures, gzipped at level 9, every JavaScript
 * file a visitor must download for a screen: the entry plus everything it imports statically,
 * plus the screen's lazy chunks (route and layout) and their static imports. Dynamic imports
 * are not followed, since those download later, on demand.
 *
 * Exits 1 when a scenario is over budget or the manifest lacks a chunk the budget names.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// DIST_DIR measures another build of the app (e.g. `npx vite build --outDir /tmp/x`) without touching dist/.
const dist = process.env.DIST_DIR ?? join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

const KB = 1024;
// The requirement: at most 100 KB gzipped before the first screen, signed out (sign-in) or signed
// in (jobs). Measured alone with esbuild (minified, gzip -9), the floor is the stack: Preact with
// preact/compat ~10 KB (React 19 with react-dom was ~68 KB, see the README), react-router's data
// router ~32 KB, Redux Toolkit with RTK Query and react-redux ~27 KB; the app's own code is the
// rest. zod and the contract's schemas, react-hook-form and socket.io-client are kept out of it.
const scenarios = [
  // What index.html loads on every visit: the entry and its modulepreload links.
  { name: 'Initial JavaScript (every page)', budgetBytes: 100 * KB, chunks: [] },
  {
    // The first screen of a signed-out visitor.
    name: 'Sign-in (/physician/sign-in)',
    budgetBytes: 100 * KB,
    chunks: ['src/features/auth/sign-in-screen.tsx'],
  },
  {
    // The first screen of a signed-in physician.
    name: 'Jobs (/physician/jobs)',
    budgetBytes: 100 * KB,
    chunks: ['src/features/jobs/job-screens.tsx'],
  },
];

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${manifestPath} (${error.message}). Run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

/** The chunk and every chunk it imports statically, as output file paths. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk for "${key}".`);
  if (files.has(chunk.file)) return files;
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const gzipCache = new Map();
function sizes(file) {
  if (!gzipCache.has(file)) {
    const content = readFileSync(join(dist, file));
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    gzipCache.set(file, { raw: content.length, gzip });
  }
  return gzipCache.get(file);
}

const format = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const rows = [];
let isOverBudget = false;

for (const scenario of scenarios) {
  let files;
  try {
    files = staticClosure(entryKey);
    for (const chunk of scenario.chunks) staticClosure(chunk, files);
  } catch (error) {
    console.error(`${scenario.name}: ${error.message}`);
    process.exit(1);
  }
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += sizes(file).raw;
    gzip += sizes(file).gzip;
  }
  const isWithin = gzip <= scenario.budgetBytes;
  if (!isWithin) isOverBudget = true;
  rows.push({
    scenario: scenario.name,
    files: files.size,
    raw: format(raw),
    gzip: format(gzip),
    budget: format(scenario.budgetBytes),
    status: isWithin ? 'ok' : 'OVER BUDGET',
  });
}

const columns = ['scenario', 'files', 'raw', 'gzip', 'budget', 'status'];
const widths = columns.map((column) =>
  Math.max(column.length, ...rows.map((row) => String(row[column]).length)),
);
const line = (values) => values.map((value, index) => String(value).padEnd(widths[index])).join('  ');
console.log(line(columns));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(columns.map((column) => row[column])));

if (isOverBudget) {
  console.error('\nBundle budget exceeded: move code out of the entry or behind a lazy route.');
  process.exit(1);
}
