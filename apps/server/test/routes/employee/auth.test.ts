import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, latestCode, otherCode, PASSWORD, signedInEmployer } from '../employer/auth-kit.ts';
import { callApi, PHYSICIAN_PASSWORD, registerBody, signedInPhysician } from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/employee/auth/register', () => {
  it('creates a physician account that waits for its e-mailed code, then signs in with an empty profile', async () => {
    const body = registerBody({ email: 'Dr.Maya@Clinic.Example', firstName: ' Maya ' });
    const response = await callApi(app, 'POST', '/api/employee/auth/register', undefined, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'We sent a 6-digit code to dr.maya@clinic.example.',
      data: { email: 'dr.maya@clinic.example' },
    });
    expect(response.json().data.token).toBeUndefined();

    const [waiting] = await app.db.select().from(users).where(eq(users.email, 'dr.maya@clinic.example'));
    expect(waiting).toMatchObject({ role: 'physician', accountStatus: 'approved', emailVerifiedAt: null });
    expect(waiting?.passwordHash).toMatch(/^\$argon2id\$/);

    // Until the code comes back the password opens nothing, and says why.
    const early = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: 'dr.maya@clinic.example',
      password: PHYSICIAN_PASSWORD,
    });
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json().error.details).toMatchObject({ reason: 'EMAIL_NOT_VERIFIED' });

    const otp = await latestCode(app, 'dr.maya@clinic.example');
    const wrong = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
      email: 'dr.maya@clinic.example',
      otp: otherCode(otp),
    });
    expect(wrong.statusCode).toBe(422);
    const verified = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
      email: 'dr.maya@clinic.example',
      otp,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { token, physician } = verified.json().data;
    expect(typeof token).toBe('string');
    expect(physician).toMatchObject({
      email: 'dr.maya@clinic.example',
      firstName: 'Maya',
      lastName: 'Okafor',
      specialty: null,
      isComplete: false,
      isDiscoverable: true,
      cvUrl: null,
    });

    const [user] = await app.db.select().from(users).where(eq(users.id, physician.userId));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    const [row] = await app.db.select().from(physicians).where(eq(physicians.id, physician._id));
    expect(row).toMatchObject({ searchName: 'maya okafor', matchKeys: [] });

    const profile = await callApi(app, 'GET', '/api/employee/profile/get-profile', token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toEqual(physician);
  });

  it('lets a sign-up that was not confirmed start again, and resends the code on request', async () => {
    const body = registerBody();
    const first = await callApi(app, 'POST', '/api/employee/auth/register', undefined, body);
    expect(first.statusCode, first.body).toBe(200);
    const firstCode = await latestCode(app, body.email);
    const again = await callApi(app, 'POST', '/api/employee/auth/register', undefined, {
      ...body,
      firstName: 'Mia',
    });
    expect(again.statusCode, again.body).toBe(200);
    const resent = await callApi(app, 'POST', '/api/employee/auth/resend-otp', undefined, {
      email: body.email,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const code = await latestCode(app, body.email);
    // Only the newest code counts.
    if (code !== firstCode) {
      const stale = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
        email: body.email,
        otp: firstCode,
      });
      expect(stale.statusCode).toBe(422);
    }
    const verified = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
      email: body.email,
      otp: code,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.physician.firstName).toBe('Mia');

    // An unknown address gets the same answer and no mail.
    const unknown = await callApi(app, 'POST', '/api/employee/auth/resend-otp', undefined, {
      email: 'nobody-waits@clinic.example',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(resent.json().message);
  });

  it('limits resending the code like the employer registration (5 an hour per address)', async () => {
    const body = registerBody();
    expect((await callApi(app, 'POST', '/api/employee/auth/register', undefined, body)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await callApi(app, 'POST', '/api/employee/auth/resend-otp', undefined, {
        email: body.email,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('refuses a session of an unconfirmed e-mail on the physician routes', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    await app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, physician.profile.userId));
    const response = await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toMatchObject({ reason: 'EMAIL_NOT_VERIFIED' });
  });

  it('refuses a code for an address with no account waiting, changing nothing', async () => {
    const response = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
      email: 'never-registered@clinic.example',
      otp: '123456',
    });
    expect(response.statusCode).toBe(422);
    const invalid = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
      email: 'never-registered@clinic.example',
      otp: 'abc',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('names the invalid fields', async () => {
    const response = await callApi(
      app,
      'POST',
      '/api/employee/auth/register',
      undefined,
      registerBody({ email: 'not-an-email', password: 'short', firstName: '' }),
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    const messages = JSON.stringify(error);
    expect(messages).toContain('Enter a valid e-mail address.');
    expect(messages).toContain('Use at least 10 characters for your password.');
    expect(messages).toContain('Enter your first name.');
  });

  it('refuses an e-mail that already has an account, physician or employer, with 409', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const again = await callApi(
      app,
      'POST',
      '/api/employee/auth/register',
      undefined,
      registerBody({ email: physician.email.toUpperCase() }),
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(PHYSICIAN_MESSAGES.emailTaken);

    const employer = await createEmployer(app);
    const taken = await callApi(
      app,
      'POST',
      '/api/employee/auth/register',
      undefined,
      registerBody({ email: employer.email }),
    );
    expect(taken.statusCode).toBe(409);
    const [user] = await app.db.select().from(users).where(eq(users.email, employer.email));
    expect(user?.role).toBe('employer');
  });
});

describe('POST /api/employee/auth/login and /logout', () => {
  it('signs a physician in and out; the token stops working after logout', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const login = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: physician.email,
      password: PHYSICIAN_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, physician: profile } = login.json().data;
    expect(profile._id).toBe(physician.profile._id);
    expect(token).not.toBe(physician.token);

    const logout = await callApi(app, 'POST', '/api/employee/auth/logout', token);
    expect(logout.statusCode, logout.body).toBe(200);
    const after = await callApi(app, 'GET', '/api/employee/profile/get-profile', token);
    expect(after.statusCode).toBe(401);
    // The other session is untouched.
    const other = await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token);
    expect(other.statusCode).toBe(200);
  });

  it('refuses a wrong password with the same answer as an unknown e-mail', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const wrong = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: physician.email,
      password: 'Wrong-password-1',
    });
    const unknown = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: 'nobody-here@clinic.example',
      password: 'Wrong-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
  });

  it('names the invalid field', async () => {
    const response = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: 'x@y.example',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain('password');
  });

  it('refuses an employer account on the physician login, and a physician account on the employer logins', async () => {
    const employer = await createEmployer(app);
    const asPhysician = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: employer.email,
      password: PASSWORD,
    });
    expect(asPhysician.statusCode).toBe(403);
    expect(asPhysician.json().error.message).toBe(PHYSICIAN_MESSAGES.employerOnPhysicianRoute);

    const physician = await signedInPhysician(app, { isComplete: false });
    for (const url of ['/api/employer/auth/login', '/api/employer/auth/v1/login']) {
      const asEmployer = await callApi(app, 'POST', url, undefined, {
        email: physician.email,
        password: PHYSICIAN_PASSWORD,
      });
      expect(asEmployer.statusCode, url).toBe(403);
      expect(asEmployer.json().error.message).toBe(PHYSICIAN_MESSAGES.physicianOnEmployerRoute);
    }
  });

  it('requires a session to log out', async () => {
    const response = await callApi(app, 'POST', '/api/employee/auth/logout', undefined);
    expect(response.statusCode).toBe(401);
  });
});

