import { APPLICANT_MESSAGES, type TApplicant } from '@medhire/contract/applicants';
import { JOB_MESSAGES, type TJob } from '@medhire/contract/jobs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, savedApplicants } from '../../../src/db/schema/hiring.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { buildTestApp } from '../../helper.ts';
import {
  apply,
  callApi,
  createNamedPhysicians,
  createPhysician,
  hoursAgo,
  idsOf,
  invite,
  PLACES,
} from './applicant-kit.ts';
import { signedInEmployer } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';

let app: FastifyInstance;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;
let rival: Awaited<ReturnType<typeof signedInEmployer>>;
let familyJob: TJob;
let cardioJob: TJob;
let rivalJob: TJob;

/**
 * The physicians of the file. Discoverable and complete: jane, john, maria, lena (explore
 * lists exactly these, newest profile first: lena, maria, john, jane). omar hid his profile
 * and applied to the rival only; nora is discoverable but incomplete; hugo hid his profile.
 */
const ids = { jane: '', john: '', maria: '', lena: '', omar: '', nora: '', hugo: '' };

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  rival = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  familyJob = await createJobThroughApi(app, employer, minimalJobBody({ title: 'Family Physician' }));
  cardioJob = await createJobThroughApi(
    app,
    employer,
    minimalJobBody({ title: 'Cardiologist', specialty: 'internal-medicine' }),
  );
  rivalJob = await createJobThroughApi(app, rival, minimalJobBody({ title: 'Rival Family Physician' }));

  Object.assign(
    ids,
    await createNamedPhysicians(app, {
      jane: {
        firstName: 'Jane',
        lastName: 'Doe',
        yearsOfExperience: 12,
        statesOfInterest: ['CO'],
        createdAt: hoursAgo(100),
      },
      john: {
        firstName: 'John',
        lastName: 'Smith',
        specialty: 'internal-medicine',
        subSpecialty: ['internal-medicine--cardiovascular-disease'],
        boardStatus: 'board-eligible',
        yearsOfExperience: 5,
        homeLocation: { ...PLACES.fresno },
        statesOfInterest: ['TX'],
        createdAt: hoursAgo(90),
      },
      maria: {
        firstName: 'Maria',
        lastName: 'Garcia',
        boardStatus: 'not-board-certified',
        yearsOfExperience: 20,
        homeLocation: { ...PLACES.albany },
        subSpecialty: [],
        createdAt: hoursAgo(80),
      },
      lena: {
        firstName: 'Lena',
        lastName: 'Park',
        yearsOfExperience: 3,
        employmentTypes: ['part-time', 'locum-tenens'],
        createdAt: hoursAgo(70),
      },
      omar: {
        firstName: 'Omar',
        lastName: 'Haddad',
        isDiscoverable: false,
        createdAt: hoursAgo(60),
      },
      nora: {
        firstName: 'Nora',
        lastName: 'Quinn',
        specialty: null,
        boardStatus: null,
        createdAt: hoursAgo(50),
      },
      hugo: { firstName: 'Hugo', lastName: 'Brandt', isDiscoverable: false, createdAt: hoursAgo(40) },
    }),
  );

  await apply(app, ids.jane, familyJob._id, hoursAgo(30));
  await apply(app, ids.john, cardioJob._id, hoursAgo(20));
  await apply(app, ids.maria, familyJob._id, hoursAgo(10));
  await apply(app, ids.john, familyJob._id, hoursAgo(5));
  await apply(app, ids.omar, rivalJob._id, hoursAgo(4));

  const [mariaApplication] = await app.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.physicianId, ids.maria), eq(applications.jobId, familyJob._id)));
  const moved = await callApi(
    app,
    'PATCH',
    `/employer/applicant/update-pipeline-status/${mariaApplication?.id}`,
    employer.token,
    { pipelineStatus: 'Interview' },
  );
  expect(moved.statusCode, moved.body).toBe(200);
});
afterAll(async () => {
  await app.close();
});

