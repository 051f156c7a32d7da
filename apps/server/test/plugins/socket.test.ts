import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

const apps: FastifyInstance[] = [];
const clients: Socket[] = [];

async function listeningApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(overrides);
  apps.push(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

async function connectedClient(address: string): Promise<Socket> {
  const client = connect(address, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
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
    const client = await connectedClient(address);

    const received = nextEvent<{ text: string }>(client, 'probe');
    app.io.emit('probe', { text: 'hello' });

    expect(await received).toEqual({ text: 'hello' });
  });

  it('disconnects clients and finishes closing promptly when the app closes', async () => {
    const { app, address } = await listeningApp();
    const client = await connectedClient(address);
    const disconnected = nextEvent<string>(client, 'disconnect');

    const startedAt = Date.now();
    await app.close();

    expect(await disconnected).toBeTruthy();
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('fans events out through Redis between instances when REDIS_URL is set', async () => {
    const first = await listeningApp({ redisUrl: REDIS_URL });
    const second = await listeningApp({ redisUrl: REDIS_URL });
    const client = await connectedClient(second.address);

    // Redis subscriptions are set up asynchronously, so repeat the emit until it arrives.
    const received = nextEvent<string>(client, 'probe');
    const repeat = setInterval(() => first.app.io.emit('probe', 'across instances'), 50);
    try {
      expect(await received).toBe('across instances');
    } finally {
      clearInterval(repeat);
    }
  });
});
