#!/usr/bin/env node
// `npm start`: build the web and physician apps and compile the server when their sources are newer than the
// last build, then run the compiled server in this process (it starts its database, migrates it
// and, with DEMO_DATA on, seeds the demo employer).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
      'packages/ui/src',
    ],
  },
  {
    name: 'the physician app',
    workspace: 'apps/physician',
    output: 'apps/physician/dist/index.html',
    sources: [
      'apps/physician/src',
      'apps/physician/public',
      'apps/physician/index.html',
      'apps/physician/vite.config.ts',
      'packages/contract/src',
      'packages/ui/src',
    ],
  },
  {
    name: 'the server',
    workspace: 'apps/server',
    output: 'apps/server/dist/server.mjs',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/contract/src',
    ],
  },
];

/** Newest modification time under each path, walked once however many builds list it. */
const newestByPath = new Map();
function newestMtime(path) {
  const known = newestByPath.get(path);
  if (known !== undefined) return known;
  let newest = 0;
  if (existsSync(path)) {
    const stat = statSync(path);
    newest = stat.mtimeMs;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
    }
  }
  newestByPath.set(path, newest);
  return newest;
}

for (const { name, workspace, output, sources } of builds) {
  const outputPath = join(root, output);
  const builtAt = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (builtAt >= sourcesAt) continue;
  console.log(builtAt ? `Sources of ${name} changed; rebuilding…` : `Building ${name}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The compiled server runs in this process: a second Node.js process would cost its own start-up
// (a tenth of a second and more), and the server handles the signals itself.
process.env.DEMO_DATA ??= 'true';
// Stack traces of the server's own code point at its TypeScript sources (dist/server.mjs.map).
process.setSourceMapsEnabled(true);
// Node.js 22.8+ keeps the compiled code of the server between starts (older versions lack it),
// in NODE_COMPILE_CACHE when that is set.
module.enableCompileCache?.(
  process.env.NODE_COMPILE_CACHE ?? join(root, 'node_modules/.cache/node-compile-cache'),
);
await import(pathToFileURL(join(root, 'apps/server/dist/server.mjs')).href);
