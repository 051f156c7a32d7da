import type { TJob } from '@medhire/contract/jobs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, employerWithOpenJob, invite, signedInPhysician } from '../employee/physician-kit.ts';
import { signedInEmployer, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, fullJobBody, minimalJobBody } from './job-kit.ts';

let app: FastifyInstance;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;
/** Oldest first, as posted. */
const posted: TJob[] = [];

const TITLES: [string, string, 'draft' | 'open'][] = [
  ['Family Physician – Outpatient', 'family-medicine', 'open'],
  ['Interventional CARDIOLOGIST', 'internal-medicine', 'open'],
  ['Hospitalist (Nocturnist)', 'internal-medicine', 'draft'],
  ['Pediatrician', 'pediatrics', 'open'],
  ['Cardiology Nurse Practitioner Lead', 'internal-medicine', 'open'],
  ['Outpatient Psychiatrist 100% remote', 'psychiatry', 'open'],
  ['Emergency Physician', 'emergency-medicine', 'draft'],
];

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true });
  for (const [title, specialty, status] of TITLES) {
    posted.push(await createJobThroughApi(app, employer, minimalJobBody({ title, specialty, status })));
  }
  const neighbour = await signedInEmployer(app, { hasEstablishedProfile: true });
  await createJobThroughApi(app, neighbour, minimalJobBody({ title: 'Cardiologist next door' }));
});
afterAll(async () => {
  await app.close();
});

