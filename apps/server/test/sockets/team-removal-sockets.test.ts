import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import { addMember, callTeam, teamOwner } from '../routes/employer/team-kit.ts';

// Issue 14: removing a member ends their sessions and their live connections at once.

const apps: FastifyInstance[] = [];
const clients: Socket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function listeningApp() {
  const app = await buildTestApp();
  apps.push(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

function openSocket(address: string, token: string): Socket {
  const socket = connect(address, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  clients.push(socket);
  return socket;
}

async function connectedClient(address: string, token: string): Promise<Socket> {
  const socket = openSocket(address, token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function disconnection(socket: Socket, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The socket stayed connected.')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('removing a team member', () => {
  it("disconnects every socket of the removed member, refuses their token, and leaves the others' connected", async () => {
    const { app, address } = await listeningApp();
    const owner = await teamOwner(app);
    const leaving = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Leaving Lee' });
    const staying = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Staying Sam' });
    // Two tabs of the leaving member, one of a colleague, one of the owner.
    const leavingTabs = [
      await connectedClient(address, leaving.token),
      await connectedClient(address, leaving.token),
    ];
    const others = [
      await connectedClient(address, staying.token),
      await connectedClient(address, owner.token),
    ];
    const ended = leavingTabs.map((socket) => disconnection(socket));

    const removed = await callTeam(app, 'DELETE', `/remove-member/${leaving.id}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);

    // The server closed them ('io server disconnect'), not the client or the network.
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(others.map((socket) => socket.connected)).toEqual([true, true]);

    // Reconnecting with the ended session is refused as unauthenticated.
    const retry = openSocket(address, leaving.token);
    const refusal = await new Promise<Error & { data?: { code?: string } }>((resolve, reject) => {
      retry.once('connect', () => reject(new Error('The removed member connected again.')));
      retry.once('connect_error', resolve);
    });
    expect(refusal.data?.code).toBe('UNAUTHENTICATED');
  });

  it('does not disconnect anyone when the removal is refused (a recruiter may not remove)', async () => {
    const { app, address } = await listeningApp();
    const owner = await teamOwner(app);
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    const colleague = await addMember(app, owner.organizationId, 'recruiter');
    const socket = await connectedClient(address, colleague.token);

    const refused = await callTeam(app, 'DELETE', `/remove-member/${colleague.id}`, recruiter.token);
    expect(refused.statusCode, refused.body).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.connected).toBe(true);
  });
});