describe('account kinds', () => {
  it('refuses an employer token on every physician area with 403', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    for (const url of [
      '/api/employee/profile/get-profile',
      '/api/employee/job/get-all-jobs',
      '/api/employee/match/get-all-matches',
      '/api/employee/conversation/get-all-conversation',
    ]) {
      const response = await callApi(app, 'GET', url, employer.token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe(PHYSICIAN_MESSAGES.employerOnPhysicianRoute);
    }
    const logout = await callApi(app, 'POST', '/api/employee/auth/logout', employer.token);
    expect(logout.statusCode).toBe(403);
  });

  it('refuses a physician token on the employer routes with 403', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    for (const [method, url] of [
      ['GET', `/api/employer/job/get-all-jobs/${physician.profile.userId}`],
      ['GET', `/api/employer/auth/sync-user-detail/${physician.profile.userId}`],
      ['POST', '/api/employer/auth/logout'],
    ] as const) {
      const response = await callApi(app, method, url, physician.token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe(PHYSICIAN_MESSAGES.physicianOnEmployerRoute);
    }
  });

  it('answers 401 without a token', async () => {
    for (const url of [
      '/api/employee/profile/get-profile',
      '/api/employee/job/get-all-jobs',
      '/api/employee/job/get-applications',
      '/api/employee/match/get-all-matches',
      '/api/employee/conversation/get-all-conversation',
    ]) {
      const response = await callApi(app, 'GET', url, undefined);
      expect(response.statusCode, url).toBe(401);
    }
  });
});
