#!/usr/bin/env node
// `npm start`: build the web and physician apps and compile the server when their sources are newer than the
// last build, then run the compiled server (which starts its database, migrates it and, with
// DEMO_DATA on, seeds the demo employer).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
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

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
  cwd: root,
  stdio: 'inherit',
  // Node.js 22.1+ keeps the compiled code of the server and its packages between starts (older
  // versions ignore the variable).
  env: {
    DEMO_DATA: 'true',
    NODE_COMPILE_CACHE: join(root, 'node_modules/.cache/node-compile-cache'),
    ...process.env,
  },
});
// A signal sent to this script alone (`kill <pid>`) must reach the server. A signal to the
// whole process group (Ctrl+C, `kill -TERM -<pgid>`) reaches the server twice, directly and
// through here: the server runs one shutdown whatever it receives, and stops its database first.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
