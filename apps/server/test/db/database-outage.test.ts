import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_SECONDS, createPostgresDatabase } from '../../src/db/index.ts';
import { SWEEP_AFTER_MS } from '../../src/domain/notifications/sweep-notifications.ts';
import { afterFile } from '../cleanups.ts';
import { buildTestApp, TEST_JWT_SECRET } from '../helper.ts';
import { employerAndPhysicianInConversation } from '../routes/employee/physician-kit.ts';
import { addressOf, embeddedDataDir, isRunning, postmasterPid, startServer } from '../server-process.ts';

/** The embedded cluster's application database, from the password file and postmaster.pid. */
function embeddedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/medhire`;
}

interface Attempt {
  tempMsgId: string;
  status: number | 'no answer';
  ms: number;
  body: unknown;
  at: number;
}

describe('a database outage (the embedded postmaster killed)', () => {
  // One retry: on a loaded CI machine this file failed in two of four runs, once on timing and
  // once with the server answering "restarting" during the outage (a shutdown whose cause was not
  // printed then; a failure now prints the server's output). Failing twice in a row still fails
  // the run.
  it('answers 503 fast while the database is down, restarts it, and keeps every acknowledged write', {
    timeout: 240_000,
    retry: 1,
  }, async () => {
    const dataDir = embeddedDataDir();
    const server = startServer({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
    const address = await addressOf(server);
    const url = embeddedUrl(dataDir);

    // The people and their conversation, written by a second app on the server's database.
    const fixtures = await buildTestApp({}, { database: createPostgresDatabase(url, { max: 3 }) });
    const { employer, physician, conversationId } = await employerAndPhysicianInConversation(fixtures);
    await fixtures.close();

    // A signed-in socket: it stays connected through the outage.
    const socket = connect(address, { transports: ['websocket'], auth: { token: employer.token } });
    afterFile(async () => {
      socket.disconnect();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    let disconnects = 0;
    socket.on('disconnect', () => {
      disconnects += 1;
    });

    const attempts: Attempt[] = [];
    let sent = 0;
    const send = async () => {
      sent += 1;
      const tempMsgId = `outage-${sent}`;
      const startedAt = Date.now();
      try {
        const response = await fetch(`${address}/api/employee/conversation/send-message/${conversationId}`, {
          method: 'POST',
          headers: { authorization: physician.token, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `Message ${sent}`, tempMsgId }),
          signal: AbortSignal.timeout(20_000),
        });
        attempts.push({
          tempMsgId,
          status: response.status,
          ms: Date.now() - startedAt,
          body: await response.json(),
          at: startedAt,
        });
      } catch (error) {
        attempts.push({
          tempMsgId,
          status: 'no answer',
          ms: Date.now() - startedAt,
          body: String(error),
          at: startedAt,
        });
      }
    };

    for (let i = 0; i < 5; i += 1) await send();
    expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200, 200, 200, 200]);

    const postmaster = postmasterPid(dataDir) ?? 0;
    expect(postmaster).toBeGreaterThan(0);
    const killedAt = Date.now();
    process.kill(postmaster, 'SIGKILL');

    // Three callers keep sending through the outage; the health check is asked too.
    let healthWhileDown: { status: number; body: unknown } | undefined;
    let recoveredAt: number | undefined;
    const deadline = killedAt + 45_000;
    const caller = async () => {
      while (Date.now() < deadline && (recoveredAt === undefined || Date.now() < recoveredAt + 2_000)) {
        await send();
        const last = attempts.at(-1);
        if (last?.status === 200 && last.at > killedAt) recoveredAt ??= Date.now();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const watcher = async () => {
      while (Date.now() < deadline && recoveredAt === undefined && !healthWhileDown) {
        const response = await fetch(`${address}/api/health`);
        if (response.status === 503) healthWhileDown = { status: 503, body: await response.json() };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all([caller(), caller(), caller(), watcher()]);

    const during = attempts.filter((attempt) => attempt.at >= killedAt);
    const failed = during.filter((attempt) => attempt.status !== 200);
    // The outage was seen, every failure was a fast 503 with the envelope, and nothing else failed.
    expect(failed.length).toBeGreaterThan(0);
    for (const attempt of failed) {
      expect(attempt.status, `${JSON.stringify(attempt)}\n${server.output()}`).toBe(503);
      // While the cluster restarts the server answers at once, without trying to connect. A call
      // already waiting on a connection when the postmaster died fails within the connect timeout;
      // one queued in the pool behind a connection attempt that timed out gets the next attempt,
      // so two timeouts, plus what a loaded two-core machine adds (a CI run took 12.3 s). Far short
      // of hanging on: postgres.js would wait 30 s per attempt, and the caller gives up at 20 s.
      expect(attempt.ms, JSON.stringify(attempt)).toBeLessThan(2 * CONNECT_TIMEOUT_SECONDS * 1_000 + 6_000);
      expect(attempt.body, server.output()).toEqual({
        success: false,
        error: {
          code: 'UNAVAILABLE',
          message: 'MedHire cannot reach its database right now. Please try again in a moment.',
        },
      });
    }
    // It came back by itself, within 30 s.
    expect(recoveredAt, server.output()).toBeDefined();
    expect((recoveredAt ?? Infinity) - killedAt).toBeLessThan(30_000);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toMatch(/The embedded database stopped unexpectedly/);
    const restarted = postmasterPid(dataDir) ?? 0;
    expect(restarted).not.toBe(postmaster);
    expect(isRunning(restarted)).toBe(true);

    // The readiness check said why.
    expect(healthWhileDown).toMatchObject({
      status: 503,
      body: {
        success: false,
        error: {
          code: 'UNAVAILABLE',
          details: { database: { reachable: false, problem: expect.any(String) } },
        },
      },
    });
    expect((await fetch(`${address}/api/health`)).status).toBe(200);

    // Every acknowledged message is stored, once.
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    afterFile(async () => {
      await sql.end();
    });
    const stored = await sql<{ temp_msg_id: string }[]>`
      select temp_msg_id from messages where conversation_id = ${conversationId}`;
    const storedIds = stored.map((row) => row.temp_msg_id);
    const acknowledged = attempts
      .filter((attempt) => attempt.status === 200)
      .map((attempt) => attempt.tempMsgId);
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(storedIds).toEqual(expect.arrayContaining(acknowledged));
    expect(new Set(storedIds).size).toBe(storedIds.length);

    // The queue's workers resume by themselves: every notification of an acknowledged message,
    // including those queued just before the outage, is delivered. A send that committed as the
    // postmaster died could not queue its delivery job (or its job was running and could not
    // finish): the sweep queued when the database answers again delivers it at once. Should that
    // sweep not get through, the minutely one queues it once it is SWEEP_AFTER_MS old: the test
    // waits that long plus a minute after the outage, plus a margin for a loaded machine.
    const deliveryDeadline = Math.max(Date.now() + 30_000, killedAt + SWEEP_AFTER_MS + 60_000 + 20_000);
    let undelivered = -1;
    while (Date.now() < deliveryDeadline) {
      const [row] = await sql<{ total: number; undelivered: number }[]>`
        select count(*)::int as total, count(*) filter (where delivered_at is null)::int as undelivered
        from notifications where user_id = ${employer.id}`;
      expect(row?.total).toBeGreaterThanOrEqual(acknowledged.length);
      undelivered = row?.undelivered ?? -1;
      if (undelivered === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(undelivered, 'notifications still undelivered after the sweep should have queued them again').toBe(
      0,
    );

    // The socket never dropped.
    expect(socket.connected).toBe(true);
    expect(disconnects).toBe(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(isRunning(restarted)).toBe(false);
  });
});
