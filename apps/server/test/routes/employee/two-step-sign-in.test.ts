import { ZPhysicianSession } from '@medhire/contract/physicians';
import { ZSecurityStatus } from '@medhire/contract/security';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/accounts.ts';
import { hashToken } from '../../../src/domain/auth/secret-token.ts';
import { buildTestApp } from '../../helper.ts';
import { waitForSubject } from '../../mail-kit.ts';
import { PASSWORD, signedInEmployer } from '../employer/auth-kit.ts';
import {
  enrolTotp,
  get,
  passwordStep,
  post,
  totpCode,
  wrongTotpCode,
} from '../employer/second-factor-kit.ts';
import { PHYSICIAN_PASSWORD, signedInPhysician } from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const BASE = '/api/employee/auth';

async function physicianWithTotp() {
  const physician = await signedInPhysician(app, { isComplete: false });
  const { secret, recoveryCodes } = await enrolTotp(app, BASE, physician.token);
  return { ...physician, secret, recoveryCodes };
}

async function securityOf(token: string) {
  const response = await get(app, `${BASE}/security`, token);
  expect(response.statusCode, response.body).toBe(200);
  return ZSecurityStatus.parse(response.json().data);
}

describe('a physician sets up the authenticator app', () => {
  it('turns it on with a right code, and mails the change', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    expect(await securityOf(physician.token)).toMatchObject({
      totp: { isEnabled: false },
      recoveryCodes: { remaining: 0 },
      currentSession: { factors: [] },
    });
    const started = await post(app, `${BASE}/totp/start-enrolment`, physician.token);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, qrCodeDataUrl } = started.json().data;
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await post(app, `${BASE}/totp/confirm-enrolment`, physician.token, {
      code: wrongTotpCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect((await securityOf(physician.token)).totp.isEnabled).toBe(false);

    const confirmed = await post(app, `${BASE}/totp/confirm-enrolment`, physician.token, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.recoveryCodes).toHaveLength(10);
    await waitForSubject(app, physician.email, 'An authenticator app now protects your MedHire sign-in');
  });

  it('answers only a signed-in physician', async () => {
    expect((await get(app, `${BASE}/security`, undefined)).statusCode).toBe(401);
    const employer = await signedInEmployer(app);
    expect((await get(app, `${BASE}/security`, employer.token)).statusCode).toBe(403);
    expect((await post(app, `${BASE}/totp/start-enrolment`, employer.token)).statusCode).toBe(403);
    expect((await post(app, `${BASE}/recovery-codes/regenerate`, employer.token)).statusCode).toBe(403);
    expect((await post(app, `${BASE}/totp/disable`, employer.token, { password: PASSWORD })).statusCode).toBe(
      403,
    );
  });
});

describe('a physician signs in with the authenticator app on', () => {
  it('gets the second step, then the physician session for a right code, once', async () => {
    const physician = await physicianWithTotp();
    const step = await passwordStep(app, BASE, physician.email, PHYSICIAN_PASSWORD);
    expect(step.methods).toEqual(['totp', 'recovery_code']);
    const code = totpCode(physician.secret, 1);
    const finished = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'totp',
      code,
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const session = ZPhysicianSession.parse(finished.json().data);
    expect(session.physician.email).toBe(physician.email);
    expect((await securityOf(session.token)).currentSession.factors).toEqual(['password', 'totp']);

    const again = await passwordStep(app, BASE, physician.email, PHYSICIAN_PASSWORD);
    const replayed = await post(app, `${BASE}/second-step`, undefined, {
      ticket: again.ticket,
      method: 'totp',
      code,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.details).toEqual({ reason: 'TOTP_CODE_USED' });
    const reusedTicket = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'recovery_code',
      code: physician.recoveryCodes[0],
    });
    expect(reusedTicket.statusCode).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const physician = await physicianWithTotp();
    const first = await passwordStep(app, BASE, physician.email, PHYSICIAN_PASSWORD);
    const body = { method: 'recovery_code', code: physician.recoveryCodes[1] };
    expect(
      (await post(app, `${BASE}/second-step`, undefined, { ...body, ticket: first.ticket })).statusCode,
    ).toBe(200);
    const second = await passwordStep(app, BASE, physician.email, PHYSICIAN_PASSWORD);
    const again = await post(app, `${BASE}/second-step`, undefined, { ...body, ticket: second.ticket });
    expect(again.statusCode).toBe(400);
    await waitForSubject(app, physician.email, 'A recovery code was used to sign in to MedHire');
  });

  it('refuses a physician ticket on the employer API and a malformed body', async () => {
    const physician = await physicianWithTotp();
    const { ticket } = await passwordStep(app, BASE, physician.email, PHYSICIAN_PASSWORD);
    const onEmployerApi = await post(app, '/api/employer/auth/second-step', undefined, {
      ticket,
      method: 'totp',
      code: totpCode(physician.secret, 1),
    });
    expect(onEmployerApi.statusCode).toBe(401);
    const malformed = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'totp',
      code: '12',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('signs a physician without a second factor in as before, and after turning it off', async () => {
    const plain = await signedInPhysician(app, { isComplete: false });
    const login = await post(app, `${BASE}/login`, undefined, {
      email: plain.email,
      password: PHYSICIAN_PASSWORD,
    });
    expect(Object.keys(login.json().data).sort()).toEqual(['physician', 'token']);

    const physician = await physicianWithTotp();
    const off = await post(app, `${BASE}/totp/disable`, physician.token, { password: PHYSICIAN_PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    const after = await post(app, `${BASE}/login`, undefined, {
      email: physician.email,
      password: PHYSICIAN_PASSWORD,
    });
    expect(ZPhysicianSession.parse(after.json().data).token).toBeTruthy();
  });

  it('makes new recovery codes that void the old ones', async () => {
    const physician = await physicianWithTotp();
    const regenerated = await post(app, `${BASE}/recovery-codes/regenerate`, physician.token);
    expect(regenerated.statusCode).toBe(200);
    const { ticket } = await passwordStep(app, BASE, physician.email, PHYSICIAN_PASSWORD);
    const old = await post(app, `${BASE}/second-step`, undefined, {
      ticket,
      method: 'recovery_code',
      code: physician.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);
  });
});

describe('a physician with the app on changing the password', () => {
  it('confirms a code first when the second step is older than 10 minutes', async () => {
    const physician = await physicianWithTotp();
    await app.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(physician.token)));
    const body = { oldPassword: PHYSICIAN_PASSWORD, newPassword: 'Another-strong-pass-2027' };
    const refused = await post(app, `${BASE}/change-password`, physician.token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_STEP_REQUIRED');
    const deleting = await app.inject({
      method: 'DELETE',
      url: `${BASE}/delete-account`,
      payload: { password: PHYSICIAN_PASSWORD },
      headers: { authorization: physician.token },
    });
    expect(deleting.json().error.code).toBe('SECOND_STEP_REQUIRED');
    const confirmed = await post(app, `${BASE}/confirm-second-step`, physician.token, {
      method: 'recovery_code',
      code: physician.recoveryCodes[0],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const changed = await post(app, `${BASE}/change-password`, physician.token, body);
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
