import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import { addMember, callTeam, teamOwner } from '../routes/employer/team-kit.ts';
import { disconnection, socketClients } from './socket-kit.ts';

// Issue 14: removing a member ends their sessions and their live connections at once.

const apps: FastifyInstance[] = [];
const { openSocket, connectedClient, disconnectAll } = socketClients();

afterEach(async () => {
  disconnectAll();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function listeningApp() {
  const app = await buildTestApp();
  apps.push(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
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
