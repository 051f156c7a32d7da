import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { applications, conversations, matches, messages } from '../../../src/db/schema/hiring.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { multipartBody } from '../../domain/uploads/upload-fixtures.ts';
import { buildTestApp } from '../../helper.ts';
import { latestCode, otherCode, signedInEmployer } from '../employer/auth-kit.ts';
import {
  callApi,
  employerAndPhysicianInConversation,
  employerWithOpenJob,
  invite,
  PHYSICIAN_PASSWORD,
  postAnotherJob,
  registerBody,
  signedInPhysician,
  signUpPhysician,
} from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const NEW_PASSWORD = 'Otoscope-and-2027';

function login(email: string, password: string) {
  return callApi(app, 'POST', '/api/employee/auth/login', undefined, { email, password });
}

async function userOf(userId: string) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  return user;
}

describe('password recovery', () => {
  it('e-mails a code, trades it for a reset token and sets the new password; every session ends', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const sent = await callApi(app, 'POST', '/api/employee/auth/send-otp-password-recovery', undefined, {
      email: physician.email,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await latestCode(app, physician.email);
    const wrong = await callApi(app, 'POST', '/api/employee/auth/verify-otp-password-recovery', undefined, {
      email: physician.email,
      otp: otherCode(otp),
    });
    expect(wrong.statusCode).toBe(422);
    const verified = await callApi(
      app,
      'POST',
      '/api/employee/auth/verify-otp-password-recovery',
      undefined,
      {
        email: physician.email,
        otp,
      },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const { resetToken } = verified.json().data;
    const reset = await callApi(app, 'POST', '/api/employee/auth/update-password-by-otp', undefined, {
      resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token)).statusCode).toBe(
      401,
    );
    expect((await login(physician.email, PHYSICIAN_PASSWORD)).statusCode).toBe(401);
    expect((await login(physician.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail like a known one, refuses invalid input with 400 and a made-up token with 401', async () => {
    const unknown = await callApi(app, 'POST', '/api/employee/auth/send-otp-password-recovery', undefined, {
      email: 'nobody-at-all@clinic.example',
    });
    expect(unknown.statusCode).toBe(200);
    const invalid = await callApi(app, 'POST', '/api/employee/auth/send-otp-password-recovery', undefined, {
      email: 'not-an-email',
    });
    expect(invalid.statusCode).toBe(400);
    const madeUp = await callApi(app, 'POST', '/api/employee/auth/update-password-by-otp', undefined, {
      resetToken: 'made-up-token',
      password: NEW_PASSWORD,
    });
    expect(madeUp.statusCode).toBe(401);
  });
});

describe('POST /api/employee/auth/change-password', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const other = (await login(physician.email, PHYSICIAN_PASSWORD)).json().data.token as string;
    const changed = await callApi(app, 'POST', '/api/employee/auth/change-password', physician.token, {
      oldPassword: PHYSICIAN_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token)).statusCode).toBe(
      200,
    );
    expect((await callApi(app, 'GET', '/api/employee/profile/get-profile', other)).statusCode).toBe(401);
    expect((await login(physician.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (422), an invalid body (400) and an employer (403), changing nothing', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const before = (await userOf(physician.profile.userId))?.passwordHash;
    const wrong = await callApi(app, 'POST', '/api/employee/auth/change-password', physician.token, {
      oldPassword: 'Not-my-password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    for (const body of [
      { oldPassword: PHYSICIAN_PASSWORD, newPassword: 'short' },
      { newPassword: NEW_PASSWORD },
    ]) {
      const response = await callApi(
        app,
        'POST',
        '/api/employee/auth/change-password',
        physician.token,
        body,
      );
      expect(response.statusCode).toBe(400);
    }
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const asEmployer = await callApi(app, 'POST', '/api/employee/auth/change-password', employer.token, {
      oldPassword: PHYSICIAN_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(asEmployer.statusCode).toBe(403);
    expect((await userOf(physician.profile.userId))?.passwordHash).toBe(before);
  });
});

describe('changing the e-mail', () => {
  it('sends a code to the new address and changes the e-mail with it; other sessions end', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const other = (await login(physician.email, PHYSICIAN_PASSWORD)).json().data.token as string;
    const newEmail = registerBody().email;
    const requested = await callApi(app, 'POST', '/api/employee/auth/update-email', physician.token, {
      email: newEmail,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const otp = await latestCode(app, newEmail);
    const confirmed = await callApi(
      app,
      'POST',
      '/api/employee/auth/verify-otp-update-email',
      physician.token,
      {
        email: newEmail,
        otp,
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ _id: physician.profile._id, email: newEmail });
    expect((await callApi(app, 'GET', '/api/employee/profile/get-profile', other)).statusCode).toBe(401);
    expect((await login(newEmail, PHYSICIAN_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an address another account uses (409), an invalid one (400) and a wrong code (422)', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const someoneElse = await signedInPhysician(app, { isComplete: false });
    const taken = await callApi(app, 'POST', '/api/employee/auth/update-email', physician.token, {
      email: someoneElse.email,
    });
    expect(taken.statusCode).toBe(409);
    const invalid = await callApi(app, 'POST', '/api/employee/auth/update-email', physician.token, {
      email: 'nope',
    });
    expect(invalid.statusCode).toBe(400);
    const newEmail = registerBody().email;
    await callApi(app, 'POST', '/api/employee/auth/update-email', physician.token, { email: newEmail });
    const code = await latestCode(app, newEmail);
    // Another physician cannot use the code sent for this account.
    const stolen = await callApi(
      app,
      'POST',
      '/api/employee/auth/verify-otp-update-email',
      someoneElse.token,
      {
        email: newEmail,
        otp: code,
      },
    );
    expect(stolen.statusCode).toBe(422);
    expect((await userOf(someoneElse.profile.userId))?.email).toBe(someoneElse.email);
    expect((await userOf(physician.profile.userId))?.email).toBe(physician.email);
  });
});

describe('DELETE /api/employee/auth/delete-account', () => {
  it('withdraws applications, declines invites, erases the profile and files, keeps employers’ messages, ends sessions and frees the e-mail', async () => {
    const { employer, physician, conversationId } = await employerAndPhysicianInConversation(app);
    const sent = await callApi(
      app,
      'POST',
      `/api/employee/conversation/send-message/${conversationId}`,
      physician.token,
      { body: 'Happy to talk on Tuesday.', tempMsgId: 'tuesday' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const other = await postAnotherJob(app, employer, { title: 'Another opening' });
    await invite(app, employer, other._id, physician.profile._id);
    const { payload, headers } = await multipartBody([
      {
        field: 'cv',
        bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]),
        type: 'application/pdf',
        filename: 'cv.pdf',
      },
    ]);
    const cv = await app.inject({
      method: 'POST',
      url: '/api/employee/profile/upload-cv',
      payload,
      headers: { ...headers, authorization: physician.token },
    });
    expect(cv.statusCode, cv.body).toBe(200);
    const cvPath = path.join(app.config.uploadsDir, String(cv.json().data.cvUrl).replace('/uploads/', ''));
    expect(existsSync(cvPath)).toBe(true);

    const deleted = await callApi(app, 'DELETE', '/api/employee/auth/delete-account', physician.token, {
      password: PHYSICIAN_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: true, applicationsWithdrawn: 1, invitesDeclined: 1 });

    expect(
      await app.db.select().from(applications).where(eq(applications.physicianId, physician.profile._id)),
    ).toEqual([]);
    const pending = await app.db
      .select()
      .from(matches)
      .where(and(eq(matches.physicianId, physician.profile._id), eq(matches.status, 'pending')));
    expect(pending).toEqual([]);
    const [profile] = await app.db.select().from(physicians).where(eq(physicians.id, physician.profile._id));
    expect(profile).toMatchObject({
      firstName: 'Deleted',
      lastName: 'physician',
      cvUrl: null,
      npiNumber: null,
      isDiscoverable: false,
    });
    expect(existsSync(cvPath)).toBe(false);
    const user = await userOf(physician.profile.userId);
    expect(user?.archivedAt).toBeInstanceOf(Date);
    expect(user?.email).toMatch(/@medhire\.invalid$/);

    // The employer keeps the conversation and its messages.
    const [conversation] = await app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation).toBeDefined();
    const kept = await app.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(kept.map((message) => message.body)).toContain('Happy to talk on Tuesday.');

    expect((await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token)).statusCode).toBe(
      401,
    );
    expect((await login(physician.email, PHYSICIAN_PASSWORD)).statusCode).toBe(401);
    // The address is free to sign up again.
    const again = await signUpPhysician(app, registerBody({ email: physician.email }));
    expect(again.physician._id).not.toBe(physician.profile._id);
  });

  it('refuses a wrong password (422), a missing one (400) and an employer (403), changing nothing', async () => {
    const { job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
    const wrong = await callApi(app, 'DELETE', '/api/employee/auth/delete-account', physician.token, {
      password: 'Not-my-password-1',
    });
    expect(wrong.statusCode).toBe(422);
    const missing = await callApi(app, 'DELETE', '/api/employee/auth/delete-account', physician.token, {});
    expect(missing.statusCode).toBe(400);
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const asEmployer = await callApi(app, 'DELETE', '/api/employee/auth/delete-account', employer.token, {
      password: PHYSICIAN_PASSWORD,
    });
    expect(asEmployer.statusCode).toBe(403);
    expect((await userOf(physician.profile.userId))?.archivedAt).toBeNull();
    expect(
      await app.db.select().from(applications).where(eq(applications.physicianId, physician.profile._id)),
    ).toHaveLength(1);
    expect((await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token)).statusCode).toBe(
      200,
    );
  });
});
