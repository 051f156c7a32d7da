import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, repoRoot } from '../scripts/lib/start-test-server.mjs';
import { type Figure, reportFigures } from './lib/figures.ts';

/**
 * Start-up of `npm start` (scripts/start.mjs, the web app already built) to the first healthy
 * answer of GET /api/health: once on an empty data directory (cluster created, migrated, demo data
 * seeded) and then RESTARTS times on that same directory. Targets: ≤ 15 s empty, ≤ 2 s existing.
 * Also the CPU the server process spent until that answer (Linux /proc), which depends far less
 * on how busy the machine is than the wall time does.
 */
const EMPTY_TARGET_S = 15;
const EXISTING_TARGET_S = 2;
const CLOCK_TICKS_PER_S = 100;

/** CPU seconds (user + system) of the server (`npm start` runs it in its own process), or NaN off Linux. */
async function serverCpuSeconds(pid: number | undefined): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}
const RESTARTS = 3;
const TIMEOUT_MS = 120_000;

async function startOnce(
  dataDir: string,
): Promise<{ seconds: number; cpuSeconds: number; child: ChildProcess }> {
  const port = await findFreePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  while (performance.now() - startedAt < TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(1_000),
      });
      if (response.ok) {
        const seconds = (performance.now() - startedAt) / 1000;
        return { seconds, cpuSeconds: await serverCpuSeconds(child.pid), child };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`npm start did not answer /api/health within ${TIMEOUT_MS / 1000} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const dataDir = await mkdtemp(join(tmpdir(), 'medhire-bench-startup-'));
try {
  const empty = await startOnce(dataDir);
  await stop(empty.child);
  const existing: number[] = [];
  const existingCpu: number[] = [];
  for (let run = 0; run < RESTARTS; run += 1) {
    const again = await startOnce(dataDir);
    existing.push(again.seconds);
    existingCpu.push(again.cpuSeconds);
    await stop(again.child);
  }
  existing.sort((a, b) => a - b);
  existingCpu.sort((a, b) => a - b);
  const round = (seconds: number) => Math.round(seconds * 100) / 100;
  const benchmark = 'startup';
  const figures: Figure[] = [
    {
      benchmark,
      name: 'npm start, empty data directory → healthy (create, migrate, seed)',
      value: round(empty.seconds),
      unit: 's',
      target: { comparison: '<=', value: EMPTY_TARGET_S },
    },
    {
      benchmark,
      name: `npm start, existing data directory → healthy (median of ${RESTARTS})`,
      value: round(existing[Math.floor(existing.length / 2)] ?? Number.NaN),
      unit: 's',
      target: { comparison: '<=', value: EXISTING_TARGET_S },
    },
    {
      benchmark,
      name: 'npm start, existing data directory, slowest',
      value: round(existing.at(-1) ?? Number.NaN),
      unit: 's',
    },
    {
      benchmark,
      name: `server CPU until healthy, existing data directory (median of ${RESTARTS})`,
      value: round(existingCpu[Math.floor(existingCpu.length / 2)] ?? Number.NaN),
      unit: 's',
    },
  ];
  await reportFigures(figures);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
