import type { TMessage } from '@medhire/contract/conversations';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { issueSetPasswordToken } from '../../src/domain/auth/account-tokens.ts';
import { buildTestApp } from '../helper.ts';
import {
  callApi,
  employerAndPhysicianInConversation,
  signedInPhysician,
} from '../routes/employee/physician-kit.ts';
import {
  isRedisReachable,
  latestCode,
  PASSWORD,
  signedInEmployer,
  signIn,
} from '../routes/employer/auth-kit.ts';
import { addMember } from '../routes/employer/team-kit.ts';
import { socketClients } from './socket-kit.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = await isRedisReachable(REDIS_URL);

const apps: FastifyInstance[] = [];
const { openSocket, connectedClient, disconnectAll } = socketClients();

afterEach(async () => {
  disconnectAll();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function listeningApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(overrides);
  apps.push(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ${event} arrived.`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Events of one name a socket gets, to check later that nothing arrived. */
function recorded(socket: Socket, event: string): unknown[] {
  const events: unknown[] = [];
  socket.on(event, (payload) => events.push(payload));
  return events;
}

/** An employer and a physician with an open conversation. */
function conversationOn(app: FastifyInstance) {
  return employerAndPhysicianInConversation(app, { title: 'Internist, Boise' });
}

function employerSend(
  app: FastifyInstance,
  token: string,
  conversationId: string,
  body: string,
  tempMsgId: string,
) {
  return callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, token, {
    body,
    tempMsgId,
  });
}

function physicianSend(
  app: FastifyInstance,
  token: string,
  conversationId: string,
  body: string,
  tempMsgId: string,
) {
  return callApi(app, 'POST', `/api/employee/conversation/send-message/${conversationId}`, token, {
    body,
    tempMsgId,
  });
}

describe('messaging over Socket.IO', () => {
  it("lets a physician connect; both sides get onMessage for their conversation and no one else's", async () => {
    const { app, address } = await listeningApp();
    const [{ employer, physician, conversationId }, strangerEmployer, strangerPhysician] = await Promise.all([
      conversationOn(app),
      signedInEmployer(app),
      signedInPhysician(app),
    ]);
    const stranger = { employer: strangerEmployer, physician: strangerPhysician };
    const employerSocket = await connectedClient(address, employer.token);
    const physicianSocket = await connectedClient(address, physician.token);
    const otherEmployer = recorded(await connectedClient(address, stranger.employer.token), 'onMessage');
    const otherPhysician = recorded(await connectedClient(address, stranger.physician.token), 'onMessage');

    const toPhysician = nextEvent<{ conversationId: string; message: TMessage }>(
      physicianSocket,
      'onMessage',
    );
    const sent = await employerSend(app, employer.token, conversationId, 'Are you free Monday?', 'e-1');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await toPhysician).toEqual({ conversationId, message: sent.json().data });

    // A physician's message reaches every member of the organisation (one emit to all their rooms).
    const [owner] = await app.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, employer.id));
    const admin = await addMember(app, owner?.organizationId ?? '', 'admin');
    const adminSocket = await connectedClient(address, admin.token);
    const toEmployer = nextEvent<{ conversationId: string; message: TMessage }>(employerSocket, 'onMessage');
    const toAdmin = recorded(adminSocket, 'onMessage');
    const reply = await physicianSend(app, physician.token, conversationId, 'Yes, after 3 pm.', 'p-1');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await toEmployer).toMatchObject({ conversationId, message: { body: 'Yes, after 3 pm.', seq: 2 } });
    await expect.poll(() => toAdmin.length).toBe(1);
    expect(toAdmin[0]).toMatchObject({ conversationId, message: { body: 'Yes, after 3 pm.', seq: 2 } });

    // The strangers' sockets heard nothing; sending into their conversation is refused.
    expect(otherEmployer).toEqual([]);
    expect(otherPhysician).toEqual([]);
    expect((await employerSend(app, stranger.employer.token, conversationId, 'Hi', 'x')).statusCode).toBe(
      404,
    );
    expect((await physicianSend(app, stranger.physician.token, conversationId, 'Hi', 'x')).statusCode).toBe(
      404,
    );
  });

  it("signing out disconnects that session's sockets only", async () => {
    const { app, address } = await listeningApp();
    const { employer, physician } = await conversationOn(app);
    const otherDevice = await signIn(app, employer.email, PASSWORD);
    const signedOut = await connectedClient(address, employer.token);
    const stays = await connectedClient(address, otherDevice.token);
    const physicianSocket = await connectedClient(address, physician.token);

    const disconnected = nextEvent<string>(signedOut, 'disconnect');
    const logout = await callApi(app, 'POST', '/api/employer/auth/logout', employer.token);
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(stays.connected).toBe(true);

    const physicianGone = nextEvent<string>(physicianSocket, 'disconnect');
    expect((await callApi(app, 'POST', '/api/employee/auth/logout', physician.token)).statusCode).toBe(200);
    expect(await physicianGone).toBe('io server disconnect');
    expect(stays.connected).toBe(true);

    // The ended session cannot connect again.
    await expect(connectedClient(address, employer.token)).rejects.toThrow('Please sign in again.');
  });

  it("a password change disconnects the user's other sessions; deleting the account disconnects all", async () => {
    const { app, address } = await listeningApp();
    const { employer } = await conversationOn(app);
    const otherDevice = await signIn(app, employer.email, PASSWORD);
    const current = await connectedClient(address, employer.token);
    const other = await connectedClient(address, otherDevice.token);

    const otherGone = nextEvent<string>(other, 'disconnect');
    const changed = await callApi(
      app,
      'POST',
      `/api/employer/auth/v1/reset-password/${employer.id}`,
      employer.token,
      {
        oldPassword: PASSWORD,
        newPassword: 'Changed-password-42',
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await otherGone).toBe('io server disconnect');
    expect(current.connected).toBe(true);

    const currentGone = nextEvent<string>(current, 'disconnect');
    const deleted = await callApi(
      app,
      'PATCH',
      `/api/employer/auth/v1/archive-profile/${employer.id}`,
      employer.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await currentGone).toBe('io server disconnect');
  });

  it("password recovery and set-password disconnect every session's sockets, on every instance; a password change the other sessions'", async () => {
    // With Redis, two instances: the sockets are on A, the calls go through B.
    const first = await listeningApp(redisAvailable ? { redisUrl: REDIS_URL } : {});
    const second = redisAvailable ? await listeningApp({ redisUrl: REDIS_URL }) : first;
    const api = second.app;
    const employer = await signedInEmployer(first.app);
    const authCall = (url: string, payload: unknown, token?: string) =>
      callApi(api, 'POST', `/api/employer/auth${url}`, token, payload);

    // A password change through B ends the other sessions: their sockets on A go, this one stays.
    const other = await signIn(first.app, employer.email, PASSWORD);
    const current = await connectedClient(first.address, employer.token);
    const otherSocket = await connectedClient(first.address, other.token);
    const otherGone = nextEvent<string>(otherSocket, 'disconnect');
    const changed = await authCall(
      `/v1/reset-password/${employer.id}`,
      { oldPassword: PASSWORD, newPassword: 'Changed-password-42' },
      employer.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await otherGone).toBe('io server disconnect');
    expect(current.connected).toBe(true);

    // Recovery through B ends every session: the sockets of both on A go.
    const later = await signIn(first.app, employer.email, 'Changed-password-42');
    const alsoOpen = await connectedClient(first.address, later.token);
    const currentGone = nextEvent<string>(current, 'disconnect');
    const alsoGone = nextEvent<string>(alsoOpen, 'disconnect');
    expect((await authCall('/v1/send-otp-password-recovery', { email: employer.email })).statusCode).toBe(
      200,
    );
    const otp = await latestCode(api, employer.email);
    const verified = await authCall('/v1/verify-otp-password-recovery', { email: employer.email, otp });
    expect(verified.statusCode, verified.body).toBe(200);
    const recovered = await authCall('/v1/update-password-by-otp', {
      password: 'Recovered-password-7',
      resetToken: verified.json().data.resetToken,
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().data).toEqual({ email: employer.email });
    expect(await currentGone).toBe('io server disconnect');
    expect(await alsoGone).toBe('io server disconnect');
    await expect(connectedClient(first.address, employer.token)).rejects.toThrow('Please sign in again.');

    // Setting a password with an e-mailed link through B ends the sessions before it too.
    const before = await signIn(first.app, employer.email, 'Recovered-password-7');
    const beforeSocket = await connectedClient(first.address, before.token);
    const beforeGone = nextEvent<string>(beforeSocket, 'disconnect');
    const { token } = await issueSetPasswordToken(api.db, employer.id);
    const set = await authCall('/set-password', {
      email: employer.email,
      password: 'Set-password-88',
      token,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await beforeGone).toBe('io server disconnect');
    // The session set-password opened connects.
    const fresh = await connectedClient(first.address, set.json().data.token);
    expect(fresh.connected).toBe(true);
  });

  it('gives a client that reconnects within the recovery window the packets it missed', async () => {
    const { app, address } = await listeningApp();
    const { employer, physician, conversationId } = await conversationOn(app);
    const socket = openSocket(address, employer.token, {
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The session id of recovery is given with the first packet; wait for one.
    const first = nextEvent<{ message: TMessage }>(socket, 'onMessage');
    await physicianSend(app, physician.token, conversationId, 'Before the blink', 'b-0');
    await first;

    const received: string[] = [];
    socket.on('onMessage', (payload: { message: TMessage }) => received.push(payload.message.body));
    const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
    // Cut the transport without telling the server: an abnormal close, as a network blink is.
    socket.io.engine.close();
    for (let index = 1; index <= 3; index++) {
      const sent = await physicianSend(app, physician.token, conversationId, `Missed ${index}`, `b-${index}`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    await reconnected;
    await expect.poll(() => received, { timeout: 10_000 }).toEqual(['Missed 1', 'Missed 2', 'Missed 3']);
    expect(socket.recovered).toBe(true);
  });

  it.skipIf(!redisAvailable)(
    'delivers to a client on instance A what is sent through instance B (PostgreSQL + Redis)',
    async () => {
      // Both instances use the test file's database.
      const first = await listeningApp({ redisUrl: REDIS_URL });
      const second = await listeningApp({ redisUrl: REDIS_URL });
      const { employer, physician, conversationId } = await conversationOn(first.app);
      const onA = await connectedClient(first.address, employer.token);

      const received = nextEvent<{ conversationId: string; message: TMessage }>(onA, 'onMessage');
      const sent = await physicianSend(second.app, physician.token, conversationId, 'Through B', 'r-1');
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await received).toMatchObject({ conversationId, message: { body: 'Through B', seq: 1 } });
    },
  );
});
