import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../../src/db/schema/accounts.ts';
import { uploads } from '../../../src/db/schema/uploads.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, signedInEmployer, signIn } from './auth-kit.ts';
import { isFileStored, profileBody, storeUpload } from './organization-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'PATCH';
const call = (method: Method, url: string, token: string | undefined, payload?: Record<string, unknown>) =>
  app.inject({ method, url: `/api${url}`, payload, headers: token ? { authorization: token } : {} });

/** An employer who has just confirmed the e-mail and has no organisation yet. */
const newEmployer = () => signedInEmployer(app, { accountStatus: 'pending' });

const LOCATIONS_DETAILS = [
  {
    description: 'Austin, TX',
    coords: { latitude: 30.2672, longitude: -97.7431 },
    name: 'North Lamar clinic',
  },
  { description: 'Pflugerville, TX', coords: { latitude: 30.4394, longitude: -97.62 } },
];

describe.each([
  { method: 'PATCH' as const, path: '/employer/auth/v1/update-orgdetails', body: profileBody() },
  { method: 'PATCH' as const, path: '/employer/auth/v1/update-profile', body: profileBody() },
  { method: 'PATCH' as const, path: '/employer/auth/update-profile', body: profileBody() },
  {
    method: 'PATCH' as const,
    path: '/employer/auth/v1/update-locationDetails',
    body: { locationsDetails: LOCATIONS_DETAILS },
  },
  { method: 'GET' as const, path: '/employer/auth/v1/get-organization', body: undefined },
  { method: 'GET' as const, path: '/employer/organization/get-organization', body: undefined },
])('$method /api$path/{id}', ({ method, path, body }) => {
  it("refuses another employer's id", async () => {
    const caller = await signedInEmployer(app, { hasEstablishedProfile: true });
    const other = await createEmployer(app, { hasEstablishedProfile: true });
    const response = await call(method, `${path}/${other.id}`, caller.token, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You can only access your own account.');
  });

  it('needs a session', async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const response = await call(method, `${path}/${employer.id}`, undefined, body);
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });
});

