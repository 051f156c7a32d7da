import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import { JOB_MESSAGES } from '@medhire/contract/jobs';
import { MATCH_MESSAGES } from '@medhire/contract/matches';
import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, matches, savedApplicants } from '../../../src/db/schema/hiring.ts';
import { buildTestApp } from '../../helper.ts';
import * as convention from '../conventions-kit.ts';
import { signedInPhysician } from '../employee/physician-kit.ts';
import { apply, callApi, createPhysician, invite } from './applicant-kit.ts';
import { signedInEmployer, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';

/**
 * The API conventions on the employer's applicant, match and dashboard routes: the envelopes,
 * truthful statuses, paging answers, `_id` ids, account kinds, unknown and malformed ids, and
 * the Bearer prefix.
 */

let app: FastifyInstance;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;
let rival: Awaited<ReturnType<typeof signedInEmployer>>;
let jobId: string;
let rivalJobId: string;
let physicianId: string;
let applicationId: string;
let matchId: string;

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  rival = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  jobId = (await createJobThroughApi(app, employer, minimalJobBody({ title: 'Family Physician' })))._id;
  rivalJobId = (await createJobThroughApi(app, rival, minimalJobBody({ title: 'Rival posting' })))._id;
  physicianId = await createPhysician(app, { firstName: 'Jane', lastName: 'Doe' });
  applicationId = await apply(app, physicianId, jobId);
  const invited = await createPhysician(app, { firstName: 'John', lastName: 'Smith' });
  matchId = await invite(app, employer.id, jobId, invited);
  const saved = await callApi(
    app,
    'POST',
    `/employer/applicant/save-applicant/${physicianId}`,
    employer.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const call: convention.CallRoute = (route, token) =>
  callApi(app, route.method, route.url, token, route.payload);

/** Every route of the three areas, with a body it would accept. */
function everyRoute(): convention.ApiRoute[] {
  return [
    { method: 'GET', url: `/employer/applicant/get-all-applicants/${employer.id}` },
    { method: 'GET', url: `/employer/applicant/get-saved-applicants/${employer.id}` },
    { method: 'GET', url: `/employer/applicant/explore/${employer.id}` },
    { method: 'GET', url: `/employer/applicant/get-single-applicant/${physicianId}` },
    { method: 'POST', url: `/employer/applicant/save-applicant/${physicianId}` },
    { method: 'DELETE', url: `/employer/applicant/unsave-applicant/${physicianId}` },
    {
      method: 'PATCH',
      url: `/employer/applicant/update-pipeline-status/${applicationId}`,
      payload: { pipelineStatus: 'Offer' },
    },
    { method: 'GET', url: `/employer/applicant/get-recommended-applicants/${jobId}` },
    { method: 'POST', url: '/employer/match/create-match', payload: { jobId, applicantId: physicianId } },
    { method: 'GET', url: `/employer/match/get-all-matches/${employer.id}` },
    { method: 'GET', url: `/employer/match/get-matches-by-job/${jobId}` },
    {
      method: 'PATCH',
      url: `/employer/match/update-match-status/${matchId}`,
      payload: { status: 'cancelled' },
    },
    { method: 'GET', url: `/employer/dashboard/get-summary/${employer.id}` },
  ];
}

/** Nothing the refused calls could have changed has changed. */
async function expectUntouched() {
  const [application] = await app.db.select().from(applications).where(eq(applications.id, applicationId));
  expect(application?.pipelineStatus).toBe('Submitted');
  const [match] = await app.db.select().from(matches).where(eq(matches.id, matchId));
  expect(match?.status).toBe('pending');
  const saved = await app.db
    .select()
    .from(savedApplicants)
    .where(and(eq(savedApplicants.physicianId, physicianId)));
  expect(saved).toHaveLength(1);
  expect(await app.db.select().from(matches).where(eq(matches.physicianId, physicianId))).toEqual([]);
}

describe('the success envelope', () => {
  it('answers {success:true, data} with ids as _id, and pages carry the named list, total, pageNumber, pageSize', async () => {
    await convention.expectPagedLists(
      call,
      employer.token,
      [
        [`/employer/applicant/get-all-applicants/${employer.id}`, 'applicants'],
        [`/employer/applicant/get-saved-applicants/${employer.id}`, 'applicants'],
        [`/employer/applicant/explore/${employer.id}`, 'applicants'],
        [`/employer/applicant/get-recommended-applicants/${jobId}`, 'applicants'],
        [`/employer/match/get-all-matches/${employer.id}`, 'matches'],
        [`/employer/match/get-matches-by-job/${jobId}`, 'matches'],
      ],
      { isNonEmpty: true },
    );
    await convention.expectRecords(
      call,
      employer.token,
      [
        `/employer/applicant/get-single-applicant/${physicianId}`,
        `/employer/dashboard/get-summary/${employer.id}`,
      ],
      { hasId: false },
    );
  });

  it('accepts the session token with a Bearer prefix', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/applicant/get-single-applicant/${physicianId}`,
      headers: { authorization: `Bearer ${employer.token}` },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data._id).toBe(physicianId);
  });
});

describe('the failure envelope', () => {
  it('answers 401 UNAUTHENTICATED on every route without a token or with a bad one', async () => {
    await convention.expectUnauthenticated(call, everyRoute(), 'Bearer not-a-session-token');
    await expectUntouched();
  });

  it('answers 403 FORBIDDEN to a physician token on every route, and changes nothing', async () => {
    const physician = await signedInPhysician(app);
    await convention.expectRefusals(
      call,
      physician.token,
      everyRoute().map((route) => [route, PHYSICIAN_MESSAGES.physicianOnEmployerRoute] as const),
      403,
      'FORBIDDEN',
    );
    await expectUntouched();
  });

  it("answers 403 FORBIDDEN for another user's id and for a malformed one on every {userId} route", async () => {
    for (const userId of [rival.id, convention.UNKNOWN_ID, 'not-a-uuid']) {
      for (const url of [
        `/employer/applicant/get-all-applicants/${userId}`,
        `/employer/applicant/get-saved-applicants/${userId}`,
        `/employer/applicant/explore/${userId}`,
        `/employer/match/get-all-matches/${userId}`,
        `/employer/dashboard/get-summary/${userId}`,
      ]) {
        convention.expectFailure(await callApi(app, 'GET', url, employer.token), 403, 'FORBIDDEN', url);
      }
    }
  });

  it('answers 404 NOT_FOUND for unknown, malformed and other organisations’ ids, never 500', async () => {
    const cases: [convention.ApiRoute, string][] = [];
    for (const id of [...convention.MALFORMED_IDS, rivalJobId]) {
      cases.push(
        [
          { method: 'GET', url: `/employer/applicant/get-recommended-applicants/${id}` },
          JOB_MESSAGES.notFound,
        ],
        [{ method: 'GET', url: `/employer/match/get-matches-by-job/${id}` }, JOB_MESSAGES.notFound],
        [
          { method: 'GET', url: `/employer/applicant/get-all-applicants/${employer.id}?jobId=${id}` },
          JOB_MESSAGES.notFound,
        ],
        [
          {
            method: 'POST',
            url: '/employer/match/create-match',
            payload: { jobId: id, applicantId: physicianId },
          },
          JOB_MESSAGES.notFound,
        ],
      );
    }
    for (const id of convention.MALFORMED_IDS) {
      cases.push(
        [
          { method: 'GET', url: `/employer/applicant/get-single-applicant/${id}` },
          APPLICANT_MESSAGES.notFound,
        ],
        [{ method: 'POST', url: `/employer/applicant/save-applicant/${id}` }, APPLICANT_MESSAGES.notFound],
        [
          {
            method: 'PATCH',
            url: `/employer/applicant/update-pipeline-status/${id}`,
            payload: { pipelineStatus: 'Offer' },
          },
          APPLICANT_MESSAGES.applicationNotFound,
        ],
        [
          { method: 'POST', url: '/employer/match/create-match', payload: { jobId, applicantId: id } },
          APPLICANT_MESSAGES.notFound,
        ],
        [
          {
            method: 'PATCH',
            url: `/employer/match/update-match-status/${id}`,
            payload: { status: 'cancelled' },
          },
          MATCH_MESSAGES.notFound,
        ],
      );
    }
    for (const id of convention.MALFORMED_IDS.filter((candidate) => candidate !== convention.UNKNOWN_ID)) {
      cases.push([
        { method: 'DELETE', url: `/employer/applicant/unsave-applicant/${id}` },
        APPLICANT_MESSAGES.notFound,
      ]);
    }
    await convention.expectRefusals(call, employer.token, cases, 404, 'NOT_FOUND');
    // Another organisation knows nothing of this organisation's application or match.
    for (const [route, expected] of [
      [
        {
          method: 'PATCH',
          url: `/employer/applicant/update-pipeline-status/${applicationId}`,
          payload: { pipelineStatus: 'Offer' },
        },
        APPLICANT_MESSAGES.applicationNotFound,
      ],
      [
        {
          method: 'PATCH',
          url: `/employer/match/update-match-status/${matchId}`,
          payload: { status: 'cancelled' },
        },
        MATCH_MESSAGES.notFound,
      ],
    ] as [convention.ApiRoute, string][]) {
      const message = convention.expectFailure(
        await callApi(app, route.method, route.url, rival.token, route.payload),
        404,
        'NOT_FOUND',
        `rival ${route.url}`,
      );
      expect(message).toBe(expected);
    }
    await expectUntouched();
  });

  it('refuses a huge or zero pageSize and a pageNumber below 1 on every paged list (400 VALIDATION_FAILED)', async () => {
    await convention.expectPagingRefused(call, employer.token, [
      `/employer/applicant/get-all-applicants/${employer.id}`,
      `/employer/applicant/get-saved-applicants/${employer.id}`,
      `/employer/applicant/explore/${employer.id}`,
      `/employer/applicant/get-recommended-applicants/${jobId}`,
      `/employer/match/get-all-matches/${employer.id}`,
      `/employer/match/get-matches-by-job/${jobId}`,
    ]);
  });
});

describe('answers of the changing calls', () => {
  it('answer {success:true, message, data} with the changed record under _id', async () => {
    const physician = await createPhysician(app, { firstName: 'Lena', lastName: 'Park' });
    const otherApplication = await apply(app, physician, jobId);
    const cases: [convention.ApiRoute, (data: Record<string, unknown>) => void][] = [
      [
        { method: 'POST', url: `/employer/applicant/save-applicant/${physician}` },
        (data) => expect(data).toMatchObject({ _id: physician, isSaved: true }),
      ],
      [
        { method: 'DELETE', url: `/employer/applicant/unsave-applicant/${physician}` },
        (data) => expect(data).toEqual({ _id: physician }),
      ],
      [
        {
          method: 'PATCH',
          url: `/employer/applicant/update-pipeline-status/${otherApplication}`,
          payload: { pipelineStatus: 'Interview' },
        },
        (data) =>
          expect(data).toMatchObject({
            _id: physician,
            applications: [expect.objectContaining({ _id: otherApplication, pipelineStatus: 'Interview' })],
          }),
      ],
      [
        { method: 'POST', url: '/employer/match/create-match', payload: { jobId, applicantId: physician } },
        (data) =>
          expect(data).toMatchObject({
            status: 'pending',
            job: { _id: jobId },
            applicant: { _id: physician },
          }),
      ],
    ];
    for (const [route, check] of cases) {
      const label = `${route.method} ${route.url}`;
      const response = await callApi(app, route.method, route.url, employer.token, route.payload);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
      const body = response.json();
      expect(body.success, label).toBe(true);
      expect(body.message, label).toEqual(expect.any(String));
      check(body.data);
      expect(convention.plainIdKeys(body.data), label).toEqual([]);
    }
    const [created] = await app.db.select().from(matches).where(eq(matches.physicianId, physician));
    const cancelled = await callApi(
      app,
      'PATCH',
      `/employer/match/update-match-status/${created?.id}`,
      employer.token,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.json()).toMatchObject({
      success: true,
      message: 'The invite is canceled.',
      data: { _id: created?.id, status: 'cancelled' },
    });
  });

  it('answer conflicts (409) and broken rules (422) in the failure envelope with their codes', async () => {
    const physician = await createPhysician(app, { firstName: 'Omar', lastName: 'Haddad' });
    const first = await callApi(app, 'POST', '/employer/match/create-match', employer.token, {
      jobId,
      applicantId: physician,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await callApi(app, 'POST', '/employer/match/create-match', employer.token, {
      jobId,
      applicantId: physician,
    });
    expect(convention.expectFailure(again, 409, 'CONFLICT', 'second invite')).toBe(
      MATCH_MESSAGES.activeExists,
    );

    const matchOf = first.json().data._id as string;
    const cancel = () =>
      callApi(app, 'PATCH', `/employer/match/update-match-status/${matchOf}`, employer.token, {
        status: 'cancelled',
      });
    expect((await cancel()).statusCode).toBe(200);
    convention.expectFailure(await cancel(), 422, 'BUSINESS_RULE', 'cancel twice');
    const accept = await callApi(
      app,
      'PATCH',
      `/employer/match/update-match-status/${matchId}`,
      employer.token,
      {
        status: 'accepted',
      },
    );
    expect(convention.expectFailure(accept, 422, 'BUSINESS_RULE', 'employer accepts')).toBe(
      MATCH_MESSAGES.onlyCancel,
    );
  });
});

describe('an employer whose organisation is not established yet', () => {
  it('sees empty lists and 404s, never a server error', async () => {
    const newcomer = await signedInEmployer(app);
    for (const url of [
      `/employer/applicant/get-all-applicants/${newcomer.id}`,
      `/employer/applicant/get-saved-applicants/${newcomer.id}`,
      `/employer/match/get-all-matches/${newcomer.id}`,
    ]) {
      const response = await callApi(app, 'GET', url, newcomer.token);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json().data.total, url).toBe(0);
    }
    const explored = await callApi(app, 'GET', `/employer/applicant/explore/${newcomer.id}`, newcomer.token);
    expect(explored.statusCode, explored.body).toBe(200);
    for (const [route, expected] of [
      [
        { method: 'GET', url: `/employer/applicant/get-single-applicant/${physicianId}` },
        APPLICANT_MESSAGES.notFound,
      ],
      [
        { method: 'POST', url: `/employer/applicant/save-applicant/${physicianId}` },
        APPLICANT_MESSAGES.notFound,
      ],
      [
        {
          method: 'PATCH',
          url: `/employer/applicant/update-pipeline-status/${applicationId}`,
          payload: { pipelineStatus: 'Offer' },
        },
        APPLICANT_MESSAGES.applicationNotFound,
      ],
      [
        { method: 'GET', url: `/employer/applicant/get-recommended-applicants/${jobId}` },
        JOB_MESSAGES.notFound,
      ],
      [{ method: 'GET', url: `/employer/match/get-matches-by-job/${jobId}` }, JOB_MESSAGES.notFound],
      [
        { method: 'POST', url: '/employer/match/create-match', payload: { jobId, applicantId: physicianId } },
        JOB_MESSAGES.notFound,
      ],
      [
        {
          method: 'PATCH',
          url: `/employer/match/update-match-status/${matchId}`,
          payload: { status: 'cancelled' },
        },
        MATCH_MESSAGES.notFound,
      ],
    ] as [convention.ApiRoute, string][]) {
      const label = `${route.method} ${route.url}`;
      expect(
        convention.expectFailure(
          await callApi(app, route.method, route.url, newcomer.token, route.payload),
          404,
          'NOT_FOUND',
          label,
        ),
      ).toBe(expected);
    }
    await expectUntouched();
  });
});