async function list(path: string, token = employer.token) {
  const response = await callApi(app, 'GET', `/employer/applicant${path}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    applicants: TApplicant[];
    total: number;
    pageNumber: number;
    pageSize: number;
  };
}

function expectValidationFailure(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { success: boolean; error: { code: string; message: string } };
  expect(body.success).toBe(false);
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.message.startsWith(`${field}: `)).toBe(true);
  return body.error.message;
}

describe('GET /api/employer/applicant/get-all-applicants/{userId}', () => {
  const all = (query = '') => list(`/get-all-applicants/${employer.id}${query}`);

  it('lists each physician who applied to the organisation once, latest application first', async () => {
    const data = await all();
    expect(idsOf(data.applicants)).toEqual([ids.john, ids.maria, ids.jane]);
    expect(data).toMatchObject({ total: 3, pageNumber: 1, pageSize: 10 });

    const john = data.applicants[0];
    expect(john).toMatchObject({
      firstName: 'John',
      lastName: 'Smith',
      fullName: 'Dr. John Smith',
      specialty: { _id: 'internal-medicine', title: 'Internal Medicine' },
      boardStatus: { _id: 'board-eligible', title: 'Board eligible' },
      homeState: 'CA',
      homeLocation: { description: 'Fresno, CA' },
      statesOfInterest: ['TX'],
      isSaved: false,
      matches: [],
    });
    expect(john?.subSpecialties[0]?._id).toBe('internal-medicine--cardiovascular-disease');
    expect(john?.subSpecialties[0]?.title).not.toBe('internal-medicine--cardiovascular-disease');
    expect(john?.employmentTypes).toEqual([{ _id: 'full-time', title: expect.any(String) }]);
    expect(john?.applications.map((application) => application.jobTitle)).toEqual([
      'Family Physician',
      'Cardiologist',
    ]);
    expect(john?.applications[0]).toMatchObject({ pipelineStatus: 'Submitted', source: 'application' });
    expect(john?.applications[0]).not.toHaveProperty('history');
  });

  it('narrows to one job of the organisation', async () => {
    expect(idsOf((await all(`?jobId=${familyJob._id}`)).applicants)).toEqual([ids.john, ids.maria, ids.jane]);
    const cardio = await all(`?jobId=${cardioJob._id}`);
    expect(idsOf(cardio.applicants)).toEqual([ids.john]);
    expect(cardio.total).toBe(1);
  });

  it("answers 404 for another organisation's job and for a job that does not exist", async () => {
    for (const jobId of [rivalJob._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await callApi(
        app,
        'GET',
        `/employer/applicant/get-all-applicants/${employer.id}?jobId=${jobId}`,
        employer.token,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
  });

  it('searches by name, ignoring case, with first and last name together', async () => {
    expect(idsOf((await all('?queryText=jane%20doe')).applicants)).toEqual([ids.jane]);
    expect(idsOf((await all('?queryText=DOE')).applicants)).toEqual([ids.jane]);
    expect(idsOf((await all('?queryText=doe%20jane')).applicants)).toEqual([ids.jane]);
    expect(idsOf((await all('?queryText=smi')).applicants)).toEqual([ids.john]);
    expect((await all('?queryText=jane%20smith')).total).toBe(0);
    expect((await all('?queryText=%25')).total).toBe(0);
  });

  it('filters by specialty, state (home or of interest), board status and pipeline status', async () => {
    expect(idsOf((await all('?specialty=family-medicine')).applicants)).toEqual([ids.maria, ids.jane]);
    expect(idsOf((await all('?state=TX')).applicants)).toEqual([ids.john, ids.jane]);
    expect(idsOf((await all('?state=co')).applicants)).toEqual([ids.jane]);
    expect(idsOf((await all('?state=NY')).applicants)).toEqual([ids.maria]);
    expect(idsOf((await all('?boardStatus=board-eligible')).applicants)).toEqual([ids.john]);
    expect(idsOf((await all('?boardStatus=board-certified-or-eligible')).applicants)).toEqual([
      ids.john,
      ids.jane,
    ]);
    expect(idsOf((await all('?pipelineStatus=Interview')).applicants)).toEqual([ids.maria]);
    expect(idsOf((await all('?pipelineStatus=Submitted')).applicants)).toEqual([ids.john, ids.jane]);
    expect((await all('?pipelineStatus=Hired')).total).toBe(0);
    expect(idsOf((await all(`?pipelineStatus=Submitted&jobId=${cardioJob._id}`)).applicants)).toEqual([
      ids.john,
    ]);
  });

  it('sorts by oldest application, name and experience', async () => {
    expect(idsOf((await all('?sort=oldest')).applicants)).toEqual([ids.jane, ids.maria, ids.john]);
    expect(idsOf((await all('?sort=name')).applicants)).toEqual([ids.jane, ids.maria, ids.john]);
    expect(idsOf((await all('?sort=experience')).applicants)).toEqual([ids.maria, ids.jane, ids.john]);
    expect(idsOf((await all('?sort=newest')).applicants)).toEqual([ids.john, ids.maria, ids.jane]);
  });

  it('pages with the total of every page', async () => {
    const first = await all('?pageSize=2');
    expect(idsOf(first.applicants)).toEqual([ids.john, ids.maria]);
    expect(first).toMatchObject({ total: 3, pageNumber: 1, pageSize: 2 });
    const second = await all('?pageSize=2&pageNumber=2');
    expect(idsOf(second.applicants)).toEqual([ids.jane]);
    expect(second).toMatchObject({ total: 3, pageNumber: 2, pageSize: 2 });
    const beyond = await all('?pageSize=2&pageNumber=3');
    expect(beyond).toMatchObject({ applicants: [], total: 3 });
  });

  it('shows another organisation only its own applicants, hidden profiles included', async () => {
    const data = await list(`/get-all-applicants/${rival.id}`, rival.token);
    expect(idsOf(data.applicants)).toEqual([ids.omar]);
    expect(data.applicants[0]?.applications.map((application) => application.jobId)).toEqual([rivalJob._id]);
  });

  it('refuses invalid queries with the field at fault (400)', async () => {
    const url = `/employer/applicant/get-all-applicants/${employer.id}`;
    const badState = await callApi(app, 'GET', `${url}?state=Texas`, employer.token);
    expect(expectValidationFailure(badState, 'state')).toBe(
      'state: Give the state as its two-letter code, e.g. TX.',
    );
    expectValidationFailure(
      await callApi(app, 'GET', `${url}?pipelineStatus=Pending`, employer.token),
      'pipelineStatus',
    );
    expectValidationFailure(await callApi(app, 'GET', `${url}?pageSize=0`, employer.token), 'pageSize');
    const badSort = await callApi(app, 'GET', `${url}?sort=salary`, employer.token);
    expect(expectValidationFailure(badSort, 'sort')).toBe(
      'sort: Sort by newest, oldest, name or experience.',
    );
  });

  it("refuses another user's id (403) and a call without a token (401)", async () => {
    const forbidden = await callApi(
      app,
      'GET',
      `/employer/applicant/get-all-applicants/${rival.id}`,
      employer.token,
    );
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await callApi(app, 'GET', `/employer/applicant/get-all-applicants/${employer.id}`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/employer/applicant/explore/{userId}', () => {
  const explore = (query = '') => list(`/explore/${employer.id}${query}`);

  it('lists every complete, discoverable physician, newest profile first', async () => {
    const data = await explore();
    expect(idsOf(data.applicants)).toEqual([ids.lena, ids.maria, ids.john, ids.jane]);
    expect(data).toMatchObject({ total: 4, pageNumber: 1, pageSize: 10 });
    const lena = data.applicants[0];
    expect(lena).toMatchObject({ applications: [], matches: [], isSaved: false });
    expect(lena?.employmentTypes.map((type) => type._id)).toEqual(['part-time', 'locum-tenens']);
    // What they did with this organisation travels along.
    expect(data.applicants[1]?.applications[0]?.pipelineStatus).toBe('Interview');
  });

  it('filters by name, specialty, state, board status and employment type', async () => {
    expect(idsOf((await explore('?queryText=PARK')).applicants)).toEqual([ids.lena]);
    expect(idsOf((await explore('?specialty=family-medicine')).applicants)).toEqual([
      ids.lena,
      ids.maria,
      ids.jane,
    ]);
    expect(idsOf((await explore('?state=TX')).applicants)).toEqual([ids.lena, ids.john, ids.jane]);
    expect(idsOf((await explore('?boardStatus=not-board-certified')).applicants)).toEqual([ids.maria]);
    expect(idsOf((await explore('?employmentType=part-time')).applicants)).toEqual([ids.lena]);
    expect(idsOf((await explore('?employmentType=full-time&state=TX')).applicants)).toEqual([
      ids.john,
      ids.jane,
    ]);
    expect((await explore('?specialty=internal-medicine&state=NY')).total).toBe(0);
  });

  it('sorts by oldest profile, name and experience', async () => {
    expect(idsOf((await explore('?sort=oldest')).applicants)).toEqual([
      ids.jane,
      ids.john,
      ids.maria,
      ids.lena,
    ]);
    expect(idsOf((await explore('?sort=name')).applicants)).toEqual([
      ids.jane,
      ids.maria,
      ids.lena,
      ids.john,
    ]);
    expect(idsOf((await explore('?sort=experience')).applicants)).toEqual([
      ids.maria,
      ids.jane,
      ids.john,
      ids.lena,
    ]);
  });

  it('pages with the total', async () => {
    const second = await explore('?pageSize=3&pageNumber=2');
    expect(idsOf(second.applicants)).toEqual([ids.jane]);
    expect(second).toMatchObject({ total: 4, pageNumber: 2, pageSize: 3 });
  });

  it('refuses invalid queries (400), another user id (403) and no token (401)', async () => {
    const url = `/employer/applicant/explore/${employer.id}`;
    expectValidationFailure(await callApi(app, 'GET', `${url}?state=T1`, employer.token), 'state');
    expectValidationFailure(await callApi(app, 'GET', `${url}?pageSize=0`, employer.token), 'pageSize');
    expectValidationFailure(await callApi(app, 'GET', `${url}?pageSize=201`, employer.token), 'pageSize');
    expect(
      (await callApi(app, 'GET', `/employer/applicant/explore/${rival.id}`, employer.token)).statusCode,
    ).toBe(403);
    expect((await callApi(app, 'GET', url)).statusCode).toBe(401);
  });
});

describe('GET /api/employer/applicant/get-single-applicant/{applicantId}', () => {
  const single = (id: string, token = employer.token) =>
    callApi(app, 'GET', `/employer/applicant/get-single-applicant/${id}`, token);

  it('answers the full profile with every application and its timeline', async () => {
    const response = await single(ids.maria);
    expect(response.statusCode, response.body).toBe(200);
    const maria = response.json().data as TApplicant;
    expect(maria).toMatchObject({
      _id: ids.maria,
      fullName: 'Dr. Maria Garcia',
      boardStatus: { _id: 'not-board-certified', title: 'Not board certified' },
      yearsOfExperience: 20,
      yearAvailableToStart: 2026,
      homeState: 'NY',
      homeLocation: { description: 'Albany, NY', coords: PLACES.albany.coords },
      npiNumber: '1234567893',
      needsVisa: false,
      cvUrl: null,
    });
    expect(maria.applications).toHaveLength(1);
    expect(maria.applications[0]?.history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'Submitted',
        actor: 'physician',
        changedBy: null,
      }),
      expect.objectContaining({
        fromStatus: 'Submitted',
        toStatus: 'Interview',
        actor: 'employer',
        changedBy: employer.email,
      }),
    ]);
  });

  it('shows a discoverable physician with nothing to do with the organisation yet', async () => {
    const response = await single(ids.lena);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: ids.lena, applications: [], matches: [] });
  });

  it("carries the organisation's invites with their status", async () => {
    const matchId = await invite(app, employer.id, cardioJob._id, ids.jane);
    const jane = (await single(ids.jane)).json().data as TApplicant;
    expect(jane.matches).toEqual([
      {
        _id: matchId,
        jobId: cardioJob._id,
        jobTitle: 'Cardiologist',
        status: 'pending',
        createdAt: expect.any(String),
        conversationId: null,
      },
    ]);
    // The rival sees none of it.
    expect((await single(ids.jane, rival.token)).json().data.matches).toEqual([]);
  });

  it('answers 404 for a physician the organisation may not see', async () => {
    for (const id of [ids.omar, ids.nora, ids.hugo, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const response = await single(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(APPLICANT_MESSAGES.notFound);
    }
    // Omar hid his profile but applied to the rival, who therefore sees him.
    expect((await single(ids.omar, rival.token)).statusCode).toBe(200);
  });

  it('asks for a token (401)', async () => {
    expect(
      (await callApi(app, 'GET', `/employer/applicant/get-single-applicant/${ids.jane}`)).statusCode,
    ).toBe(401);
  });
});

describe('saving applicants', () => {
  const save = (id: string, token = employer.token) =>
    callApi(app, 'POST', `/employer/applicant/save-applicant/${id}`, token);
  const unsave = (id: string, token = employer.token) =>
    callApi(app, 'DELETE', `/employer/applicant/unsave-applicant/${id}`, token);
  const saved = (query = '', userId = employer.id, token = employer.token) =>
    list(`/get-saved-applicants/${userId}${query}`, token);

  it('saves once however often it is asked, and answers the saved applicant', async () => {
    const first = await save(ids.lena);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ _id: ids.lena, isSaved: true });
    const again = await save(ids.lena);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.isSaved).toBe(true);
    const rows = await app.db.select().from(savedApplicants).where(eq(savedApplicants.physicianId, ids.lena));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.savedByUserId).toBe(employer.id);
  });

  it('lists the saved physicians, the most recently saved first, paged', async () => {
    await save(ids.maria);
    const data = await saved();
    expect(idsOf(data.applicants)).toEqual([ids.maria, ids.lena]);
    expect(data.total).toBe(2);
    expect(data.applicants.every((applicant) => applicant.isSaved)).toBe(true);
    const second = await saved('?pageSize=1&pageNumber=2');
    expect(idsOf(second.applicants)).toEqual([ids.lena]);
    expect(second).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    // The flag shows on the other lists too.
    const explored = await list(`/explore/${employer.id}?queryText=park`);
    expect(explored.applicants[0]?.isSaved).toBe(true);
    // Another organisation's saved list is its own.
    expect((await saved('', rival.id, rival.token)).total).toBe(0);
  });

  it('unsaves, and unsaving again answers the same', async () => {
    const first = await unsave(ids.lena);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ _id: ids.lena });
    const again = await unsave(ids.lena);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ _id: ids.lena });
    expect(idsOf((await saved()).applicants)).toEqual([ids.maria]);
  });

  it('refuses to save a physician the organisation may not see (404)', async () => {
    for (const id of [ids.omar, ids.nora, ids.hugo, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const response = await save(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(APPLICANT_MESSAGES.notFound);
    }
    const rows = await app.db.select().from(savedApplicants).where(eq(savedApplicants.physicianId, ids.omar));
    expect(rows).toEqual([]);
  });

  it('keeps a physician visible once saved, even after they hide the profile', async () => {
    const hiding = await createPhysician(app, { firstName: 'Iris', lastName: 'Vale', isDiscoverable: true });
    expect((await save(hiding)).statusCode).toBe(200);
    // The physician hides the profile after the save.
    await app.db.update(physicians).set({ isDiscoverable: false }).where(eq(physicians.id, hiding));
    expect(
      (await callApi(app, 'GET', `/employer/applicant/get-single-applicant/${hiding}`, employer.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await callApi(app, 'GET', `/employer/applicant/get-single-applicant/${hiding}`, rival.token))
        .statusCode,
    ).toBe(404);
    expect((await unsave(hiding)).statusCode).toBe(200);
  });

  it('refuses invalid paging (400), another user id (403) and no token (401)', async () => {
    expectValidationFailure(
      await callApi(
        app,
        'GET',
        `/employer/applicant/get-saved-applicants/${employer.id}?pageSize=0`,
        employer.token,
      ),
      'pageSize',
    );
    expect(
      (await callApi(app, 'GET', `/employer/applicant/get-saved-applicants/${rival.id}`, employer.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await callApi(app, 'GET', `/employer/applicant/get-saved-applicants/${employer.id}`)).statusCode,
    ).toBe(401);
    expect((await callApi(app, 'POST', `/employer/applicant/save-applicant/${ids.jane}`)).statusCode).toBe(
      401,
    );
    expect(
      (await callApi(app, 'DELETE', `/employer/applicant/unsave-applicant/${ids.jane}`)).statusCode,
    ).toBe(401);
  });
});

describe('PATCH /api/employer/applicant/update-pipeline-status/{applicationId}', () => {
  let janeApplicationId: string;
  const move = (applicationId: string, pipelineStatus: unknown, token = employer.token) =>
    callApi(app, 'PATCH', `/employer/applicant/update-pipeline-status/${applicationId}`, token, {
      pipelineStatus,
    });

  beforeAll(async () => {
    const [row] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.physicianId, ids.jane), eq(applications.jobId, familyJob._id)));
    janeApplicationId = row?.id ?? '';
  });

  it('moves the application and records who moved it and when', async () => {
    const before = Date.now();
    const response = await move(janeApplicationId, 'Shortlisted');
    expect(response.statusCode, response.body).toBe(200);
    const jane = response.json().data as TApplicant;
    const application = jane.applications.find((candidate) => candidate._id === janeApplicationId);
    expect(application?.pipelineStatus).toBe('Shortlisted');
    const last = application?.history?.at(-1);
    expect(last).toMatchObject({
      fromStatus: 'Submitted',
      toStatus: 'Shortlisted',
      actor: 'employer',
      changedBy: employer.email,
    });
    expect(Date.parse(last?.changedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(application?.updatedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // The answer is the applicant as the single-applicant page shows it.
    const single = await callApi(
      app,
      'GET',
      `/employer/applicant/get-single-applicant/${ids.jane}`,
      employer.token,
    );
    expect(single.json().data).toEqual(jane);
  });

  it('lets any stage follow any other, and keeps every move in order', async () => {
    expect((await move(janeApplicationId, 'Hired')).statusCode).toBe(200);
    const back = await move(janeApplicationId, 'Submitted');
    expect(back.statusCode).toBe(200);
    const history = (back.json().data as TApplicant).applications.find(
      (application) => application._id === janeApplicationId,
    )?.history;
    expect(history?.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, 'Submitted'],
      ['Submitted', 'Shortlisted'],
      ['Shortlisted', 'Hired'],
      ['Hired', 'Submitted'],
    ]);
  });

  it('refuses the stage the application already has (422)', async () => {
    const response = await move(janeApplicationId, 'Submitted');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'BUSINESS_RULE',
      message: APPLICANT_MESSAGES.samePipelineStatus,
    });
  });

  it("answers 404 for another organisation's application and for one that does not exist", async () => {
    const [omarApplication] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.physicianId, ids.omar));
    for (const id of [omarApplication?.id ?? '', '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await move(id, 'Interview');
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(APPLICANT_MESSAGES.applicationNotFound);
    }
    const rivalMove = await move(janeApplicationId, 'Offer', rival.token);
    expect(rivalMove.statusCode).toBe(404);
  });

  it('refuses an unknown stage (400) and a call without a token (401)', async () => {
    expectValidationFailure(await move(janeApplicationId, 'Pending'), 'pipelineStatus');
    const anonymous = await callApi(
      app,
      'PATCH',
      `/employer/applicant/update-pipeline-status/${janeApplicationId}`,
      undefined,
      {
        pipelineStatus: 'Offer',
      },
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('job activity counts', () => {
  it('counts applications and matches on the jobs, and closes a job with applicants instead of deleting it', async () => {
    const jobs = await callApi(app, 'GET', `/employer/job/get-all-jobs/${employer.id}`, employer.token);
    const listed = (jobs.json().data.jobs as TJob[]).find((job) => job._id === familyJob._id);
    expect(listed).toMatchObject({ applicantCount: 3, matchCount: 0 });
    const cardio = await callApi(app, 'GET', `/employer/job/get-single-job/${cardioJob._id}`, employer.token);
    expect(cardio.json().data).toMatchObject({ applicantCount: 1, matchCount: 1 });

    const deleted = await callApi(app, 'DELETE', `/employer/job/delete-job/${familyJob._id}`, employer.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: false, closed: true });
    const kept = await callApi(app, 'GET', `/employer/job/get-single-job/${familyJob._id}`, employer.token);
    expect(kept.json().data).toMatchObject({ status: 'closed', applicantCount: 3 });
    // The applicants stay with the closed job.
    expect((await list(`/get-all-applicants/${employer.id}?jobId=${familyJob._id}`)).total).toBe(3);
  });
});
