#!/usr/bin/env node
/**
 * Bundle budget. Reads Vite's build manifest and measures, gzipped at level 9, every JavaScript
 * file a visitor must download for a screen: the entry plus everything it imports statically,
 * plus the screen's lazy chunks (route and layout) and their static imports. Dynamic imports
 * are not followed, since those download later, on demand.
 *
 * Exits 1 when a scenario is over budget or the manifest lacks a chunk the budget names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

const KB = 1024;
const scenarios = [
  {
    name: 'Sign-in (/signIn)',
    budgetBytes: 130 * KB,
    chunks: ['src/features/auth/components/sign-in-screen.tsx', 'src/app/layouts/auth-layout.tsx'],
  },
  {
    name: 'Signed-in shell (/home)',
    budgetBytes: 220 * KB,
    chunks: ['src/app/layouts/main-layout.tsx', 'src/features/home/components/home-screen.tsx'],
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

// The physician app is a product of its own: none of its code belongs here. Its storage keys
// (`medhire.physician.…`) are in its entry, so any of its modules pulled in would bring them.
const foreign = readdirSync(join(dist, 'assets')).filter(
  (file) =>
    file.endsWith('.js') && readFileSync(join(dist, 'assets', file), 'utf8').includes('medhire.physician.'),
);
if (foreign.length > 0) {
  console.error(`\nThe employer bundle contains physician-app code: ${foreign.join(', ')}`);
  process.exit(1);
}
console.log('\nNo physician-app code in the employer bundle.');

if (isOverBudget) {
  console.error('\nBundle budget exceeded: move code out of the entry or behind a lazy route.');
  process.exit(1);
}
