// Starts the real MedHire server as a child process on a free loopback port with a fresh data
// directory, for the end-to-end suite and the benchmarks. Both need the same thing: the product
// exactly as `npm start` runs it, isolated from any other instance on the machine.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const serverEntry = join(repoRoot, 'apps/server/src/server.ts');
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

/** @param {import('./start-test-server.d.mts').StartTestServerOptions} [options] */
export async function startTestServer(options = {}) {
  const {
    demoData = false,
    requireWebBuild = true,
    startTimeoutMs = 60_000,
    env = {},
    nodeArgs = [],
  } = options;
  if (!existsSync(serverEntry)) {
    throw new Error(`MedHire server entry not found at ${serverEntry}.`);
  }
  if (requireWebBuild && !existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing): run npm run build first.`);
  }

  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'medhire-test-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const keepOutput = (chunk) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };

  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverEntry], {
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
    await rm(dataDir, { recursive: true, force: true });
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
      await stop();
      throw failure(`MedHire server exited before answering ${baseURL}/api/health (code ${child.exitCode}).`);
    }
    if (Date.now() > deadline) {
      await stop();
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