async function list(query: string, userId = employer.id) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/employer/job/get-all-jobs/${userId}${query}`,
    headers: { authorization: employer.token },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { jobs: TJob[]; total: number; pageNumber: number; pageSize: number };
}

const titlesOf = (jobs: TJob[]) => jobs.map((job) => job.title);
const newestFirst = () => [...posted].reverse();

describe('GET /api/employer/job/get-all-jobs/{userId}', () => {
  it('lists the organisation’s jobs newest first with their counts', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: TITLES.length, pageNumber: 1, pageSize: 10 });
    expect(page.jobs).toEqual(newestFirst());
    for (const job of page.jobs) expect(job).toMatchObject({ applicantCount: 0, matchCount: 0 });
  });

  it('pages through the list without gaps or repeats', async () => {
    const pages = [await list('?pageSize=3&pageNumber=1'), await list('?pageSize=3&pageNumber=2')];
    const last = await list('?pageSize=3&pageNumber=3');
    expect(pages.map((page) => page.jobs.length)).toEqual([3, 3]);
    expect(last.jobs).toHaveLength(1);
    expect([...pages, last].flatMap((page) => titlesOf(page.jobs))).toEqual(titlesOf(newestFirst()));
    expect(last).toMatchObject({ total: TITLES.length, pageNumber: 3, pageSize: 3 });

    const beyond = await list('?pageSize=3&pageNumber=9');
    expect(beyond).toMatchObject({ jobs: [], total: TITLES.length });
  });

  it('searches titles anywhere, ignoring case, only among the organisation’s jobs', async () => {
    expect(titlesOf((await list('?queryText=cardio')).jobs)).toEqual([
      'Cardiology Nurse Practitioner Lead',
      'Interventional CARDIOLOGIST',
    ]);
    expect(titlesOf((await list('?queryText=%20OUTPATIENT%20')).jobs)).toEqual([
      'Outpatient Psychiatrist 100% remote',
      'Family Physician – Outpatient',
    ]);
    expect((await list('?queryText=zzz')).total).toBe(0);
  });

  it('matches LIKE wildcards literally', async () => {
    expect(titlesOf((await list('?queryText=100%25')).jobs)).toEqual(['Outpatient Psychiatrist 100% remote']);
    expect((await list('?queryText=%25')).total).toBe(1);
    expect((await list('?queryText=_')).total).toBe(0);
  });

  it('filters by status and by specialty, together with the search', async () => {
    expect(titlesOf((await list('?status=draft')).jobs)).toEqual([
      'Emergency Physician',
      'Hospitalist (Nocturnist)',
    ]);
    expect((await list('?specialty=internal-medicine')).total).toBe(3);
    const combined = await list('?specialty=internal-medicine&status=open&queryText=cardio&pageSize=1');
    expect(combined.total).toBe(2);
    expect(titlesOf(combined.jobs)).toEqual(['Cardiology Nurse Practitioner Lead']);
  });

  it('refuses a malformed query with a message', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-all-jobs/${employer.id}?status=paused`,
      headers: { authorization: employer.token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('status: Choose draft, open or closed.');
  });

  it('answers an empty list to an employer without an organisation', async () => {
    const newcomer = await signedInEmployer(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-all-jobs/${newcomer.id}`,
      headers: { authorization: newcomer.token },
    });
    expect(response.json().data).toEqual({ jobs: [], total: 0, pageNumber: 1, pageSize: 10 });
  });
});

describe("a job's invite counts", () => {
  it('say how many invites wait, were accepted and were declined, in the list and on the job', async () => {
    const { employer: owner, job } = await employerWithOpenJob(app);
    const answers = ['pending', 'pending', 'accepted', 'declined', 'cancelled'] as const;
    for (const status of answers) {
      const physician = await signedInPhysician(app);
      const match = await invite(app, owner, job._id, physician.profile._id);
      // The answer is written straight in: accepting through the API would need a paid plan.
      await app.db.update(matches).set({ status }).where(eq(matches.id, match._id));
    }
    const expected = { matchCount: 5, inviteCounts: { pending: 2, accepted: 1, declined: 1 } };

    const list = await callApi(app, 'GET', `/api/employer/job/get-all-jobs/${owner.id}`, owner.token);
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data.jobs as TJob[]).find((item) => item._id === job._id);
    expect(listed).toMatchObject(expected);

    const single = await callApi(app, 'GET', `/api/employer/job/get-single-job/${job._id}`, owner.token);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().data).toMatchObject(expected);
  });

  it('are all zero for a job nobody was invited to', () => {
    for (const job of posted) expect(job.inviteCounts).toEqual({ pending: 0, accepted: 0, declined: 0 });
  });
});

describe('a job in the list', () => {
  it('is written byte for byte as the job itself is answered, whatever it holds', async () => {
    const owner = await signedInEmployer(app, { hasEstablishedProfile: true });
    const full = await createJobThroughApi(app, owner, fullJobBody());
    const declined = await createJobThroughApi(
      app,
      owner,
      fullJobBody({
        title: 'Hospitalist',
        partnership: { value: 'No' },
        requiredTravel: 'Yes',
        status: 'draft',
      }),
    );
    const minimal = await createJobThroughApi(app, owner, minimalJobBody());
    // Stored before pay types (read as annual), filled, and with
    // sub-millisecond timestamps, which both read to the millisecond.
    await app.db
      .update(jobs)
      .set({
        salaryPayType: null,
        filledAt: new Date(),
        createdAt: new Date('2026-03-01T08:15:30.123Z'),
      })
      .where(eq(jobs.id, declined._id));
    await app.db.update(jobs).set({ assigneeUserId: null }).where(eq(jobs.id, minimal._id));
    await app.db.execute(
      sql`update jobs set updated_at = '2026-03-02 09:00:00.987654+05:30' where id = ${declined._id}`,
    );

    const list = await callApi(app, 'GET', `/api/employer/job/get-all-jobs/${owner.id}`, owner.token);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.jobs as TJob[];
    expect(listed.map((job) => job._id)).toEqual([minimal._id, full._id, declined._id]);
    for (const job of listed) {
      const single = await callApi(app, 'GET', `/api/employer/job/get-single-job/${job._id}`, owner.token);
      expect(single.statusCode, single.body).toBe(200);
      // Parsed JSON keeps the order of the bytes, so equal strings mean the same bytes.
      expect(JSON.stringify(job)).toBe(JSON.stringify(single.json().data));
    }
    const assigned = listed[2];
    expect(assigned).toMatchObject({
      salaryRange: { payType: 'annual' },
      partnership: { value: 'No' },
      assignee: { _id: owner.id },
      createdAt: '2026-03-01T08:15:30.123Z',
      updatedAt: '2026-03-02T03:30:00.987Z',
    });
    expect(listed[0]).not.toHaveProperty('description');
    expect(listed[0]?.assignee).toBeNull();
  });

  it("is refused for another member's list", async () => {
    const stranger = await signedInEmployer(app, { hasEstablishedProfile: true });
    const response = await callApi(
      app,
      'GET',
      `/api/employer/job/get-all-jobs/${employer.id}`,
      stranger.token,
    );
    expect(response.statusCode).toBe(403);
  });
});
