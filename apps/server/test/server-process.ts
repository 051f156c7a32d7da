import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterFile } from './cleanups.ts';

/**
 * Real server processes (`src/server.ts` under tsx) for the tests of its lifecycle: signals,
 * the DATA_DIR lock, the embedded database stopping and restarting.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): string;
}

export function startServer(
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    detached: options.detached,
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  afterFile(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output: () => output };
}

export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Server output never matched ${pattern}:\n${server.output()}`);
}

/** Waits for the "listening" line and answers the server's base address. */
export async function addressOf(server: ServerProcess): Promise<string> {
  const [, address] = await waitForOutput(server, /MedHire listening on (http:\/\/127\.0\.0\.1:\d+)/);
  return address ?? '';
}

/**
 * A scratch DATA_DIR with no DATABASE_URL: the server runs its own embedded cluster there. The
 * folder is removed after the file, once any postmaster left in it has been stopped.
 */
export function embeddedDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medhire-lifecycle-'));
  afterFile(async () => {
    const pid = postmasterPid(dataDir);
    if (pid !== undefined && isRunning(pid)) {
      process.kill(pid, 'SIGQUIT');
      const deadline = Date.now() + 10_000;
      while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

/** The pid `DATA_DIR/postgres/postmaster.pid` records, if the file exists. */
export function postmasterPid(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
