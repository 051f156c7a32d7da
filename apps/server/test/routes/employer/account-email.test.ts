import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, users } from '../../../src/db/schema/accounts.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { waitForMails } from '../../mail-kit.ts';
import {
  createEmployer,
  latestCode,
  otherCode,
  PASSWORD,
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

const post = (path: string, id: string, token: string | undefined, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/employer/auth${path}/${id}`,
    payload,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
const requestChange = (id: string, token: string | undefined, email: string) =>
  post('/v1/update-email', id, token, { email });
const verifyChange = (id: string, token: string | undefined, payload: Record<string, unknown>) =>
  post('/v1/verify-otp-update-email', id, token, payload);

const sync = (id: string, token: string) =>
  app.inject({
    method: 'GET',
    url: `/api/employer/auth/sync-user-detail/${id}`,
    headers: { authorization: token },
  });

describe.each([
  {
    path: '/v1/update-email',
    body: () => ({ email: uniqueEmail('new') }),
    invalid: { email: 'not-an-address' },
    field: 'email',
  },
  {
    path: '/v1/verify-otp-update-email',
    body: () => ({ email: uniqueEmail('new'), otp: '123456' }),
    invalid: { email: uniqueEmail('new'), otp: '12ab56' },
    field: 'otp',
  },
])('POST /api/employer/auth$path/{id}', ({ path, body, invalid, field }) => {
  it('names the invalid field', async () => {
    const employer = await signedInEmployer(app);
    const response = await post(path, employer.id, employer.token, invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field }));
  });

  it("refuses another employer's id", async () => {
    const caller = await signedInEmployer(app);
    const other = await createEmployer(app);
    const response = await post(path, other.id, caller.token, body());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You can only access your own account.');
  });

  it('needs a session', async () => {
    const employer = await createEmployer(app);
    expect((await post(path, employer.id, undefined, body())).statusCode).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('mails a code to the new address; the right code changes the e-mail and ends the other sessions', async () => {
    const employer = await signedInEmployer(app, { accountStatus: 'pending' });
    const otherDevice = await signIn(app, employer.email);
    const newEmail = uniqueEmail('moved');

    const sent = await requestChange(employer.id, employer.token, newEmail.toUpperCase());
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ email: newEmail });
    const code = await latestCode(app, newEmail);

    const wrong = await verifyChange(employer.id, employer.token, { email: newEmail, otp: otherCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.details.reason).toBe('OTP_INCORRECT');

    const changed = await verifyChange(employer.id, employer.token, {
      email: newEmail,
      otp: code,
      accountStatus: 'approved',
      _id: 'forged',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user).toMatchObject({
      _id: employer.id,
      email: newEmail,
      accountStatus: 'pending',
    });

    expect((await sync(employer.id, employer.token)).statusCode).toBe(200);
    expect((await sync(employer.id, otherDevice.token)).statusCode).toBe(401);
    expect((await signIn(app, newEmail)).user._id).toBe(employer.id);
    const oldLogin = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/login',
      payload: { email: employer.email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(oldLogin.statusCode).toBe(401);

    const notices = await waitForMails(
      app,
      employer.email,
      1,
      (mail) => mail.subject === 'Your MedHire e-mail address was changed',
    );
    expect(notices.at(-1)?.subject).toBe('Your MedHire e-mail address was changed');
    expect(notices.at(-1)?.text).toContain(newEmail);

    const reused = await verifyChange(employer.id, employer.token, { email: newEmail, otp: code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe('This code has already been used. Request a new one.');
  });

  it('refuses an expired code', async () => {
    const employer = await signedInEmployer(app);
    const newEmail = uniqueEmail('late');
    await requestChange(employer.id, employer.token, newEmail);
    const code = await latestCode(app, newEmail);
    await app.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(otpCodes.email, `%${newEmail}`));
    const response = await verifyChange(employer.id, employer.token, { email: newEmail, otp: code });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('This code has expired. Request a new one.');
    const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
    expect(user?.email).toBe(employer.email);
  });

  it('refuses an address another account uses, and the current address', async () => {
    const employer = await signedInEmployer(app);
    const other = await createEmployer(app);
    const taken = await requestChange(employer.id, employer.token, other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Another MedHire account already uses this e-mail address.');
    expect(await readOutbox(app.config.dataDir, other.email)).toEqual([]);

    const same = await requestChange(employer.id, employer.token, employer.email);
    expect(same.statusCode).toBe(422);
  });

  it("does not accept a code sent for another account's request", async () => {
    const first = await signedInEmployer(app);
    const second = await signedInEmployer(app);
    const newEmail = uniqueEmail('contested');
    await requestChange(first.id, first.token, newEmail);
    const code = await latestCode(app, newEmail);
    const response = await verifyChange(second.id, second.token, { email: newEmail, otp: code });
    expect(response.statusCode).toBe(422);
    const [user] = await app.db.select().from(users).where(eq(users.id, second.id));
    expect(user?.email).toBe(second.email);
  });

  it('refuses the change when the address was taken after the code was sent', async () => {
    const employer = await signedInEmployer(app);
    const newEmail = uniqueEmail('raced');
    await requestChange(employer.id, employer.token, newEmail);
    const code = await latestCode(app, newEmail);
    await createEmployer(app, { email: newEmail });
    const response = await verifyChange(employer.id, employer.token, { email: newEmail, otp: code });
    expect(response.statusCode).toBe(409);
  });
});
