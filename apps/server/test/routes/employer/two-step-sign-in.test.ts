import { ZSession } from '@medhire/contract/account';
import { ZSecurityStatus, ZTotpEnrolment } from '@medhire/contract/security';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/db/schema/accounts.ts';
import { secondStepTickets, totpFactors } from '../../../src/db/schema/security.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { hashToken } from '../../../src/domain/auth/secret-token.ts';
import { buildTestApp } from '../../helper.ts';
import { waitForSubject } from '../../mail-kit.ts';
import { PHYSICIAN_PASSWORD, signedInPhysician } from '../employee/physician-kit.ts';
import { createEmployer, latestCode, PASSWORD, signedInEmployer } from './auth-kit.ts';
import { enrolTotp, get, passwordStep, post, totpCode, wrongTotpCode } from './second-factor-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const BASE = '/api/employer/auth';

async function securityOf(token: string) {
  const response = await get(app, `${BASE}/security`, token);
  expect(response.statusCode, response.body).toBe(200);
  return ZSecurityStatus.parse(response.json().data);
}

/** An employer of an organisation with the authenticator app on. */
async function employerWithTotp() {
  const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
  const { secret, recoveryCodes } = await enrolTotp(app, BASE, employer.token);
  return { ...employer, secret, recoveryCodes };
}