describe('PATCH /api/employer/auth/v1/update-orgdetails/{id}', () => {
  it('creates the organisation, links it and turns the session code to 200', async () => {
    const employer = await newEmployer();
    expect(employer.session.code).toBe(201);

    const response = await call(
      'PATCH',
      `/employer/auth/v1/update-orgdetails/${employer.id}`,
      employer.token,
      profileBody(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { user, code, organization } = response.json().data;
    expect(code).toBe(200);
    expect(user.organizationId).toBe(organization._id);
    expect(organization).toMatchObject({
      status: 'active',
      organizationName: 'Bluebonnet Primary Care',
      practiceManagerName: 'Dana Whitfield',
      email: 'office@bluebonnet-primary.example',
      phoneNumber: '(512) 555-0188',
      logo: null,
      media: [],
      orgLocations: profileBody().orgLocations,
      features: profileBody().features,
      socialLinks: {
        websiteUrl: 'https://bluebonnet-primary.example',
        facebook: 'https://facebook.com/bluebonnetprimary',
      },
    });

    const again = await signIn(app, employer.email);
    expect(again.code).toBe(200);
  });

  it('updates the same organisation on a later save and clears parts left out', async () => {
    const employer = await newEmployer();
    const url = `/employer/auth/v1/update-orgdetails/${employer.id}`;
    const first = (await call('PATCH', url, employer.token, profileBody())).json().data.organization;
    const second = await call(
      'PATCH',
      url,
      employer.token,
      profileBody({ organizationName: 'Bluebonnet Primary Care & Pediatrics', socialLinks: undefined }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const organization = second.json().data.organization;
    expect(organization._id).toBe(first._id);
    expect(organization.organizationName).toBe('Bluebonnet Primary Care & Pediatrics');
    expect(organization.socialLinks).toBeNull();
    const rows = await app.db.select().from(organizations).where(eq(organizations.id, first._id));
    expect(rows).toHaveLength(1);
  });

  it('keeps the session code at 201 while the profile has no location', async () => {
    const employer = await newEmployer();
    const [organization] = await app.db
      .insert(organizations)
      .values({ name: 'Unplaced Clinic', status: 'active' })
      .returning();
    await app.db.update(users).set({ organizationId: organization?.id }).where(eq(users.id, employer.id));
    const sync = await call('GET', `/employer/auth/sync-user-detail/${employer.id}`, employer.token);
    expect(sync.json().data).toMatchObject({
      code: 201,
      organization: { organizationName: 'Unplaced Clinic' },
    });
  });

  it.each([
    { body: profileBody({ organizationName: undefined }), field: 'organizationName' },
    { body: profileBody({ phoneNumber: '555-0188' }), field: 'phoneNumber' },
    {
      body: profileBody({ orgLocations: { locations: [], numberOfLocations: 1 } }),
      field: 'orgLocations.locations',
    },
    {
      body: profileBody({ features: { practiceType: 'space-station', noOfPhysician: 3 } }),
      field: 'features.practiceType',
    },
  ])('names the invalid field $field', async ({ body, field }) => {
    const employer = await newEmployer();
    const response = await call(
      'PATCH',
      `/employer/auth/v1/update-orgdetails/${employer.id}`,
      employer.token,
      body,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field }));
    const [user] = await app.db.select().from(users).where(eq(users.id, employer.id));
    expect(user?.organizationId).toBeNull();
  });

  it('ignores fields the profile does not have', async () => {
    const employer = await newEmployer();
    const response = await call(
      'PATCH',
      `/employer/auth/v1/update-orgdetails/${employer.id}`,
      employer.token,
      profileBody({ accountStatus: 'approved', status: 'draft', npiNumber: '1245319599', _id: 'forged' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { user, organization } = response.json().data;
    expect(user.accountStatus).toBe('pending');
    expect(organization).toMatchObject({ status: 'active', npiNumber: null });
    expect(organization._id).not.toBe('forged');
  });

  it('stores only media and logos the caller uploaded, with addresses from the upload', async () => {
    const employer = await newEmployer();
    const other = await createEmployer(app);
    const photo = await storeUpload(app, employer.id, 'image');
    const video = await storeUpload(app, employer.id, 'video');
    const logo = await storeUpload(app, employer.id, 'image');
    const foreign = await storeUpload(app, other.id, 'image');
    const url = `/employer/auth/v1/update-orgdetails/${employer.id}`;

    const saved = await call(
      'PATCH',
      url,
      employer.token,
      profileBody({
        logo: logo.url,
        media: [
          { key: photo.key, url: 'https://evil.example/x.png', kind: 'video' },
          { key: video.key, url: video.url, kind: 'video' },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.organization).toMatchObject({
      logo: logo.url,
      media: [
        { key: photo.key, url: photo.url, thumbnailUrl: photo.thumbnailUrl, kind: 'image' },
        { key: video.key, url: video.url, kind: 'video' },
      ],
    });

    const stolenMedia = await call(
      'PATCH',
      url,
      employer.token,
      profileBody({ media: [{ key: foreign.key, url: foreign.url, kind: 'image' }] }),
    );
    expect(stolenMedia.statusCode).toBe(400);
    expect(stolenMedia.json().error.details).toContainEqual(
      expect.objectContaining({ field: 'media.0.key' }),
    );

    const stolenLogo = await call('PATCH', url, employer.token, profileBody({ logo: foreign.url }));
    expect(stolenLogo.statusCode).toBe(400);
    expect(stolenLogo.json().error.details).toContainEqual(expect.objectContaining({ field: 'logo' }));

    const byKey = await call('PATCH', url, employer.token, profileBody({ logo: photo.key }));
    expect(byKey.json().data.organization.logo).toBe(photo.url);
  });
});

describe.each(['/employer/auth/v1/update-profile', '/employer/auth/update-profile'])(
  'PATCH /api%s/{id}',
  (path) => {
    it('removes deleted media, deletes only the caller’s files and stores location details', async () => {
      const employer = await newEmployer();
      const other = await createEmployer(app);
      const kept = await storeUpload(app, employer.id);
      const removed = await storeUpload(app, employer.id);
      const foreign = await storeUpload(app, other.id);
      const media = [kept, removed].map(({ key, url, kind }) => ({ key, url, kind }));
      await call(
        'PATCH',
        `/employer/auth/v1/update-orgdetails/${employer.id}`,
        employer.token,
        profileBody({ media }),
      );

      const response = await call(
        'PATCH',
        `${path}/${employer.id}`,
        employer.token,
        profileBody({
          media,
          deletedImgskeys: [removed.key, foreign.key],
          locationsDetails: LOCATIONS_DETAILS,
          accountStatus: 'approved',
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { user, code, organization } = response.json().data;
      expect(code).toBe(200);
      expect(user.accountStatus).toBe('pending');
      expect(organization.media.map((item: { key: string }) => item.key)).toEqual([kept.key]);
      expect(organization.locationsDetails).toEqual(LOCATIONS_DETAILS);

      expect(isFileStored(app, removed.key)).toBe(false);
      expect(isFileStored(app, removed.thumbnailKey ?? '')).toBe(false);
      expect(await app.db.select().from(uploads).where(eq(uploads.key, removed.key))).toEqual([]);
      expect(isFileStored(app, kept.key)).toBe(true);
      expect(isFileStored(app, foreign.key)).toBe(true);
      expect(await app.db.select().from(uploads).where(eq(uploads.key, foreign.key))).toHaveLength(1);
    });

    it('names an invalid deleted key', async () => {
      const employer = await newEmployer();
      const response = await call(
        'PATCH',
        `${path}/${employer.id}`,
        employer.token,
        profileBody({ deletedImgskeys: ['../../etc/passwd'] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toContainEqual(
        expect.objectContaining({ field: 'deletedImgskeys.0' }),
      );
    });
  },
);

describe('PATCH /api/employer/auth/v1/update-locationDetails/{id}', () => {
  it("replaces the organisation's locations and keeps their details", async () => {
    const employer = await newEmployer();
    await call('PATCH', `/employer/auth/v1/update-orgdetails/${employer.id}`, employer.token, profileBody());
    const response = await call(
      'PATCH',
      `/employer/auth/v1/update-locationDetails/${employer.id}`,
      employer.token,
      {
        locationsDetails: LOCATIONS_DETAILS,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { code, organization } = response.json().data;
    expect(code).toBe(200);
    expect(organization.orgLocations).toEqual({
      locations: LOCATIONS_DETAILS.map(({ description, coords }) => ({ description, coords })),
      numberOfLocations: 2,
    });
    expect(organization.locationsDetails).toEqual(LOCATIONS_DETAILS);
  });

  it('needs at least one valid location', async () => {
    const employer = await newEmployer();
    const url = `/employer/auth/v1/update-locationDetails/${employer.id}`;
    const empty = await call('PATCH', url, employer.token, { locationsDetails: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toContainEqual(expect.objectContaining({ field: 'locationsDetails' }));
    const offMap = await call('PATCH', url, employer.token, {
      locationsDetails: [{ description: 'Nowhere', coords: { latitude: 91, longitude: 0 } }],
    });
    expect(offMap.statusCode).toBe(400);
    expect(offMap.json().error.details).toContainEqual(
      expect.objectContaining({ field: 'locationsDetails.0.coords.latitude' }),
    );
  });

  it('asks for the profile first when there is no organisation', async () => {
    const employer = await newEmployer();
    const response = await call(
      'PATCH',
      `/employer/auth/v1/update-locationDetails/${employer.id}`,
      employer.token,
      {
        locationsDetails: LOCATIONS_DETAILS,
      },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Set up your organization profile before adding locations.');
  });
});

describe('reading the organisation', () => {
  it('answers null before the profile exists, then the stored organisation on both paths and in the sync', async () => {
    const employer = await newEmployer();
    for (const path of ['/employer/auth/v1/get-organization', '/employer/organization/get-organization']) {
      const before = await call('GET', `${path}/${employer.id}`, employer.token);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json().data).toEqual({ organization: null });
    }
    const syncBefore = await call('GET', `/employer/auth/sync-user-detail/${employer.id}`, employer.token);
    expect(syncBefore.json().data).toMatchObject({ code: 201, organization: null });

    const saved = (
      await call('PATCH', `/employer/auth/v1/update-orgdetails/${employer.id}`, employer.token, profileBody())
    ).json().data.organization;
    for (const path of ['/employer/auth/v1/get-organization', '/employer/organization/get-organization']) {
      const after = await call('GET', `${path}/${employer.id}`, employer.token);
      expect(after.json().data.organization).toEqual(saved);
    }
    const syncAfter = await call('GET', `/employer/auth/sync-user-detail/${employer.id}`, employer.token);
    expect(syncAfter.json().data).toMatchObject({
      code: 200,
      user: { _id: employer.id },
      organization: saved,
    });
  });
});
