// Starts the real MedHire server as a child process on a free loopback port with a fresh data
// directory, for the end-to-end suite and the benchmarks. Both need the same thing: the product
// exactly as `npm start` runs it, isolated from any other instance on the machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const serverEntry = join(repoRoot, 'apps/server/src/server.ts');
// `npm run build` compiles the server as `npm start` runs it; without that build, tsx runs the sources.
const compiledServer = join(repoRoot, 'apps/server/dist/server.mjs');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');
const outputLimit = 64 * 1024;

export function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server that had to be killed leaves its embedded PostgreSQL running (the next start of a real
 * server recovers it); a test's data directory is deleted instead, so its cluster is stopped first
 * rather than having its files removed under it.
 */
async function stopLeftoverCluster(dataDir) {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isRunning(pid) && waited < 15_000; waited += 100) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

/**
 * Copies a prepared DATA_DIR (its stopped cluster, keys and uploads) into `dataDir`, owners and
 * modes included: the cluster's files belong to the system user `postgres` when the server runs as
 * root, and that user must still be able to pass through the new folder.
 */
async function copyDataDir(from, dataDir) {
  const copied = spawnSync('cp', ['-a', `${from}/.`, `${dataDir}/`], { encoding: 'utf8' });
  if (copied.status !== 0) {
    throw new Error(
      `Could not copy the prepared DATA_DIR ${from} to ${dataDir}: ${copied.stderr || copied.error}`,
    );
  }
  await chmod(dataDir, (await stat(from)).mode & 0o7777);
}

/**
 * Starts a server on a new DATA_DIR, lets it finish its first start (cluster, migrations, demo
 * data when asked), then stops it cleanly and answers the folder: `startTestServer({ dataDirFrom })`
 * then starts copies of it, without paying for that first start again.
 * @param {import('./start-test-server.d.mts').StartTestServerOptions} [options]
 */
export async function prepareDataDir(options = {}) {
  const server = await startTestServer({ ...options, keepDataDir: true });
  await server.stop();
  return server.dataDir;
}

/** Starts on another free port when the one chosen was taken before the server listened on it. */
const PORT_ATTEMPTS = 3;

/**
 * @param {import('./start-test-server.d.mts').StartTestServerOptions} [options]
 * @param {number} [attempt]
 */
export async function startTestServer(options = {}, attempt = 1) {
  const {
    demoData = false,
    requireWebBuild = true,
    startTimeoutMs = 60_000,
    env = {},
    nodeArgs = [],
    dataDirFrom,
    keepDataDir = false,
  } = options;
  if (!existsSync(serverEntry)) {
    throw new Error(`MedHire server entry not found at ${serverEntry}.`);
  }
  if (requireWebBuild && !existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing): run npm run build first.`);
  }

  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'medhire-test-'));
  if (dataDirFrom) await copyDataDir(dataDirFrom, dataDir);
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const keepOutput = (chunk) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };

  const entry = existsSync(compiledServer)
    ? ['--enable-source-maps', compiledServer]
    : ['--import', 'tsx', serverEntry];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: demoData ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keepOutput);
  child.stderr.on('data', keepOutput);
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal }));
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    await stopLeftoverCluster(dataDir);
    if (!keepDataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  // A server that never came up leaves nothing behind, a kept data directory included.
  const abandon = async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  const failure = (reason) =>
    new Error(`${reason}\n--- server output (PORT=${port}, DATA_DIR=${dataDir}) ---\n${output || '(none)'}`);

  let hasExited = false;
  exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + startTimeoutMs;
  while (true) {
    if (hasExited) {
      await abandon();
      // The port was free when chosen and taken by the time the server listened (after starting
      // its database): another process's connection or listener got it in between.
      if (new RegExp(`EADDRINUSE[^\\n]*:${port}\\b`).test(output) && attempt < PORT_ATTEMPTS) {
        return startTestServer(options, attempt + 1);
      }
      throw failure(`MedHire server exited before answering ${baseURL}/api/health (code ${child.exitCode}).`);
    }
    if (Date.now() > deadline) {
      await abandon();
      throw failure(`MedHire server did not answer ${baseURL}/api/health within ${startTimeoutMs} ms.`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = await response.json();
        if (body?.success === true && body.data?.status === 'ok') break;
      }
    } catch {
      // Not listening yet: keep polling until the deadline.
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }

  return { baseURL, port, dataDir, pid: child.pid ?? 0, stop, output: () => output };
}
