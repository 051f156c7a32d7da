import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, users } from '../../../src/db/schema/accounts.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, latestCode, otherCode, PASSWORD, uniqueEmail, uniqueIp } from './auth-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const register = (payload: Record<string, unknown>, remoteAddress = uniqueIp()) =>
  app.inject({ method: 'POST', url: '/api/employer/auth/v1/register', payload, remoteAddress });
const verify = (payload: Record<string, unknown>, remoteAddress = uniqueIp()) =>
  app.inject({ method: 'POST', url: '/api/employer/auth/v1/verify-otp', payload, remoteAddress });

async function findUser(email: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('POST /api/employer/auth/v1/register', () => {
  it('creates a pending, unverified account and mails a 6-digit code in text and HTML', async () => {
    const email = uniqueEmail('new');
    const response = await register({ email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { email } });

    const user = await findUser(email);
    expect(user).toMatchObject({
      accountStatus: 'pending',
      subscriptionStatus: 'incomplete',
      emailVerifiedAt: null,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const [mail] = await readOutbox(app.config.dataDir, email);
    expect(mail?.subject).toBe('Your MedHire verification code');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.html).toContain(code);
  });

  it("keeps the owner's own name, and still registers without one (the spec's {email, password})", async () => {
    const named = uniqueEmail('named');
    expect(
      (await register({ email: named, password: PASSWORD, fullName: ' Dana Whitfield ' })).statusCode,
    ).toBe(200);
    expect((await findUser(named))?.fullName).toBe('Dana Whitfield');
    // Registering again before confirming keeps the name when the new attempt leaves it out.
    expect((await register({ email: named, password: PASSWORD })).statusCode).toBe(200);
    expect((await findUser(named))?.fullName).toBe('Dana Whitfield');

    const unnamed = uniqueEmail('unnamed');
    expect((await register({ email: unnamed, password: PASSWORD })).statusCode).toBe(200);
    expect((await findUser(unnamed))?.fullName).toBeNull();
  });

  it('names a name too short to be one', async () => {
    const email = uniqueEmail('short-name');
    const response = await register({ email, password: PASSWORD, fullName: 'D' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      expect.objectContaining({ field: 'fullName', message: 'Enter your full name.' }),
    ]);
    expect(await findUser(email)).toBeUndefined();
  });

  it('ignores fields the client may not set, such as the account status', async () => {
    const email = uniqueEmail('sneaky');
    const response = await register({
      email,
      password: PASSWORD,
      accountStatus: 'approved',
      subscriptionStatus: 'active',
    });
    expect(response.statusCode).toBe(200);
    expect(await findUser(email)).toMatchObject({
      accountStatus: 'pending',
      subscriptionStatus: 'incomplete',
    });
  });

  it('names the field that breaks the password policy', async () => {
    const email = uniqueEmail('weak');
    for (const [password, message] of [
      ['short', /at least 10 characters/],
      ['aaaaaaaaaaaa', /one character repeated/],
      [email, /cannot be your e-mail/],
    ] as const) {
      const response = await register({ email, password });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ field: 'password', message: expect.stringMatching(message) }),
      ]);
    }
    expect(await findUser(email)).toBeUndefined();
  });

  it('sends a new code when the e-mail registered but never confirmed', async () => {
    const email = uniqueEmail('again');
    await register({ email, password: PASSWORD });
    const response = await register({ email, password: 'Another-password-2' });
    expect(response.statusCode).toBe(200);
    expect(await readOutbox(app.config.dataDir, email)).toHaveLength(2);
  });

  it('refuses an e-mail that already has an account', async () => {
    const employer = await createEmployer(app);
    const response = await register({ email: employer.email, password: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/already exists/);
  });

  it('limits registrations per e-mail', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push((await register({ email, password: PASSWORD })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await readOutbox(app.config.dataDir, email)).toHaveLength(5);
  });

  it('limits registrations per address', async () => {
    const remoteAddress = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await register({ email: uniqueEmail('ip'), password: 'x' }, remoteAddress)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/employer/auth/v1/verify-otp', () => {
  async function registered() {
    const email = uniqueEmail('verify');
    expect((await register({ email, password: PASSWORD })).statusCode).toBe(200);
    return { email, code: await latestCode(app, email) };
  }

  it("answers the name given at registration in the session's user", async () => {
    const email = uniqueEmail('verify-named');
    await register({ email, password: PASSWORD, fullName: 'Dana Whitfield' });
    const response = await verify({ email, otp: await latestCode(app, email) });
    expect(response.json().data.user).toMatchObject({ email, fullName: 'Dana Whitfield' });
  });

  it('confirms the e-mail and signs in with code 201', async () => {
    const { email, code } = await registered();
    const response = await verify({ email, otp: code });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ code: 201, user: { email, accountStatus: 'pending' } });
    expect((await findUser(email))?.emailVerifiedAt).toBeInstanceOf(Date);

    const sync = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${data.user._id}`,
      headers: { authorization: data.token },
    });
    expect(sync.statusCode).toBe(200);
    // Once confirmed, the e-mail and password sign in.
    const login = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps an unconfirmed account from signing in and mails it a new code', async () => {
    const { email } = await registered();
    const login = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({ details: { reason: 'EMAIL_NOT_VERIFIED' } });
    expect(await readOutbox(app.config.dataDir, email)).toHaveLength(2);
  });

  it('refuses a wrong code, then still accepts the right one', async () => {
    const { email, code } = await registered();
    const wrong = await verify({ email, otp: otherCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      message: expect.stringMatching(/not correct/),
      details: { reason: 'OTP_INCORRECT' },
    });
    expect((await verify({ email, otp: code })).statusCode).toBe(200);
  });

  it('refuses a code used before', async () => {
    const { email, code } = await registered();
    expect((await verify({ email, otp: code })).statusCode).toBe(200);
    const reused = await verify({ email, otp: code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toMatchObject({
      message: 'This code has already been used. Request a new one.',
    });
  });

  it('refuses an expired code', async () => {
    const { email, code } = await registered();
    await app.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'register')));
    const response = await verify({ email, otp: code });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('This code has expired. Request a new one.');
  });

  it('kills the code after 5 wrong tries, even for the right code', async () => {
    const { email, code } = await registered();
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await verify({ email, otp: otherCode(code) })).json().error.details.reason);
    }
    expect(answers).toEqual([
      'OTP_INCORRECT',
      'OTP_INCORRECT',
      'OTP_INCORRECT',
      'OTP_INCORRECT',
      'OTP_LOCKED',
    ]);
    const locked = await verify({ email, otp: code });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.message).toBe('Too many wrong codes. Request a new one.');

    // A new code starts over.
    expect((await register({ email, password: PASSWORD })).statusCode).toBe(200);
    expect((await verify({ email, otp: await latestCode(app, email) })).statusCode).toBe(200);
  });

  it('answers a replaced code as wrong: only the newest code counts', async () => {
    const { email, code: first } = await registered();
    await register({ email, password: PASSWORD });
    const second = await latestCode(app, email);
    if (first !== second) expect((await verify({ email, otp: first })).statusCode).toBe(422);
    expect((await verify({ email, otp: second })).statusCode).toBe(200);
  });

  it('answers 10 wrong codes cleanly, ending in the rate limit', async () => {
    const { email, code } = await registered();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1)
      statuses.push((await verify({ email, otp: otherCode(code) })).statusCode);
    expect(statuses).not.toContain(500);
    expect(statuses.slice(0, 12).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
  });

  it('names a malformed code', async () => {
    const response = await verify({ email: uniqueEmail('x'), otp: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ field: 'otp' })]);
  });
});
