import { ZSession } from '@medhire/contract/account';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helper.ts';
import {
  createEmployer,
  isRedisReachable,
  PASSWORD,
  setAccountStatus,
  signedInEmployer,
  signIn,
  uniqueEmail,
  uniqueIp,
} from './auth-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const login = (payload: unknown, url = '/api/employer/auth/login', remoteAddress = uniqueIp()) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

describe('POST /api/employer/auth/login', () => {
  it('answers a session with code 200 for an employer whose profile is established', async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const response = await login({ email: employer.email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const session = ZSession.parse(body.data);
    expect(session.code).toBe(200);
    expect(session.user).toMatchObject({
      _id: employer.id,
      email: employer.email,
      accountStatus: 'approved',
    });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).not.toHaveProperty('showSpecialtyParams');
  });

  it('answers code 201 while the organisation profile is not established', async () => {
    const employer = await createEmployer(app, { accountStatus: 'pending' });
    const response = await login({ email: employer.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.code).toBe(201);
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const employer = await createEmployer(app);
    const wrong = await login({ email: employer.email, password: 'Not-the-password-1' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        error: { code: 'UNAUTHENTICATED', message: 'Incorrect e-mail or password.' },
      });
    }
  });

  it('tells a blocked or rejected employer why they cannot sign in', async () => {
    const blocked = await createEmployer(app, { accountStatus: 'block' });
    const rejected = await createEmployer(app, { accountStatus: 'rejected' });
    const blockedAnswer = await login({ email: blocked.email, password: PASSWORD });
    const rejectedAnswer = await login({ email: rejected.email, password: PASSWORD });
    expect(blockedAnswer.statusCode).toBe(403);
    expect(blockedAnswer.json().error.message).toMatch(/blocked/);
    expect(rejectedAnswer.statusCode).toBe(403);
    expect(rejectedAnswer.json().error.message).toMatch(/not approved/);
  });

  it('does not reveal a blocked account to someone without its password', async () => {
    const blocked = await createEmployer(app, { accountStatus: 'block' });
    const response = await login({ email: blocked.email, password: 'Not-the-password-1' });
    expect(response.statusCode).toBe(401);
  });

  it('names the invalid field', async () => {
    const response = await login({ email: 'not-an-email', password: PASSWORD });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([expect.objectContaining({ field: 'email', in: 'body' })]);
  });

  it('limits attempts per account: 20 fast wrong logins end in 429s, never a 500', async () => {
    const employer = await createEmployer(app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => login({ email: employer.email, password: 'Wrong-password-1' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses).not.toContain(500);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    const limited = responses.find((response) => response.statusCode === 429);
    expect(limited?.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
    });
    // The right password is refused too until the window passes.
    expect((await login({ email: employer.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('limits attempts per address across accounts', async () => {
    const remoteAddress = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      const response = await login(
        { email: uniqueEmail('spray'), password: 'Wrong-password-1' },
        undefined,
        remoteAddress,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('POST /api/employer/auth/v1/login', () => {
  it('answers the session and the flag to show specialty params', async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const response = await login(
      { email: employer.email, password: PASSWORD },
      '/api/employer/auth/v1/login',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      code: 200,
      showSpecialtyParams: true,
      user: { _id: employer.id },
    });
  });

  it('refuses wrong credentials', async () => {
    const response = await login(
      { email: uniqueEmail('x'), password: PASSWORD },
      '/api/employer/auth/v1/login',
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/employer/auth/sync-user-detail/{id}', () => {
  it('answers the signed-in user and the session code, with or without Bearer', async () => {
    const employer = await signedInEmployer(app);
    for (const authorization of [employer.token, `Bearer ${employer.token}`]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/employer/auth/sync-user-detail/${employer.id}`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        user: { _id: employer.id, email: employer.email },
        code: 201,
      });
    }
  });

  it("refuses another employer's id without revealing anything", async () => {
    const caller = await signedInEmployer(app);
    const other = await createEmployer(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${other.id}`,
      headers: { authorization: caller.token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only access your own account.',
    });
  });

  it('asks to sign in again without a token or with an unknown one', async () => {
    const employer = await createEmployer(app);
    for (const headers of [
      {},
      { authorization: 'Bearer made-up-token-made-up-token-xx' },
      { authorization: 'garbage' },
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/employer/auth/sync-user-detail/${employer.id}`,
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in again.' });
    }
  });

  it('refuses the session of an account blocked after signing in, saying why', async () => {
    const employer = await signedInEmployer(app);
    await setAccountStatus(app, employer.id, 'block');
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${employer.id}`,
      headers: { authorization: employer.token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/blocked/);
  });
});

describe('POST /api/employer/auth/logout', () => {
  it('revokes the session: its token is refused afterwards, other sessions live on', async () => {
    const employer = await signedInEmployer(app);
    const otherSession = await signIn(app, employer.email);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/logout',
      headers: { authorization: employer.token },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ success: true, data: null });

    const sync = (authorization: string) =>
      app.inject({
        method: 'GET',
        url: `/api/employer/auth/sync-user-detail/${employer.id}`,
        headers: { authorization },
      });
    expect((await sync(employer.token)).statusCode).toBe(401);
    expect((await sync(otherSession.token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/employer/auth/logout' });
    expect(response.statusCode).toBe(401);
  });
});

// Needs the machine's Redis; the in-process limits above are covered without it.
const redisUrl = 'redis://127.0.0.1:6379';
const isRedisUp = await isRedisReachable(redisUrl);

describe('limits shared through Redis', () => {
  it.runIf(isRedisUp)('counts attempts on one instance against the next instance', async () => {
    const [first, second] = await Promise.all([buildTestApp({ redisUrl }), buildTestApp({ redisUrl })]);
    try {
      const employer = await createEmployer(first);
      const attempt = (instance: FastifyInstance) =>
        instance.inject({
          method: 'POST',
          url: '/api/employer/auth/login',
          payload: { email: employer.email, password: 'Wrong-password-1' },
          remoteAddress: uniqueIp(),
        });
      for (let count = 0; count < 10; count += 1) expect((await attempt(first)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
