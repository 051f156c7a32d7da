import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../../src/db/schema/accounts.ts';
import { issueSetPasswordToken } from '../../../src/domain/auth/account-tokens.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
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

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/employer/auth${url}`,
    payload,
    headers,
    remoteAddress: uniqueIp(),
  });
const syncStatus = async (id: string, token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${id}`,
      headers: { authorization: token },
    })
  ).statusCode;

describe('POST /api/employer/auth/v1/send-otp-password-recovery', () => {
  it('answers the same for a registered and an unknown e-mail, mailing only the registered one', async () => {
    const employer = await createEmployer(app);
    const unknown = uniqueEmail('unknown');
    const known = await post('/v1/send-otp-password-recovery', { email: employer.email });
    const notKnown = await post('/v1/send-otp-password-recovery', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(notKnown.statusCode).toBe(200);
    const strip = (body: { data: { email: string } }) => ({ ...body, data: { ...body.data, email: '' } });
    expect(strip(known.json())).toEqual(strip(notKnown.json()));

    await app.mailer.idle();
    const [mail] = await readOutbox(app.config.dataDir, employer.email);
    expect(mail?.subject).toBe('Your MedHire password recovery code');
    expect(await readOutbox(app.config.dataDir, unknown)).toEqual([]);
  });

  it('checks codes for an unknown e-mail exactly like for a known one', async () => {
    const employer = await createEmployer(app);
    const unknown = uniqueEmail('unknown');
    await post('/v1/send-otp-password-recovery', { email: employer.email });
    await post('/v1/send-otp-password-recovery', { email: unknown });
    const code = await latestCode(app, employer.email);
    const reasons = async (email: string) => {
      const seen: string[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await post('/v1/verify-otp-password-recovery', { email, otp: otherCode(code) });
        seen.push(`${response.statusCode} ${response.json().error.message}`);
      }
      return seen;
    };
    expect(await reasons(unknown)).toEqual(await reasons(employer.email));
  });

  it('names an invalid e-mail', async () => {
    const response = await post('/v1/send-otp-password-recovery', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('email');
  });

  it('limits requests per e-mail without revealing whether it is registered', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await post('/v1/send-otp-password-recovery', { email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('password recovery end to end', () => {
  it('verifies the code, sets the new password with the reset token and ends every session', async () => {
    const employer = await signedInEmployer(app);
    await post('/v1/send-otp-password-recovery', { email: employer.email });
    const code = await latestCode(app, employer.email);

    const verified = await post('/v1/verify-otp-password-recovery', { email: employer.email, otp: code });
    expect(verified.statusCode).toBe(200);
    const { resetToken, expiresAt } = verified.json().data;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const minutesLeft = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);

    const newPassword = 'Brand-new-password-9';
    const updated = await post(
      '/v1/update-password-by-otp',
      { password: newPassword },
      { authorization: resetToken },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toEqual({ email: employer.email });

    expect(await syncStatus(employer.id, employer.token)).toBe(401);
    await signIn(app, employer.email, newPassword);
    const oldPassword = await post('/login', { email: employer.email, password: PASSWORD });
    expect(oldPassword.statusCode).toBe(401);

    // The reset token works once.
    const again = await post('/v1/update-password-by-otp', { password: 'Third-password-33', resetToken });
    expect(again.statusCode).toBe(401);
  });

  it('refuses the reused recovery code', async () => {
    const employer = await createEmployer(app);
    await post('/v1/send-otp-password-recovery', { email: employer.email });
    const code = await latestCode(app, employer.email);
    expect(
      (await post('/v1/verify-otp-password-recovery', { email: employer.email, otp: code })).statusCode,
    ).toBe(200);
    const reused = await post('/v1/verify-otp-password-recovery', { email: employer.email, otp: code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.details.reason).toBe('OTP_USED');
  });

  it('refuses a new password without a reset token, with an expired one, or equal to the e-mail', async () => {
    const employer = await createEmployer(app);
    const missing = await post('/v1/update-password-by-otp', { password: 'Brand-new-password-9' });
    expect(missing.statusCode).toBe(401);

    await post('/v1/send-otp-password-recovery', { email: employer.email });
    const code = await latestCode(app, employer.email);
    const { resetToken } = (
      await post('/v1/verify-otp-password-recovery', { email: employer.email, otp: code })
    ).json().data;

    const sameAsEmail = await post('/v1/update-password-by-otp', { password: employer.email, resetToken });
    expect(sameAsEmail.statusCode).toBe(400);
    expect(sameAsEmail.json().error.details[0]).toMatchObject({ field: 'password' });

    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, employer.id));
    const expired = await post('/v1/update-password-by-otp', {
      password: 'Brand-new-password-9',
      resetToken,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/expired/);
  });

  it('names a password that breaks the policy', async () => {
    const response = await post('/v1/update-password-by-otp', {
      password: 'short',
      resetToken: 'x'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('password');
  });
});

describe('POST /api/employer/auth/v1/reset-password/{id}', () => {
  it('changes the password after checking the old one and ends the other sessions only', async () => {
    const employer = await signedInEmployer(app);
    const otherDevice = await signIn(app, employer.email);
    const response = await post(
      `/v1/reset-password/${employer.id}`,
      { oldPassword: PASSWORD, newPassword: 'Changed-password-42' },
      { authorization: employer.token },
    );
    expect(response.statusCode).toBe(200);
    expect(await syncStatus(employer.id, employer.token)).toBe(200);
    expect(await syncStatus(employer.id, otherDevice.token)).toBe(401);
    await signIn(app, employer.email, 'Changed-password-42');
  });

  it('refuses a wrong old password', async () => {
    const employer = await signedInEmployer(app);
    const response = await post(
      `/v1/reset-password/${employer.id}`,
      { oldPassword: 'Not-my-password-1', newPassword: 'Changed-password-42' },
      { authorization: employer.token },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Your current password is not correct.');
  });

  it("refuses another employer's id", async () => {
    const caller = await signedInEmployer(app);
    const other = await createEmployer(app);
    const response = await post(
      `/v1/reset-password/${other.id}`,
      { oldPassword: PASSWORD, newPassword: 'Changed-password-42' },
      { authorization: caller.token },
    );
    expect(response.statusCode).toBe(403);
    await signIn(app, other.email, PASSWORD);
  });

  it('names the invalid field and needs a session', async () => {
    const employer = await signedInEmployer(app);
    const invalid = await post(
      `/v1/reset-password/${employer.id}`,
      { oldPassword: PASSWORD, newPassword: 'short' },
      { authorization: employer.token },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details[0].field).toBe('newPassword');
    const anonymous = await post(`/v1/reset-password/${employer.id}`, {
      oldPassword: PASSWORD,
      newPassword: 'Changed-password-42',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/employer/auth/set-password', () => {
  async function claimedAccount() {
    const email = uniqueEmail('claimed');
    const user = await createEmployerAccount({
      db: app.db,
      email,
      accountStatus: 'draft',
      isEmailVerified: false,
    });
    const { token } = await issueSetPasswordToken(app.db, user.id);
    return { email, id: user.id, token };
  }

  it('sets the first password with the e-mailed token and signs in', async () => {
    const claimed = await claimedAccount();
    const response = await post('/set-password', {
      email: claimed.email,
      password: PASSWORD,
      token: claimed.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      code: 201,
      user: { _id: claimed.id, accountStatus: 'pending' },
    });
    await signIn(app, claimed.email, PASSWORD);

    const reused = await post('/set-password', {
      email: claimed.email,
      password: 'Other-password-11',
      token: claimed.token,
    });
    expect(reused.statusCode).toBe(422);
  });

  it('refuses without a token: an e-mail alone never sets a password', async () => {
    const claimed = await claimedAccount();
    const response = await post('/set-password', { email: claimed.email, password: PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.reason).toBe('SET_PASSWORD_TOKEN_MISSING');
    const [user] = await app.db.select().from(users).where(eq(users.id, claimed.id));
    expect(user?.passwordHash).toBeNull();
  });

  it("refuses a token used with someone else's e-mail", async () => {
    const claimed = await claimedAccount();
    const response = await post('/set-password', {
      email: uniqueEmail('other'),
      password: PASSWORD,
      token: claimed.token,
    });
    expect(response.statusCode).toBe(422);
  });

  it('names a password that breaks the policy', async () => {
    const response = await post('/set-password', {
      email: uniqueEmail('x'),
      password: 'short',
      token: 'abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('password');
  });
});
