import type { TApplicantList } from '@medhire/contract/applicants';
import { JOB_MESSAGES } from '@medhire/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPhysician, milesNorthOf } from '../../domain/matching/physician-rows.ts';
import { buildTestApp } from '../../helper.ts';
import { signedInEmployer, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';

const OMAHA = { latitude: 41.2565, longitude: -95.9345 };

let app: FastifyInstance;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;
let jobId: string;
let near: string;
let far: string;

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  const job = await createJobThroughApi(
    app,
    employer,
    minimalJobBody({
      specialty: 'psychiatry',
      locations: [{ city: 'Omaha', state: 'NE', description: 'Omaha, NE', coords: OMAHA }],
    }),
  );
  jobId = job._id;
  const inNebraska = { specialtyId: 'psychiatry', homeState: 'NE', homeDescription: 'Omaha, NE' };
  far = await insertPhysician(app.db, { ...inNebraska, lastName: 'Far', ...milesNorthOf(OMAHA, 200) });
  near = await insertPhysician(app.db, { ...inNebraska, lastName: 'Near', ...milesNorthOf(OMAHA, 5) });
  await insertPhysician(app.db, { ...inNebraska, isDiscoverable: false });
  await insertPhysician(app.db, { homeState: 'NE' });
});
afterAll(async () => {
  await app.close();
});

function getRecommended(id: string, token: string | undefined, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/employer/applicant/get-recommended-applicants/${id}${query}`,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

describe('GET /api/employer/applicant/get-recommended-applicants/{jobId}', () => {
  it('answers the job’s pool as applicants, best first, each with its score and reasons', async () => {
    const response = await getRecommended(jobId, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data as TApplicantList;
    expect(list).toMatchObject({ total: 2, pageNumber: 1, pageSize: 20 });
    expect(list.applicants.map((applicant) => applicant._id)).toEqual([near, far]);
    const [first, second] = list.applicants;
    expect(first).toMatchObject({
      fullName: 'Dr. Avery Near',
      specialty: { _id: 'psychiatry', title: 'Psychiatry' },
      homeState: 'NE',
      isSaved: false,
    });
    expect(first?.score).toBeGreaterThan(second?.score ?? 100);
    expect(first?.reasons).toContain('Lives 5 miles away');
    expect(first?.reasons).toContain('Board certified');
    expect(second?.reasons).toContain('Lives 200 miles away');
  });

  it('pages the ranking', async () => {
    const response = await getRecommended(jobId, employer.token, '?pageSize=1&pageNumber=2');
    expect(response.statusCode).toBe(200);
    const list = response.json().data as TApplicantList;
    expect(list).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(list.applicants.map((applicant) => applicant._id)).toEqual([far]);
  });

  it('refuses a page larger than 50 (400)', async () => {
    const response = await getRecommended(jobId, employer.token, '?pageSize=51');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^pageSize: /);
  });

  it('answers 404 for another organisation’s job or an id that is not a job', async () => {
    const other = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
    for (const id of [jobId, 'not-a-job']) {
      const response = await getRecommended(id, other.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await getRecommended(jobId, undefined)).statusCode).toBe(401);
  });
});
