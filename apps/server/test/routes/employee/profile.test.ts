import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NPI_MESSAGES } from '@medhire/contract/organization';
import { PHYSICIAN_LIMITS, PHYSICIAN_MESSAGES, type TPhysicianProfile } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { notifications } from '../../../src/db/schema/hiring.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { type FormFile, multipartBody, pngImage } from '../../domain/uploads/upload-fixtures.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, signedInEmployer } from '../employer/auth-kit.ts';
import { uniqueNpi } from '../employer/organization-kit.ts';
import { callApi, completeProfileBody, signedInPhysician } from './physician-kit.ts';

const UPDATE = '/api/employee/profile/update-profile';
const UPLOAD_CV = '/api/employee/profile/upload-cv';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function storedPhysician(physicianId: string) {
  const [row] = await app.db.select().from(physicians).where(eq(physicians.id, physicianId));
  return row;
}

describe('PATCH /api/employee/profile/update-profile', () => {
  it('saves every field, completes the profile and keeps match keys and search name in sync', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const body = completeProfileBody({ firstName: 'Amara', photo: '/uploads/x.webp', needsVisa: true });
    const response = await callApi(app, 'PATCH', UPDATE, physician.token, body);
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json().data as TPhysicianProfile;
    expect(profile).toMatchObject({
      firstName: 'Amara',
      lastName: 'Okafor',
      photo: '/uploads/x.webp',
      npiNumber: body.npiNumber,
      specialty: 'family-medicine',
      subSpecialty: ['family-medicine--sports-medicine'],
      boardStatus: 'board-certified',
      yearsOfExperience: 7,
      yearAvailableToStart: 2026,
      homeLocation: body.homeLocation,
      statesOfInterest: ['TX', 'CO'],
      citiesOfInterest: body.citiesOfInterest,
      employmentTypes: ['full-time'],
      needsVisa: true,
      isComplete: true,
    });
    const row = await storedPhysician(profile._id);
    expect(row?.matchKeys.sort()).toEqual(['family-medicine:CO', 'family-medicine:TX']);
    expect(row?.searchName).toBe('amara okafor');

    // A new specialty without sub-specialties drops the old ones and moves the keys along.
    const moved = await callApi(app, 'PATCH', UPDATE, physician.token, {
      specialty: 'pediatrics',
      statesOfInterest: ['wa'],
      lastName: 'Bello',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      specialty: 'pediatrics',
      subSpecialty: [],
      statesOfInterest: ['WA'],
    });
    const after = await storedPhysician(profile._id);
    expect(after?.matchKeys.sort()).toEqual(['pediatrics:TX', 'pediatrics:WA']);
    expect(after?.searchName).toBe('amara bello');

    const read = await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token);
    expect(read.json().data).toEqual(moved.json().data);
  });

  it.each([
    [{ specialty: 'astrology' }, 'specialty', PHYSICIAN_MESSAGES.unknownSpecialty],
    [
      { specialty: 'family-medicine', subSpecialty: ['pediatrics--neonatal-perinatal-medicine'] },
      'subSpecialty.0',
      PHYSICIAN_MESSAGES.subSpecialtyOutsideSpecialty,
    ],
    [
      { subSpecialty: ['family-medicine--sports-medicine'] },
      'subSpecialty.0',
      PHYSICIAN_MESSAGES.subSpecialtyWithoutSpecialty,
    ],
    [{ boardStatus: 'board-certified-or-eligible' }, 'boardStatus', PHYSICIAN_MESSAGES.unknownBoardStatus],
    [{ boardStatus: 'certified-ish' }, 'boardStatus', PHYSICIAN_MESSAGES.unknownBoardStatus],
    [
      { employmentTypes: ['full-time', 'gig'] },
      'employmentTypes.1',
      PHYSICIAN_MESSAGES.unknownEmploymentType,
    ],
    [{ statesOfInterest: ['ZZ'] }, 'statesOfInterest.0', PHYSICIAN_MESSAGES.unknownState],
  ])('refuses unknown reference values: %j', async (body, field, message) => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const response = await callApi(app, 'PATCH', UPDATE, physician.token, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field, in: 'body', message }],
    });
    const row = await storedPhysician(physician.profile._id);
    expect(row?.specialtyId).toBeNull();
  });

  it('names the field the schema refuses', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const response = await callApi(app, 'PATCH', UPDATE, physician.token, {
      npiNumber: '12345',
      yearsOfExperience: -1,
    });
    expect(response.statusCode).toBe(400);
    const text = JSON.stringify(response.json().error);
    expect(text).toContain(NPI_MESSAGES.format);
    expect(text).toContain('Years of experience cannot be negative.');
  });

  it('tells employers looking for the specialty once, when the profile first becomes complete', async () => {
    const looking = await createEmployer(app);
    await app.db
      .update(users)
      .set({ candidatePreferences: { specialty: 'Family Medicine' } })
      .where(eq(users.id, looking.id));
    const byId = await createEmployer(app);
    await app.db
      .update(users)
      .set({ candidatePreferences: { specialty: 'family-medicine' } })
      .where(eq(users.id, byId.id));
    const elsewhere = await createEmployer(app);
    await app.db
      .update(users)
      .set({ candidatePreferences: { specialty: 'Psychiatry' } })
      .where(eq(users.id, elsewhere.id));
    const pending = await createEmployer(app, { accountStatus: 'pending' });
    await app.db
      .update(users)
      .set({ candidatePreferences: { specialty: 'Family Medicine' } })
      .where(eq(users.id, pending.id));

    const physician = await signedInPhysician(app, { isComplete: false });
    const partial = await callApi(app, 'PATCH', UPDATE, physician.token, { specialty: 'family-medicine' });
    expect(partial.json().data.isComplete).toBe(false);
    const registered = (userId: string) =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'EMPLOYEE_REGISTERED')));
    expect(await registered(looking.id)).toHaveLength(0);

    const complete = await callApi(app, 'PATCH', UPDATE, physician.token, completeProfileBody());
    expect(complete.json().data.isComplete).toBe(true);
    const [notification] = await registered(looking.id);
    expect(notification).toMatchObject({ data: { physicianId: physician.profile._id } });
    expect(notification?.body).toContain('Dr. Maya Okafor');
    expect(await registered(byId.id)).toHaveLength(1);
    expect(await registered(elsewhere.id)).toHaveLength(0);
    expect(await registered(pending.id)).toHaveLength(0);

    await callApi(app, 'PATCH', UPDATE, physician.token, { yearsOfExperience: 8 });
    expect(await registered(looking.id)).toHaveLength(1);
  });
});