describe('setting up the authenticator app', () => {
  it('starts with a QR code and the secret as text, and turns on only with a right code', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    expect((await securityOf(employer.token)).totp.isEnabled).toBe(false);

    const started = await post(app, `${BASE}/totp/start-enrolment`, employer.token);
    expect(started.statusCode, started.body).toBe(200);
    const enrolment = ZTotpEnrolment.parse(started.json().data);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/MedHire:/);
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCodeDataUrl.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    // The secret is stored encrypted, never as itself.
    const [stored] = await app.db.select().from(totpFactors).where(eq(totpFactors.userId, employer.id));
    expect(stored?.secretCiphertext).toBeDefined();
    expect(stored?.secretCiphertext).not.toContain(enrolment.secret);
    expect(stored?.confirmedAt).toBeNull();
    expect((await securityOf(employer.token)).totp.isEnabled).toBe(false);

    const confirmed = await post(app, `${BASE}/totp/confirm-enrolment`, employer.token, {
      code: totpCode(enrolment.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes, security } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(security.totp.isEnabled).toBe(true);
    expect(security.recoveryCodes.remaining).toBe(10);
    await waitForSubject(app, employer.email, 'An authenticator app now protects your MedHire sign-in');
    const user = await app.db.select().from(users).where(eq(users.id, employer.id));
    const logged = await app.db
      .select({ type: activityLog.type })
      .from(activityLog)
      .where(and(eq(activityLog.actorUserId, employer.id), eq(activityLog.type, 'auth.second_factor_added')));
    expect(user[0]?.organizationId).toBeTruthy();
    expect(logged).toHaveLength(1);
  });

  it('refuses a wrong code with 400 and leaves the factor off', async () => {
    const employer = await signedInEmployer(app);
    const started = await post(app, `${BASE}/totp/start-enrolment`, employer.token);
    const { secret } = started.json().data;
    const wrong = await post(app, `${BASE}/totp/confirm-enrolment`, employer.token, {
      code: wrongTotpCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual({ reason: 'TOTP_CODE_INCORRECT' });
    expect((await securityOf(employer.token)).totp.isEnabled).toBe(false);
    // Signing in still needs only the password.
    const login = await post(app, `${BASE}/login`, undefined, { email: employer.email, password: PASSWORD });
    expect(ZSession.parse(login.json().data).token).toBeTruthy();
  });

  it('validates the code and needs an enrolment started first', async () => {
    const employer = await signedInEmployer(app);
    const letters = await post(app, `${BASE}/totp/confirm-enrolment`, employer.token, { code: 'abcdef' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error.code).toBe('VALIDATION_FAILED');
    const notStarted = await post(app, `${BASE}/totp/confirm-enrolment`, employer.token, { code: '123456' });
    expect(notStarted.statusCode).toBe(422);
    expect(notStarted.json().error.details).toEqual({ reason: 'TOTP_NOT_STARTED' });
  });

  it('refuses to start over while the app is on, and answers only the signed-in employer', async () => {
    const employer = await employerWithTotp();
    const again = await post(app, `${BASE}/totp/start-enrolment`, employer.token);
    expect(again.statusCode).toBe(409);
    expect((await get(app, `${BASE}/security`, undefined)).statusCode).toBe(401);
    const physician = await signedInPhysician(app, { isComplete: false });
    const fromPhysician = await post(app, `${BASE}/totp/start-enrolment`, physician.token);
    expect(fromPhysician.statusCode).toBe(403);
    expect((await get(app, `${BASE}/security`, physician.token)).statusCode).toBe(403);
  });
});

describe('signing in with the authenticator app on', () => {
  it('answers the second step instead of a session, then the session for a right code', async () => {
    const employer = await employerWithTotp();
    const login = await post(app, `${BASE}/login`, undefined, { email: employer.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.data).not.toHaveProperty('token');
    expect(body.data.secondStep.methods).toEqual(['totp', 'recovery_code']);
    expect(body.data.secondStep.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.data.secondStep.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const v1 = await post(app, `${BASE}/v1/login`, undefined, { email: employer.email, password: PASSWORD });
    expect(v1.json().data).not.toHaveProperty('token');
    expect(v1.json().data.secondStep.ticket).toBeTruthy();

    const finished = await post(app, `${BASE}/second-step`, undefined, {
      ticket: body.data.secondStep.ticket,
      method: 'totp',
      code: totpCode(employer.secret, 1),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const session = ZSession.parse(finished.json().data);
    expect(session.user._id).toBe(employer.id);
    expect(session.code).toBe(200);
    const security = await securityOf(session.token);
    expect(security.currentSession.factors).toEqual(['password', 'totp']);
    expect(security.currentSession.secondFactorAt).not.toBeNull();
    const sync = await get(app, `${BASE}/sync-user-detail/${employer.id}`, session.token);
    expect(sync.statusCode).toBe(200);
  });

  it('refuses a code that was already used', async () => {
    const employer = await employerWithTotp();
    const code = totpCode(employer.secret, 1);
    const first = await passwordStep(app, BASE, employer.email, PASSWORD);
    const used = await post(app, `${BASE}/second-step`, undefined, {
      ticket: first.ticket,
      method: 'totp',
      code,
    });
    expect(used.statusCode).toBe(200);
    const second = await passwordStep(app, BASE, employer.email, PASSWORD);
    const replayed = await post(app, `${BASE}/second-step`, undefined, {
      ticket: second.ticket,
      method: 'totp',
      code,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.details).toEqual({ reason: 'TOTP_CODE_USED' });
    // The code of the enrolment counts as used too.
    const enrolmentCode = await post(app, `${BASE}/second-step`, undefined, {
      ticket: second.ticket,
      method: 'totp',
      code: totpCode(employer.secret, 0),
    });
    expect(enrolmentCode.statusCode).toBe(400);
  });

  it('limits wrong codes per account (429), even with a fresh ticket and a right code', async () => {
    const employer = await employerWithTotp();
    const { ticket } = await passwordStep(app, BASE, employer.email, PASSWORD);
    const wrongCode = wrongTotpCode(employer.secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post(app, `${BASE}/second-step`, undefined, {
        ticket,
        method: 'totp',
        code: wrongCode,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'totp',
      code: wrongCode,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const fresh = await passwordStep(app, BASE, employer.email, PASSWORD);
    const right = await post(app, `${BASE}/second-step`, undefined, {
      ticket: fresh.ticket,
      method: 'totp',
      code: totpCode(employer.secret, 1),
    });
    expect(right.statusCode).toBe(429);
  });

  it('takes each recovery code once, logs and mails its use', async () => {
    const employer = await employerWithTotp();
    const [recoveryCode] = employer.recoveryCodes;
    const first = await passwordStep(app, BASE, employer.email, PASSWORD);
    const used = await post(app, `${BASE}/second-step`, undefined, {
      ticket: first.ticket,
      method: 'recovery_code',
      code: ` ${recoveryCode?.toUpperCase()} `,
    });
    expect(used.statusCode, used.body).toBe(200);
    const security = await securityOf(used.json().data.token);
    expect(security.currentSession.factors).toEqual(['password', 'recovery_code']);
    expect(security.recoveryCodes.remaining).toBe(9);
    await waitForSubject(app, employer.email, 'A recovery code was used to sign in to MedHire');
    const logged = await app.db
      .select({ type: activityLog.type })
      .from(activityLog)
      .where(and(eq(activityLog.actorUserId, employer.id), eq(activityLog.type, 'auth.recovery_code_used')));
    expect(logged).toHaveLength(1);

    const second = await passwordStep(app, BASE, employer.email, PASSWORD);
    const again = await post(app, `${BASE}/second-step`, undefined, {
      ticket: second.ticket,
      method: 'recovery_code',
      code: recoveryCode,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual({ reason: 'RECOVERY_CODE_USED' });
  });

  it('voids the old recovery codes when new ones are made', async () => {
    const employer = await employerWithTotp();
    const regenerated = await post(app, `${BASE}/recovery-codes/regenerate`, employer.token);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => employer.recoveryCodes.includes(code))).toBe(false);
    expect(regenerated.json().data.security.recoveryCodes.remaining).toBe(10);

    const { ticket } = await passwordStep(app, BASE, employer.email, PASSWORD);
    const old = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'recovery_code',
      code: employer.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.details).toEqual({ reason: 'RECOVERY_CODE_INCORRECT' });
    const current = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'recovery_code',
      code: fresh[0],
    });
    expect(current.statusCode).toBe(200);
  });

  it('refuses new recovery codes to an account without the app on', async () => {
    const employer = await signedInEmployer(app);
    const response = await post(app, `${BASE}/recovery-codes/regenerate`, employer.token);
    expect(response.statusCode).toBe(422);
    expect((await post(app, `${BASE}/recovery-codes/regenerate`, undefined)).statusCode).toBe(401);
  });

  it('uses a ticket once, and not after it expired', async () => {
    const employer = await employerWithTotp();
    const { ticket } = await passwordStep(app, BASE, employer.email, PASSWORD);
    const used = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'totp',
      code: totpCode(employer.secret, 1),
    });
    expect(used.statusCode).toBe(200);
    const reused = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'recovery_code',
      code: employer.recoveryCodes[0],
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.details).toEqual({ reason: 'SECOND_STEP_TICKET_INVALID' });

    const late = await passwordStep(app, BASE, employer.email, PASSWORD);
    await app.db
      .update(secondStepTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secondStepTickets.tokenHash, hashToken(late.ticket)));
    const expired = await post(app, `${BASE}/second-step`, undefined, {
      ticket: late.ticket,
      method: 'recovery_code',
      code: employer.recoveryCodes[0],
    });
    expect(expired.statusCode).toBe(401);
    expect((await securityOf(employer.token)).recoveryCodes.remaining).toBe(10);
  });

  it("does not take another account's code, nor a ticket on the physician API", async () => {
    const alice = await employerWithTotp();
    const bob = await employerWithTotp();
    const { ticket } = await passwordStep(app, BASE, alice.email, PASSWORD);
    const bobsCode = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'totp',
      code: totpCode(bob.secret, 1),
    });
    expect(bobsCode.statusCode).toBe(400);
    const bobsRecovery = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'recovery_code',
      code: bob.recoveryCodes[0],
    });
    expect(bobsRecovery.statusCode).toBe(400);
    const onPhysicianApi = await post(app, '/api/employee/auth/second-step', undefined, {
      ticket,
      method: 'totp',
      code: totpCode(alice.secret, 1),
    });
    expect(onPhysicianApi.statusCode).toBe(401);
    const invalid = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'sms',
      code: '123456',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('does not skip the second step after a password reset by e-mail', async () => {
    const employer = await employerWithTotp();
    await post(app, `${BASE}/v1/send-otp-password-recovery`, undefined, { email: employer.email });
    const verified = await post(app, `${BASE}/v1/verify-otp-password-recovery`, undefined, {
      email: employer.email,
      otp: await latestCode(app, employer.email),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const newPassword = 'Reset-but-still-two-step-7';
    const updated = await app.inject({
      method: 'POST',
      url: `${BASE}/v1/update-password-by-otp`,
      payload: { password: newPassword },
      headers: { authorization: verified.json().data.resetToken },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).not.toHaveProperty('token');
    const login = await post(app, `${BASE}/login`, undefined, {
      email: employer.email,
      password: newPassword,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).not.toHaveProperty('token');
    expect(login.json().data.secondStep.methods).toEqual(['totp', 'recovery_code']);
  });

  it('signs an account without a second factor in exactly as before', async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const login = await post(app, `${BASE}/login`, undefined, { email: employer.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(Object.keys(body.data).sort()).toEqual(['code', 'token', 'user']);
    expect((await securityOf(body.data.token)).currentSession).toEqual({
      factors: ['password'],
      secondFactorAt: null,
      enrolmentRequired: false,
    });
  });
});

describe('turning the authenticator app off', () => {
  it('needs the current password or a code, then signing in needs only the password', async () => {
    const employer = await employerWithTotp();
    const neither = await post(app, `${BASE}/totp/disable`, employer.token, {});
    expect(neither.statusCode).toBe(400);
    const wrongPassword = await post(app, `${BASE}/totp/disable`, employer.token, {
      password: 'Not-my-password-1',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.details).toEqual({ reason: 'PASSWORD_INCORRECT' });
    expect((await securityOf(employer.token)).totp.isEnabled).toBe(true);

    const off = await post(app, `${BASE}/totp/disable`, employer.token, { password: PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.totp.isEnabled).toBe(false);
    expect(off.json().data.recoveryCodes.remaining).toBe(0);
    await waitForSubject(
      app,
      employer.email,
      'The authenticator app was turned off for your MedHire account',
    );
    const login = await post(app, `${BASE}/login`, undefined, { email: employer.email, password: PASSWORD });
    expect(login.json().data.token).toBeTruthy();
  });

  it('takes a code from the app instead of the password', async () => {
    const employer = await employerWithTotp();
    const wrong = await post(app, `${BASE}/totp/disable`, employer.token, {
      code: wrongTotpCode(employer.secret),
    });
    expect(wrong.statusCode).toBe(400);
    const off = await post(app, `${BASE}/totp/disable`, employer.token, {
      code: totpCode(employer.secret, 1),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.totp.isEnabled).toBe(false);
  });

  it("is the signed-in employer's own: no session 401, a physician 403", async () => {
    expect((await post(app, `${BASE}/totp/disable`, undefined, { password: PASSWORD })).statusCode).toBe(401);
    const physician = await signedInPhysician(app, { isComplete: false });
    const response = await post(app, `${BASE}/totp/disable`, physician.token, {
      password: PHYSICIAN_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sensitive changes need a fresh second step', () => {
  async function staleSession(token: string) {
    await app.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
  }

  it('asks a session whose second step is older than 10 minutes for a code, then allows the change', async () => {
    const employer = await employerWithTotp();
    // Confirming the app counts as a second step: new codes are allowed at once.
    expect((await post(app, `${BASE}/recovery-codes/regenerate`, employer.token)).statusCode).toBe(200);

    await staleSession(employer.token);
    const regenerate = await post(app, `${BASE}/recovery-codes/regenerate`, employer.token);
    expect(regenerate.statusCode).toBe(403);
    expect(regenerate.json().error.code).toBe('SECOND_STEP_REQUIRED');
    const password = await post(app, `${BASE}/v1/reset-password/${employer.id}`, employer.token, {
      oldPassword: PASSWORD,
      newPassword: 'Another-strong-pass-2027',
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error.code).toBe('SECOND_STEP_REQUIRED');
    const email = await post(app, `${BASE}/v1/update-email/${employer.id}`, employer.token, {
      email: 'new-address@clinic.example',
    });
    expect(email.json().error.code).toBe('SECOND_STEP_REQUIRED');
    const archive = await app.inject({
      method: 'PATCH',
      url: `${BASE}/v1/archive-profile/${employer.id}`,
      headers: { authorization: employer.token },
    });
    expect(archive.json().error.code).toBe('SECOND_STEP_REQUIRED');

    const wrong = await post(app, `${BASE}/confirm-second-step`, employer.token, {
      method: 'totp',
      code: wrongTotpCode(employer.secret),
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post(app, `${BASE}/confirm-second-step`, employer.token, {
      method: 'totp',
      code: totpCode(employer.secret, 1),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.currentSession.factors).toEqual(['password', 'totp']);
    expect((await post(app, `${BASE}/recovery-codes/regenerate`, employer.token)).statusCode).toBe(200);
    const changed = await post(app, `${BASE}/v1/reset-password/${employer.id}`, employer.token, {
      oldPassword: PASSWORD,
      newPassword: 'Another-strong-pass-2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('validates the code, and answers only a signed-in employer with the app on', async () => {
    const employer = await employerWithTotp();
    const invalid = await post(app, `${BASE}/confirm-second-step`, employer.token, {
      method: 'totp',
      code: 'x',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
    const anonymous = await post(app, `${BASE}/confirm-second-step`, undefined, {
      method: 'totp',
      code: '123456',
    });
    expect(anonymous.statusCode).toBe(401);
    const physician = await signedInPhysician(app, { isComplete: false });
    const fromPhysician = await post(app, `${BASE}/confirm-second-step`, physician.token, {
      method: 'totp',
      code: '123456',
    });
    expect(fromPhysician.statusCode).toBe(403);
    const plain = await signedInEmployer(app);
    const withoutApp = await post(app, `${BASE}/confirm-second-step`, plain.token, {
      method: 'totp',
      code: '123456',
    });
    expect(withoutApp.statusCode).toBe(422);
  });
});
