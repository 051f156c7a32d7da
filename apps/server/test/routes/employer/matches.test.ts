import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import { JOB_MESSAGES } from '@medhire/contract/jobs';
import { MATCH_MESSAGES, type TMatch, type TMatchList } from '@medhire/contract/matches';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, matches } from '../../../src/db/schema/hiring.ts';
import { createMatch } from '../../../src/domain/matches/create-match.ts';
import { insertPhysician } from '../../domain/matching/physician-rows.ts';
import { buildTestApp } from '../../helper.ts';
import { signedInEmployer, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';

let app: FastifyInstance;
type Employer = Awaited<ReturnType<typeof signedInEmployer>>;
let employer: Employer;
let organizationId: string;
let openJobId: string;

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  organizationId = employer.session.user.organizationId ?? '';
  openJobId = (
    await createJobThroughApi(app, employer, minimalJobBody({ title: 'Family Physician, Austin' }))
  )._id;
});
afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'PATCH' | 'POST', url: string, token: string | undefined, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/employer/match${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

async function invite(token: string, jobId: string, applicantId: string, message?: string) {
  return call('POST', '/create-match', token, { jobId, applicantId, message });
}

async function invited(token: string, jobId: string, applicantId: string): Promise<TMatch> {
  const response = await invite(token, jobId, applicantId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TMatch;
}

function setStatus(token: string, matchId: string, status: string) {
  return call('PATCH', `/update-match-status/${matchId}`, token, { status });
}

describe('POST /api/employer/match/create-match', () => {
  it('invites a visible physician to an open job as a pending match', async () => {
    const physicianId = await insertPhysician(app.db, { firstName: 'Maya', lastName: 'Ortiz' });
    const response = await invite(employer.token, openJobId, physicianId, '  We would love to meet you.  ');
    expect(response.statusCode, response.body).toBe(200);
    const match = response.json().data as TMatch;
    expect(match).toEqual({
      _id: expect.any(String),
      status: 'pending',
      job: { _id: openJobId, title: 'Family Physician, Austin', specialty: 'Family Medicine' },
      applicant: {
        _id: physicianId,
        fullName: 'Dr. Maya Ortiz',
        photo: null,
        specialty: 'Family Medicine',
        homeLocation: 'Austin, TX',
      },
      message: 'We would love to meet you.',
      createdAt: expect.any(String),
      respondedAt: null,
      conversationId: null,
    });
    const [stored] = await app.db.select().from(matches).where(eq(matches.id, match._id));
    expect(stored).toMatchObject({ organizationId, invitedByUserId: employer.id, status: 'pending' });
  });

  it('refuses a body without a job or with a message too long (400 with the field message)', async () => {
    const physicianId = await insertPhysician(app.db);
    const withoutJob = await call('POST', '/create-match', employer.token, { applicantId: physicianId });
    expect(withoutJob.statusCode).toBe(400);
    expect(withoutJob.json().error.message).toBe('jobId: Choose the job.');

    const tooLong = await invite(employer.token, openJobId, physicianId, 'x'.repeat(2001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('message: Keep the invite message under 2,000 characters.');
  });

  it('answers 404 for another organisation’s job and for a job id that is not one', async () => {
    const other = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
    const theirJob = await createJobThroughApi(app, other, minimalJobBody());
    const physicianId = await insertPhysician(app.db);
    for (const jobId of [theirJob._id, 'not-a-job']) {
      const response = await invite(employer.token, jobId, physicianId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
    expect(await app.db.select().from(matches).where(eq(matches.physicianId, physicianId))).toEqual([]);
  });

  it('refuses a closed or draft job (422)', async () => {
    const physicianId = await insertPhysician(app.db);
    const draft = await createJobThroughApi(app, employer, minimalJobBody({ status: 'draft' }));
    const closed = await createJobThroughApi(app, employer, minimalJobBody());
    const closing = await app.inject({
      method: 'PATCH',
      url: `/api/employer/job/update-job-status/${closed._id}`,
      payload: { status: 'closed' },
      headers: { authorization: employer.token },
    });
    expect(closing.statusCode).toBe(200);
    for (const job of [draft, closed]) {
      const response = await invite(employer.token, job._id, physicianId);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(MATCH_MESSAGES.jobNotOpen);
    }
  });

  it('answers 404 for a physician the organisation cannot see, and invites one who applied', async () => {
    const hidden = await insertPhysician(app.db, { isDiscoverable: false });
    const incomplete = await insertPhysician(app.db, { boardStatus: null });
    for (const applicantId of [
      hidden,
      incomplete,
      'not-a-physician',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await invite(employer.token, openJobId, applicantId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(APPLICANT_MESSAGES.notFound);
    }

    // Hidden from search, but they applied to one of the organisation's jobs.
    await app.db.insert(applications).values({ jobId: openJobId, organizationId, physicianId: hidden });
    const afterApplying = await invite(employer.token, openJobId, hidden);
    expect(afterApplying.statusCode, afterApplying.body).toBe(200);
  });

  it('refuses a second open or accepted invite for the same job and physician (409)', async () => {
    const physicianId = await insertPhysician(app.db);
    const first = await invited(employer.token, openJobId, physicianId);
    const again = await invite(employer.token, openJobId, physicianId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MATCH_MESSAGES.activeExists);

    await app.db.update(matches).set({ status: 'accepted' }).where(eq(matches.id, first._id));
    const afterAccept = await invite(employer.token, openJobId, physicianId);
    expect(afterAccept.statusCode).toBe(409);

    // The same physician for another job is a different invite.
    const otherJob = await createJobThroughApi(app, employer, minimalJobBody());
    expect((await invite(employer.token, otherJob._id, physicianId)).statusCode).toBe(200);
  });

  it('allows a new invite after the physician declined or the employer cancelled', async () => {
    const physicianId = await insertPhysician(app.db);
    const declined = await invited(employer.token, openJobId, physicianId);
    await app.db.update(matches).set({ status: 'declined' }).where(eq(matches.id, declined._id));
    const second = await invited(employer.token, openJobId, physicianId);
    expect(second._id).not.toBe(declined._id);
    expect((await setStatus(employer.token, second._id, 'cancelled')).statusCode).toBe(200);
    const third = await invited(employer.token, openJobId, physicianId);
    expect(third.status).toBe('pending');
  });

  it('answers 401 without a token', async () => {
    const response = await invite('', openJobId, await insertPhysician(app.db));
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/employer/match/update-match-status/{matchId}', () => {
  it('cancels a pending invite, then refuses to change it again', async () => {
    const match = await invited(employer.token, openJobId, await insertPhysician(app.db));
    const cancelled = await setStatus(employer.token, match._id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toEqual({ ...match, status: 'cancelled' });
    expect(cancelled.json().data).not.toHaveProperty('subscriptionMeta');

    const again = await setStatus(employer.token, match._id, 'cancelled');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(
      'This invite was already canceled; its status can no longer change.',
    );
  });

  it('leaves accepting, declining and re-opening to the physician (422)', async () => {
    const match = await invited(employer.token, openJobId, await insertPhysician(app.db));
    for (const status of ['accepted', 'declined', 'pending']) {
      const response = await setStatus(employer.token, match._id, status);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(MATCH_MESSAGES.onlyCancel);
    }
    const [stored] = await app.db.select().from(matches).where(eq(matches.id, match._id));
    expect(stored?.status).toBe('pending');
  });

  it('refuses to cancel an invite the physician already answered (422)', async () => {
    const match = await invited(employer.token, openJobId, await insertPhysician(app.db));
    await app.db.update(matches).set({ status: 'accepted' }).where(eq(matches.id, match._id));
    const response = await setStatus(employer.token, match._id, 'cancelled');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(MATCH_MESSAGES.alreadyFinal('accepted'));
  });

  it('answers 404 for another organisation’s match or an unknown id', async () => {
    const match = await invited(employer.token, openJobId, await insertPhysician(app.db));
    const other = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
    for (const [token, matchId] of [
      [other.token, match._id],
      [employer.token, '00000000-0000-4000-8000-000000000000'],
      [employer.token, 'not-a-match'],
    ] as const) {
      const response = await setStatus(token, matchId, 'cancelled');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(MATCH_MESSAGES.notFound);
    }
    const [stored] = await app.db.select().from(matches).where(eq(matches.id, match._id));
    expect(stored?.status).toBe('pending');
  });

  it('refuses a status that is not one (400) and a missing token (401)', async () => {
    const match = await invited(employer.token, openJobId, await insertPhysician(app.db));
    const invalid = await setStatus(employer.token, match._id, 'archived');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toMatch(/^status: /);
    expect((await setStatus('', match._id, 'cancelled')).statusCode).toBe(401);
  });
});

describe('match lists', () => {
  let lister: Employer;
  let jobA: string;
  let jobB: string;
  /** Ids by creation, oldest first. */
  const created: { id: string; jobId: string; status: string }[] = [];

  beforeAll(async () => {
    lister = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
    jobA = (await createJobThroughApi(app, lister, minimalJobBody({ title: 'Job A' })))._id;
    jobB = (await createJobThroughApi(app, lister, minimalJobBody({ title: 'Job B' })))._id;
    const owner = { userId: lister.id, organizationId: lister.session.user.organizationId };
    const start = Date.parse('2026-03-01T12:00:00Z');
    for (let index = 0; index < 5; index += 1) {
      const jobId = index < 3 ? jobA : jobB;
      const match = await createMatch({
        db: app.db,
        owner,
        jobId,
        applicantId: await insertPhysician(app.db, { lastName: `Number${index}` }),
        now: new Date(start + index * 60_000),
      });
      created.push({ id: match._id, jobId, status: 'pending' });
    }
    // The second invite was cancelled.
    const second = created[1];
    if (second) {
      await app.db.update(matches).set({ status: 'cancelled' }).where(eq(matches.id, second.id));
      second.status = 'cancelled';
    }
    // Another organisation's invite never shows.
    await invited(employer.token, openJobId, await insertPhysician(app.db));
  });

  async function list(url: string, token = lister.token): Promise<TMatchList> {
    const response = await call('GET', url, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TMatchList;
  }
  const idsOf = (page: TMatchList) => page.matches.map((match) => match._id);
  const newestFirst = () => [...created].reverse();

  it('lists all of the organisation’s matches newest first, paged', async () => {
    const firstPage = await list(`/get-all-matches/${lister.id}?pageSize=2&pageNumber=1`);
    expect(firstPage).toMatchObject({ total: 5, pageNumber: 1, pageSize: 2 });
    expect(idsOf(firstPage)).toEqual(
      newestFirst()
        .slice(0, 2)
        .map((match) => match.id),
    );
    const lastPage = await list(`/get-all-matches/${lister.id}?pageSize=2&pageNumber=3`);
    expect(idsOf(lastPage)).toEqual([created[0]?.id]);
    const beyond = await list(`/get-all-matches/${lister.id}?pageSize=2&pageNumber=4`);
    expect(beyond).toMatchObject({ matches: [], total: 5 });
  });

  it('filters all matches by status and by job', async () => {
    const pending = await list(`/get-all-matches/${lister.id}?status=pending`);
    expect(idsOf(pending)).toEqual(
      newestFirst()
        .filter((match) => match.status === 'pending')
        .map((match) => match.id),
    );
    expect(pending.total).toBe(4);
    const ofJobB = await list(`/get-all-matches/${lister.id}?jobId=${jobB}`);
    expect(idsOf(ofJobB)).toEqual(
      newestFirst()
        .filter((match) => match.jobId === jobB)
        .map((match) => match.id),
    );
    const cancelledOfA = await list(`/get-all-matches/${lister.id}?jobId=${jobA}&status=cancelled`);
    expect(idsOf(cancelledOfA)).toEqual([created[1]?.id]);
    const foreignJob = await list(`/get-all-matches/${lister.id}?jobId=${openJobId}`);
    expect(foreignJob.total).toBe(0);
  });

  it('lists one job’s matches with a status filter and paging', async () => {
    const ofJobA = await list(`/get-matches-by-job/${jobA}`);
    expect(ofJobA.total).toBe(3);
    expect(idsOf(ofJobA)).toEqual(
      newestFirst()
        .filter((match) => match.jobId === jobA)
        .map((match) => match.id),
    );
    expect(ofJobA.matches[0]?.job).toMatchObject({ _id: jobA, title: 'Job A' });
    const pendingPage = await list(`/get-matches-by-job/${jobA}?status=pending&pageSize=1&pageNumber=2`);
    expect(pendingPage).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(idsOf(pendingPage)).toEqual([created[0]?.id]);
  });

  it('refuses another user’s id (403) and another organisation’s job (404)', async () => {
    const forbidden = await call('GET', `/get-all-matches/${employer.id}`, lister.token);
    expect(forbidden.statusCode).toBe(403);
    for (const jobId of [openJobId, 'not-a-job']) {
      const response = await call('GET', `/get-matches-by-job/${jobId}`, lister.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
  });

  it('refuses a page size over 200 or a status that is not one (400), and a missing token (401)', async () => {
    const tooBig = await call('GET', `/get-all-matches/${lister.id}?pageSize=201`, lister.token);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toMatch(/^pageSize: /);
    const badStatus = await call('GET', `/get-matches-by-job/${jobA}?status=maybe`, lister.token);
    expect(badStatus.statusCode).toBe(400);
    expect((await call('GET', `/get-all-matches/${lister.id}`, undefined)).statusCode).toBe(401);
    expect((await call('GET', `/get-matches-by-job/${jobA}`, undefined)).statusCode).toBe(401);
  });
});