describe('POST /api/employee/profile/upload-cv', () => {
  const pdf = (size = 2048) =>
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 0x20), Buffer.from('\n%%EOF\n')]);

  async function uploadCv(token: string | undefined, files: FormFile[]) {
    const { payload, headers } = await multipartBody(files);
    return app.inject({
      method: 'POST',
      url: UPLOAD_CV,
      payload,
      headers: token ? { ...headers, authorization: token } : headers,
    });
  }

  it('stores a PDF and points the profile at it; a new CV replaces the old file', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const bytes = pdf();
    const response = await uploadCv(physician.token, [
      { field: 'cv', bytes, type: 'application/pdf', filename: 'cv.pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { cvUrl } = response.json().data as TPhysicianProfile;
    expect(cvUrl).toMatch(
      new RegExp(`^/uploads/physicians/${physician.profile.userId}/cv-[0-9a-f-]+\\.pdf$`),
    );
    const storedPath = path.join(app.config.uploadsDir, (cvUrl ?? '').replace('/uploads/', ''));
    expect(readFileSync(storedPath).equals(bytes)).toBe(true);
    expect((await storedPhysician(physician.profile._id))?.cvUrl).toBe(cvUrl);

    const again = await uploadCv(physician.token, [
      { field: 'cv', bytes: pdf(10), type: 'application/pdf', filename: 'cv-2.pdf' },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.cvUrl).not.toBe(cvUrl);
    expect(existsSync(storedPath)).toBe(false);
  });

  it('refuses a file that is not a PDF by its bytes, whatever it is called (415)', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const response = await uploadCv(physician.token, [
      { field: 'cv', bytes: await pngImage(), type: 'application/pdf', filename: 'cv.pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error.message).toBe(PHYSICIAN_MESSAGES.cvNotPdf);
    expect((await storedPhysician(physician.profile._id))?.cvUrl).toBeNull();
  });

  it('refuses a PDF over the limit with a readable 413', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const response = await uploadCv(physician.token, [
      { field: 'cv', bytes: pdf(PHYSICIAN_LIMITS.cvMaxBytes), type: 'application/pdf', filename: 'cv.pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.message).toBe(PHYSICIAN_MESSAGES.cvTooLarge);
    expect(response.json().error.message).toContain('10 MB');
  });

  it('names the field when the CV is missing or sent under another name (400)', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const response = await uploadCv(physician.token, [
      { field: 'file', bytes: pdf(), type: 'application/pdf', filename: 'cv.pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'cv', in: 'body', message: PHYSICIAN_MESSAGES.cvMissing },
    ]);
  });

  it('refuses an employer (403) and an anonymous caller (401)', async () => {
    const employer = await signedInEmployer(app);
    const files = [{ field: 'cv', bytes: pdf(), type: 'application/pdf', filename: 'cv.pdf' }];
    expect((await uploadCv(employer.token, files)).statusCode).toBe(403);
    expect((await uploadCv(undefined, files)).statusCode).toBe(401);
  });
});

describe('POST /api/employee/profile/upload-photo', () => {
  it('stores an image the physician can put on the profile; refuses a PDF (415)', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const { payload, headers } = await multipartBody([
      { field: 'image', bytes: await pngImage(), type: 'image/png', filename: 'me.png' },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/employee/profile/upload-photo',
      payload,
      headers: { ...headers, authorization: physician.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json().data;
    expect(url).toMatch(/^\/uploads\//);
    const saved = await callApi(app, 'PATCH', UPDATE, physician.token, { photo: url });
    expect(saved.json().data.photo).toBe(url);

    const pdfBody = await multipartBody([
      { field: 'image', bytes: Buffer.from('%PDF-1.7 not an image'), type: 'image/png', filename: 'me.png' },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/employee/profile/upload-photo',
      payload: pdfBody.payload,
      headers: { ...pdfBody.headers, authorization: physician.token },
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe('NPI, training, licenses and completeness', () => {
  it('refuses an NPI number whose check digit does not match, and changes nothing', async () => {
    const physician = await signedInPhysician(app);
    const response = await callApi(app, 'PATCH', UPDATE, physician.token, { npiNumber: '1234567890' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(NPI_MESSAGES.checkDigit);
    const profile = await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token);
    expect(profile.json().data.npiNumber).toBe(physician.profile.npiNumber);
  });

  it('refuses (409) an NPI number another physician account holds, says how to recover that account, and changes nothing', async () => {
    const first = await signedInPhysician(app);
    const second = await signedInPhysician(app);
    const taken = first.profile.npiNumber;
    expect(taken).toMatch(/^\d{10}$/);
    const response = await callApi(app, 'PATCH', UPDATE, second.token, {
      npiNumber: taken,
      yearsOfExperience: 12,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      error: { code: 'CONFLICT', details: { reason: 'NPI_TAKEN' } },
    });
    expect(response.json().error.message).toMatch(/belongs to another MedHire account.*Forgot password/);
    const profile = await callApi(app, 'GET', '/api/employee/profile/get-profile', second.token);
    expect(profile.json().data).toMatchObject({ npiNumber: second.profile.npiNumber, yearsOfExperience: 7 });

    // Its own number, sent again with other changes, is no conflict.
    const own = await callApi(app, 'PATCH', UPDATE, first.token, { npiNumber: taken, yearsOfExperience: 9 });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('lets only one of two accounts saving the same new NPI number at once have it', async () => {
    const [one, two] = [await signedInPhysician(app), await signedInPhysician(app)];
    const npiNumber = uniqueNpi();
    const answers = await Promise.all(
      [one, two].map((physician) => callApi(app, 'PATCH', UPDATE, physician.token, { npiNumber })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const holders = await app.db.select().from(physicians).where(eq(physicians.npiNumber, npiNumber));
    expect(holders).toHaveLength(1);
  });

  it('stores residency and fellowships, and refuses an end before the start or an unknown specialty', async () => {
    const physician = await signedInPhysician(app);
    const training = [
      {
        kind: 'residency',
        program: 'Family Medicine Residency',
        institution: 'UT Southwestern',
        specialty: 'family-medicine',
        startYear: 2014,
        endYear: 2017,
      },
      {
        kind: 'fellowship',
        program: 'Sports Medicine Fellowship',
        institution: 'Baylor',
        specialty: 'family-medicine',
        startYear: 2017,
        endYear: null,
      },
    ];
    const saved = await callApi(app, 'PATCH', UPDATE, physician.token, { training });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.training).toEqual(training);
    expect(saved.json().data.completeness.missing).not.toContain('Residency or fellowship training');

    const backwards = await callApi(app, 'PATCH', UPDATE, physician.token, {
      training: [{ ...training[0], startYear: 2018, endYear: 2015 }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json().error)).toContain('The end year cannot be before the start year.');
    const unknown = await callApi(app, 'PATCH', UPDATE, physician.token, {
      training: [{ ...training[0], specialty: 'astrology' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('training.0.specialty');
    const profile = await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token);
    expect(profile.json().data.training).toEqual(training);
  });

  it('adds, updates and removes licenses, shows an expired one as expired, and keeps them to their owner', async () => {
    const physician = await signedInPhysician(app);
    const other = await signedInPhysician(app);
    const added = await callApi(app, 'POST', '/api/employee/profile/add-license', physician.token, {
      state: 'tx',
      number: 'Q1234',
      expiresOn: '2020-01-31',
    });
    expect(added.statusCode, added.body).toBe(200);
    const [license] = added.json().data.licenses;
    expect(license).toMatchObject({ state: 'TX', number: 'Q1234', expiresOn: '2020-01-31', isExpired: true });
    expect(added.json().data.completeness.missing).not.toContain('State medical license');

    const duplicate = await callApi(app, 'POST', '/api/employee/profile/add-license', physician.token, {
      state: 'TX',
      number: 'Q1234',
      expiresOn: '2030-01-31',
    });
    expect(duplicate.statusCode).toBe(409);

    const invalid = await callApi(app, 'POST', '/api/employee/profile/add-license', physician.token, {
      state: 'TX',
      number: '',
      expiresOn: 'next year',
    });
    expect(invalid.statusCode).toBe(400);
    const notAState = await callApi(app, 'POST', '/api/employee/profile/add-license', physician.token, {
      state: 'ZZ',
      number: 'A1',
      expiresOn: '2030-01-31',
    });
    expect(notAState.statusCode).toBe(400);

    const renewed = await callApi(
      app,
      'PATCH',
      `/api/employee/profile/update-license/${license._id}`,
      physician.token,
      { state: 'TX', number: 'Q1234', expiresOn: '2099-01-31' },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.licenses[0]).toMatchObject({ _id: license._id, isExpired: false });

    for (const [method, url] of [
      ['PATCH', `/api/employee/profile/update-license/${license._id}`],
      ['DELETE', `/api/employee/profile/delete-license/${license._id}`],
    ] as const) {
      const refused = await callApi(app, method, url, other.token, {
        state: 'CO',
        number: 'X',
        expiresOn: '2031-01-01',
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(PHYSICIAN_MESSAGES.licenseNotFound);
    }
    const unchanged = await callApi(app, 'GET', '/api/employee/profile/get-profile', physician.token);
    expect(unchanged.json().data.licenses).toHaveLength(1);
    expect(unchanged.json().data.licenses[0]).toMatchObject({ state: 'TX', expiresOn: '2099-01-31' });

    const removed = await callApi(
      app,
      'DELETE',
      `/api/employee/profile/delete-license/${license._id}`,
      physician.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.licenses).toEqual([]);
  });

  it('measures completeness and names what is missing in words a physician understands', async () => {
    const fresh = await signedInPhysician(app, { isComplete: false });
    const empty = await callApi(app, 'GET', '/api/employee/profile/get-profile', fresh.token);
    expect(empty.json().data.completeness).toEqual({
      percent: 0,
      missing: [
        'Specialty',
        'Board status',
        'Years of experience',
        'Year you can start',
        'Where you live',
        'Where you want to work',
        'Employment types you want',
        'State medical license',
        'Residency or fellowship training',
        'NPI number',
        'CV',
        'Profile photo',
      ],
    });
    const complete = await signedInPhysician(app);
    expect(complete.profile.completeness).toEqual({
      percent: 67,
      missing: ['State medical license', 'Residency or fellowship training', 'CV', 'Profile photo'],
    });
  });
});
