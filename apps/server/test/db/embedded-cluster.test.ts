import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedCluster } from '../../src/db/embedded-cluster.ts';
import { createPostgresDatabase } from '../../src/db/index.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const root = mkdtempSync(path.join(tmpdir(), 'medhire-cluster-test-'));
const options = {
  clusterDir: path.join(root, 'postgres'),
  passwordFile: path.join(root, 'postgres-password'),
};

afterAll(() => rmSync(root, { recursive: true, force: true }));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A process that starts the cluster, writes a row, says so, and then waits to be killed —
 * the way a server dies under SIGKILL, leaving its postmaster behind.
 */
async function startAndGetKilled(): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/db/fixtures/crash-after-commit.ts', JSON.stringify(options)],
    { cwd: SERVER_DIR },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('committed')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`The crashing process failed:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  return Number(readFileSync(path.join(options.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('the embedded PostgreSQL cluster', () => {
  it('initialises on first start, keeps its rows across restarts, and stops cleanly', {
    timeout: 120_000,
  }, async () => {
    const first = await startEmbeddedCluster(options);
    const sql = postgres(first.url, { max: 1, onnotice: () => {} });
    await sql`create table survivors (name text not null)`;
    await sql`insert into survivors (name) values ('written before the restart')`;
    const [setting] = await sql<{ server_version: string }[]>`show server_version`;
    expect(Number.parseInt(setting?.server_version ?? '', 10)).toBeGreaterThanOrEqual(15);
    await sql.end();
    await first.stop();
    expect(existsSync(path.join(options.clusterDir, 'postmaster.pid'))).toBe(false);
    expect(readFileSync(options.passwordFile, 'utf8').trim().length).toBeGreaterThanOrEqual(24);

    const second = await startEmbeddedCluster(options);
    const again = postgres(second.url, { max: 1, onnotice: () => {} });
    expect(await again`select name from survivors`).toEqual([{ name: 'written before the restart' }]);
    await again.end();
    await second.stop();
  });

  it('refuses a connection without the generated password', { timeout: 60_000 }, async () => {
    const cluster = await startEmbeddedCluster(options);
    try {
      const wrong = new URL(cluster.url);
      wrong.password = 'not-the-password';
      const sql = postgres(wrong.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
      await expect(sql`select 1`).rejects.toThrow(/password authentication failed/);
      await sql.end();
    } finally {
      await cluster.stop();
    }
  });

  it('recovers a cluster left running by a server killed with SIGKILL, with every committed row', {
    timeout: 180_000,
  }, async () => {
    const orphan = await startAndGetKilled();
    expect(isRunning(orphan)).toBe(true);

    const cluster = await startEmbeddedCluster(options);
    try {
      expect(isRunning(orphan)).toBe(false);
      const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
      const rows = await sql<{ name: string }[]>`select name from survivors order by name`;
      expect(rows.map((row) => row.name)).toEqual(['written before the crash', 'written before the restart']);
      await sql.end();
    } finally {
      await cluster.stop();
    }
  });

  it('starts over a stale pid file whose process is gone', { timeout: 60_000 }, async () => {
    const pidFile = path.join(options.clusterDir, 'postmaster.pid');
    // A pid that is not running: the lock file of a postmaster that died with the machine.
    writeFileSync(pidFile, `999999\n${options.clusterDir}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`);
    const cluster = await startEmbeddedCluster(options);
    try {
      const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
      expect((await sql`select count(*)::int as count from survivors`)[0]?.count).toBe(2);
      await sql.end();
    } finally {
      await cluster.stop();
    }
  });

  it("connects the app's pool through a Unix socket only the cluster's owner can use, still with the password", {
    timeout: 60_000,
  }, async () => {
    const cluster = await startEmbeddedCluster(options);
    const database = createPostgresDatabase(cluster.url, { socketPath: cluster.socketPath, max: 2 });
    try {
      expect(cluster.socketPath).toBe(path.join(root, 'socket', `.s.PGSQL.${cluster.port}`));
      expect(statSync(path.join(root, 'socket')).mode & 0o777).toBe(0o700);
      // A connection over a Unix socket has no server address; one over TCP has 127.0.0.1.
      expect(await database.client`select inet_server_addr()::text as address`).toEqual([{ address: null }]);
      const tcp = postgres(cluster.url, { max: 1, onnotice: () => {} });
      expect(await tcp`select host(inet_server_addr()) as address`).toEqual([{ address: '127.0.0.1' }]);
      await tcp.end();

      const wrong = new URL(cluster.url);
      wrong.password = 'not-the-password';
      const refused = postgres(wrong.toString(), {
        path: cluster.socketPath,
        max: 1,
        onnotice: () => {},
        connect_timeout: 5,
      });
      await expect(refused`select 1`).rejects.toThrow(/password authentication failed/);
      await refused.end();
    } finally {
      await database.close();
      await cluster.stop();
    }
  });

  it('keeps TCP alone when the data directory is too deep for a socket path', {
    timeout: 120_000,
  }, async () => {
    const deep = path.join(root, 'a-data-directory-nested-deep-enough'.repeat(3));
    const cluster = await startEmbeddedCluster({
      clusterDir: path.join(deep, 'postgres'),
      passwordFile: path.join(deep, 'postgres-password'),
      ephemeral: true,
    });
    try {
      expect(cluster.socketPath).toBeUndefined();
      expect(existsSync(path.join(deep, 'socket'))).toBe(false);
      const tcp = postgres(cluster.url, { max: 1, onnotice: () => {} });
      expect(await tcp`select host(inet_server_addr()) as address`).toEqual([{ address: '127.0.0.1' }]);
      await tcp.end();
    } finally {
      await cluster.stop();
    }
  });
});
