import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../src/db/index.ts';
import { messages } from '../../src/db/schema/hiring.ts';
import { buildTestApp, serverProcessEnv, TEST_JWT_SECRET } from '../helper.ts';
import { callApi, employerWithOpenJob, invite, signedInPhysician } from '../routes/employee/physician-kit.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

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
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output: () => output };
}

async function addressOf(output: () => string, child: ChildProcessWithoutNullStreams): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = /MedHire listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server never listened:\n${output()}`);
}

function socketOf(address: string, token: string): Socket {
  const socket = connect(address, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: 200,
    reconnectionDelayMax: 400,
    auth: { token },
  });
  cleanups.push(() => socket.disconnect());
  return socket;
}

describe('shutting down with open sockets (SIGTERM)', () => {
  it('stops accepting, lets clients reconnect elsewhere, finishes the send in flight and exits within 10 s', {
    timeout: 90_000,
  }, async () => {
    const processEnv = await serverProcessEnv();
    const databaseUrl = processEnv.DATABASE_URL ?? '';
    const env = { ...processEnv, JWT_SECRET: TEST_JWT_SECRET };
    const server = startServer(env);
    const address = await addressOf(server.output, server.child);

    // The people and their conversation, written to the server's database by a second app.
    const database = createPostgresDatabase(databaseUrl, { max: 3 });
    const fixtures = await buildTestApp({}, { database });
    cleanups.push(() => fixtures.close());
    const { employer, job } = await employerWithOpenJob(fixtures, { title: 'Hospitalist, Tulsa' });
    const physician = await signedInPhysician(fixtures);
    const match = await invite(fixtures, employer, job._id, physician.profile._id);
    const accepted = await callApi(
      fixtures,
      'PATCH',
      `/api/employee/match/respond/${match._id}`,
      physician.token,
      {
        status: 'accepted',
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const conversationId = accepted.json().data.conversationId as string;

    const socket = socketOf(address, employer.token);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    // A send held inside its transaction: the conversation's row is locked elsewhere.
    const locker = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const watcher = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    cleanups.push(
      () => locker.end(),
      () => watcher.end(),
    );
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isLocked = () => false;
    const locked = new Promise<void>((resolve) => {
      isLocked = () => {
        resolve();
        return true;
      };
    });
    const lock = locker.begin(async (tx) => {
      await tx`select id from conversations where id = ${conversationId} for update`;
      isLocked();
      await released;
    });
    await locked;
    const inFlight = fetch(`${address}/api/employee/conversation/send-message/${conversationId}`, {
      method: 'POST',
      headers: { authorization: physician.token, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Sent as the server stopped', tempMsgId: 'shutdown-1' }),
    });
    // The send has reached the database and waits on the lock.
    await expect
      .poll(
        async () =>
          (
            await watcher`select count(*)::int as waiting from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database()`
          )[0]?.waiting,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');

    // The client is told its transport is gone (not a goodbye): it reconnects on its own.
    expect(await disconnected).toBe('transport close');
    expect(socket.active).toBe(true);

    // No new connection or request is taken meanwhile.
    const newcomer = connect(address, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: employer.token },
    });
    cleanups.push(() => newcomer.disconnect());
    await new Promise<void>((resolve, reject) => {
      newcomer.once('connect', () => reject(new Error('A closing server took a new socket.')));
      newcomer.once('connect_error', () => resolve());
    });
    const refused = await fetch(`${address}/api/health/live`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(refused);

    // The send in flight finishes and is stored once; then the process exits, in time.
    release();
    await lock;
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      success: true,
      data: { conversationId, message: { body: 'Sent as the server stopped', seq: 1 } },
    });
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    const stored = await database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(stored.map((row) => row.body)).toEqual(['Sent as the server stopped']);
  });
});
