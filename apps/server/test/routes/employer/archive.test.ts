import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTokens,
  organizations,
  otpCodes,
  pushTokens,
  users,
} from '../../../src/db/schema/accounts.ts';
import { uploads } from '../../../src/db/schema/uploads.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, PASSWORD, signedInEmployer, signIn, uniqueIp } from './auth-kit.ts';
import { isFileStored, profileBody, storeUpload, uniqueNpi } from './organization-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const archive = (id: string, token: string | undefined, payload?: Record<string, unknown>) =>
  app.inject({
    method: 'PATCH',
    url: `/api/employer/auth/v1/archive-profile/${id}`,
    payload,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });

const login = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/employer/auth/login',
    payload: { email, password: PASSWORD },
    remoteAddress: uniqueIp(),
  });

/** An employer with a full profile, a photo, a push registration and two signed-in devices. */
async function establishedEmployer(options: { isListed: boolean }) {
  const employer = await signedInEmployer(app, { accountStatus: 'pending' });
  const photo = await storeUpload(app, employer.id);
  const saved = await app.inject({
    method: 'PATCH',
    url: `/api/employer/auth/v1/update-orgdetails/${employer.id}`,
    payload: profileBody({ logo: photo.url, media: [{ key: photo.key, url: photo.url, kind: 'image' }] }),
    headers: { authorization: employer.token },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const organizationId: string = saved.json().data.organization._id;
  if (options.isListed) {
    await app.db
      .update(organizations)
      .set({ npiNumber: uniqueNpi(), status: 'claimed' })
      .where(eq(organizations.id, organizationId));
  }
  await app.inject({
    method: 'PATCH',
    url: `/api/employer/auth/save-fcm-token/${employer.id}`,
    payload: {
      value: JSON.stringify({
        endpoint: `https://fcm.googleapis.com/fcm/send/${employer.id}`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
    },
    headers: { authorization: employer.token },
  });
  const otherDevice = await signIn(app, employer.email);
  return { ...employer, photo, organizationId, otherDeviceToken: otherDevice.token };
}

describe('PATCH /api/employer/auth/v1/archive-profile/{id}', () => {
  it('deletes the account: no sign-in, every session ended, personal data erased, media deleted', async () => {
    const employer = await establishedEmployer({ isListed: true });
    const response = await archive(employer.id, employer.token, { accountStatus: 'approved' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      archived: true,
      sessionsEnded: 2,
      jobsClosed: 0,
      dataErased: [
        'email',
        'password',
        'pushTokens',
        'pendingCodes',
        'professionalNetworkLink',
        'organization.practiceManagerName',
        'organization.email',
        'organization.phoneNumber',
        'organization.logo',
        'organization.media',
        'uploads',
      ],
    });

    const signInAgain = await login(employer.email);
    expect(signInAgain.statusCode).toBe(401);
    expect(signInAgain.json().error.message).toBe('Incorrect e-mail or password.');
    for (const token of [employer.token, employer.otherDeviceToken]) {
      const sync = await app.inject({
        method: 'GET',
        url: `/api/employer/auth/sync-user-detail/${employer.id}`,
        headers: { authorization: token },
      });
      expect(sync.statusCode).toBe(401);
    }

    const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
    expect(user?.email).toMatch(/^deleted\+[0-9a-f-]{36}@medhire\.invalid$/);
    expect(user).toMatchObject({ passwordHash: null, emailVerifiedAt: null, accountStatus: 'pending' });
    expect(user?.archivedAt).toBeInstanceOf(Date);
    expect(await app.db.select().from(pushTokens).where(eq(pushTokens.userId, employer.id))).toEqual([]);
    expect(await app.db.select().from(accountTokens).where(eq(accountTokens.userId, employer.id))).toEqual(
      [],
    );
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.email, employer.email))).toEqual([]);
    expect(await app.db.select().from(uploads).where(eq(uploads.ownerUserId, employer.id))).toEqual([]);
    expect(isFileStored(app, employer.photo.key)).toBe(false);
    expect(isFileStored(app, employer.photo.thumbnailKey ?? '')).toBe(false);

    const [organization] = await app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, employer.organizationId));
    expect(organization).toMatchObject({
      name: 'Bluebonnet Primary Care',
      practiceManagerName: null,
      email: null,
      phoneNumber: null,
      logo: null,
      media: [],
      // Listed from public records: the practice can be claimed again.
      status: 'draft',
    });
  });

  it('frees the e-mail address for a new registration', async () => {
    const employer = await signedInEmployer(app);
    expect((await archive(employer.id, employer.token)).statusCode).toBe(200);
    const register = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/v1/register',
      payload: { email: employer.email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(register.statusCode, register.body).toBe(200);
  });

  it('keeps the status of an organisation that was not listed from public records', async () => {
    const employer = await establishedEmployer({ isListed: false });
    const response = await archive(employer.id, employer.token);
    expect(response.json().data.sessionsEnded).toBe(2);
    const [organization] = await app.db
      .select({ status: organizations.status, phoneNumber: organizations.phoneNumber })
      .from(organizations)
      .where(eq(organizations.id, employer.organizationId));
    expect(organization).toEqual({ status: 'active', phoneNumber: null });
  });

  it('answers only what there was to erase for an account without an organisation', async () => {
    const employer = await signedInEmployer(app);
    const response = await archive(employer.id, employer.token);
    expect(response.json().data).toEqual({
      archived: true,
      sessionsEnded: 1,
      jobsClosed: 0,
      dataErased: ['email', 'password', 'pushTokens', 'pendingCodes', 'professionalNetworkLink'],
    });
  });

  it("refuses another employer's id and leaves that account alone", async () => {
    const caller = await signedInEmployer(app);
    const other = await createEmployer(app);
    const response = await archive(other.id, caller.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You can only access your own account.');
    expect((await login(other.email)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const employer = await createEmployer(app);
    expect((await archive(employer.id, undefined)).statusCode).toBe(401);
    expect((await login(employer.email)).statusCode).toBe(200);
  });
});
