import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from './helper.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForOutput(output: () => string, pattern: RegExp, child: ChildProcessWithoutNullStreams) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = output().match(pattern);
    if (match) return match;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Server output never matched ${pattern}:\n${output()}`);
}

describe('src/server.ts', () => {
  it('refuses to start on a malformed setting, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: path.join(SERVER_DIR, 'never-created') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration: PORT must be a port number/);
  });

  it('announces its address, serves, and shuts down cleanly on SIGTERM', { timeout: 60_000 }, async () => {
    const server = startServer(await serverProcessEnv());
    try {
      const [, address] = await waitForOutput(
        server.output,
        /MedHire listening on (http:\/\/127\.0\.0\.1:\d+)/,
        server.child,
      );

      const response = await fetch(`${address}/api/health`);
      expect(response.status).toBe(200);
      expect((await response.json()).data.database.reachable).toBe(true);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
