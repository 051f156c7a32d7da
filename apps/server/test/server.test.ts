import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from './helper.ts';
import {
  addressOf,
  embeddedDataDir,
  isRunning,
  postmasterPid,
  SERVER_DIR,
  startServer,
  waitForOutput,
} from './server-process.ts';

describe('src/server.ts', () => {
  it('refuses to start on a malformed setting, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: path.join(SERVER_DIR, 'never-created') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration: PORT must be a port number/);
  });

  it('announces its address, serves, and shuts down cleanly on SIGTERM', { timeout: 60_000 }, async () => {
    const server = startServer(await serverProcessEnv());
    try {
      const address = await addressOf(server);

      const response = await fetch(`${address}/api/health`);
      expect(response.status).toBe(200);
      expect((await response.json()).data.database.reachable).toBe(true);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });

  describe('with the embedded database', () => {
    it('stops its cluster before exiting, however many SIGTERMs arrive', { timeout: 180_000 }, async () => {
      const dataDir = embeddedDataDir();
      const server = startServer({ DATA_DIR: dataDir }, { detached: true });
      const address = await addressOf(server);
      expect((await fetch(`${address}/api/health`)).status).toBe(200);
      const postmaster = postmasterPid(dataDir) ?? 0;
      expect(postmaster).toBeGreaterThan(0);
      expect(isRunning(postmaster)).toBe(true);

      // What `npm start` gets from a `kill -TERM -<group>`: the group's signal, then the start
      // script's forwarded copy a moment later.
      process.kill(-(server.child.pid ?? 0), 'SIGTERM');
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 20));
      server.child.kill('SIGTERM');

      expect(await server.exited, server.output()).toBe(0);
      expect(isRunning(postmaster)).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(server.output()).toMatch(/Received SIGTERM while shutting down/);
    });

    it('stops its cluster when the signals arrive while it is still starting', {
      timeout: 180_000,
    }, async () => {
      const dataDir = embeddedDataDir();
      const server = startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      // The cluster has been created and is being started or migrated.
      await waitForOutput(server, /Creating the embedded PostgreSQL cluster/);
      server.child.kill('SIGINT');
      server.child.kill('SIGINT');

      await server.exited;
      expect(server.output()).not.toMatch(/MedHire listening/);
      const left = postmasterPid(dataDir);
      expect(left === undefined || !isRunning(left)).toBe(true);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    });

    it('refuses a second server on the same DATA_DIR, leaving the first serving; takes over after a kill -9', {
      timeout: 240_000,
    }, async () => {
      const dataDir = embeddedDataDir();
      const first = startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
      const address = await addressOf(first);
      const port = new URL(address).port;
      const postmaster = postmasterPid(dataDir) ?? 0;
      expect(postmaster).toBeGreaterThan(0);
      const signIn = () =>
        fetch(`${address}/api/employer/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@medhire.example', password: 'MedHire-demo-2026' }),
        });
      expect((await signIn()).status).toBe(200);

      const second = startServer({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(
        new RegExp(`in use by another MedHire server \\(pid ${first.child.pid}, serving on port ${port}\\)`),
      );
      expect(second.output()).not.toMatch(/left running by an earlier server/);

      // The first server's cluster was not touched: same postmaster, and it serves.
      expect(postmasterPid(dataDir)).toBe(postmaster);
      expect(isRunning(postmaster)).toBe(true);
      const health = await fetch(`${address}/api/health`);
      expect(health.status).toBe(200);
      expect((await health.json()).data.database.reachable).toBe(true);
      expect((await signIn()).status).toBe(200);

      // A server killed with SIGKILL leaves its lock and its postmaster; the next one takes both over.
      first.child.kill('SIGKILL');
      await first.exited;
      expect(JSON.parse(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).pid).toBe(first.child.pid);
      const third = startServer({ DATA_DIR: dataDir });
      const thirdAddress = await addressOf(third);
      expect(isRunning(postmaster)).toBe(false);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'server.lock'), 'utf8'))).toMatchObject({
        pid: third.child.pid,
        port: Number(new URL(thirdAddress).port),
      });
      const again = await fetch(`${thirdAddress}/api/employer/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@medhire.example', password: 'MedHire-demo-2026' }),
      });
      expect(again.status).toBe(200);

      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    });
  });
});
