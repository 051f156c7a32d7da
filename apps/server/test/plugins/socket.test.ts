import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import { callApi, employerWithOpenJob, invite, signedInPhysician } from '../routes/employee/physician-kit.ts';
import { signedInEmployer } from '../routes/employer/auth-kit.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

const apps: FastifyInstance[] = [];
const clients: Socket[] = [];

async function listeningApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(overrides);
  apps.push(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

interface Handshake {
  token?: string;
  uid?: string;
}

function client(address: string, { token, uid }: Handshake): Socket {
  const socket = connect(address, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: token === undefined ? {} : { token },
    query: uid === undefined ? {} : { uid },
  });
  clients.push(socket);
  return socket;
}

async function connectedClient(address: string, handshake: Handshake): Promise<Socket> {
  const socket = client(address, handshake);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The error a refused connection gets: the message and the code. */
function refusalOf(address: string, handshake: Handshake): Promise<{ message: string; code?: string }> {
  const socket = client(address, handshake);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('The connection was accepted.')));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      resolve({ message: error.message, code: error.data?.code }),
    );
  });
}

/** A signed-in employer of the app, for the handshake. */
async function employerOf(app: FastifyInstance): Promise<Handshake & { token: string; uid: string }> {
  const employer = await signedInEmployer(app);
  return { token: employer.token, uid: employer.id };
}

function nextEvent<T>(client: Socket, event: string): Promise<T> {
  return new Promise((resolve) => client.once(event, resolve));
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('Socket.IO at /socket.io', () => {
  it('accepts a client on the API server and delivers what app.io emits', async () => {
    const { app, address } = await listeningApp();
    const client = await connectedClient(address, await employerOf(app));

    const received = nextEvent<{ text: string }>(client, 'probe');
    app.io.emit('probe', { text: 'hello' });

    expect(await received).toEqual({ text: 'hello' });
  });

  it('disconnects clients and finishes closing promptly when the app closes', async () => {
    const { app, address } = await listeningApp();
    const client = await connectedClient(address, await employerOf(app));
    const disconnected = nextEvent<string>(client, 'disconnect');

    const startedAt = Date.now();
    await app.close();

    expect(await disconnected).toBeTruthy();
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('fans events out through Redis between instances when REDIS_URL is set', async () => {
    const first = await listeningApp({ redisUrl: REDIS_URL });
    const second = await listeningApp({ redisUrl: REDIS_URL });
    const client = await connectedClient(second.address, await employerOf(second.app));

    // Redis subscriptions are set up asynchronously, so repeat the emit until it arrives.
    const received = nextEvent<string>(client, 'probe');
    const repeat = setInterval(() => first.app.io.emit('probe', 'across instances'), 50);
    try {
      expect(await received).toBe('across instances');
    } finally {
      clearInterval(repeat);
    }
  });

  it('refuses a connection without a valid session token, or whose uid is not its own', async () => {
    const { app, address } = await listeningApp();
    const employer = await employerOf(app);

    expect(await refusalOf(address, {})).toEqual({
      message: 'Please sign in again.',
      code: 'UNAUTHENTICATED',
    });
    expect(await refusalOf(address, { token: 'not-a-session' })).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      await refusalOf(address, { token: employer.token, uid: '00000000-0000-4000-8000-000000000000' }),
    ).toEqual({ message: 'You can only connect as yourself.', code: 'FORBIDDEN' });
    // The uid alone proves nothing.
    expect(await refusalOf(address, { uid: employer.uid })).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("delivers onNewMatch to the inviting organisation's employer when the physician accepts, and to no one else", async () => {
    const { app, address } = await listeningApp();
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    const match = await invite(app, employer, job._id, physician.profile._id);
    const own = await connectedClient(address, { token: employer.token, uid: employer.id });
    const stranger = await connectedClient(address, await employerOf(app));
    const strangerEvents: unknown[] = [];
    stranger.on('onNewMatch', (payload) => strangerEvents.push(payload));

    const received = nextEvent<{ _id: string; status: string }>(own, 'onNewMatch');
    const answer = await callApi(app, 'PATCH', `/api/employee/match/respond/${match._id}`, physician.token, {
      status: 'accepted',
    });
    expect(answer.statusCode, answer.body).toBe(200);

    expect(await received).toMatchObject({ _id: match._id, status: 'accepted' });
    expect(strangerEvents).toEqual([]);
  });
});
