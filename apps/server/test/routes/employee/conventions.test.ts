import { JOB_MESSAGES } from '@medhire/contract/jobs';
import { MATCH_MESSAGES } from '@medhire/contract/matches';
import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '../../domain/uploads/upload-fixtures.ts';
import { buildTestApp } from '../../helper.ts';
import * as convention from '../conventions-kit.ts';
import { latestCode, signedInEmployer, uniqueIp } from '../employer/auth-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  PHYSICIAN_PASSWORD,
  postAnotherJob,
  registerBody,
  type SignedInPhysician,
  signedInPhysician,
} from './physician-kit.ts';

/**
 * The API conventions on every physician route: the envelopes, truthful statuses, paging
 * answers, `_id` ids, account kinds, unknown and malformed ids, and the Bearer prefix.
 */

let app: FastifyInstance;
let physician: SignedInPhysician;
let employerToken: string;
let jobId: string;
let draftJobId: string;
let matchId: string;
let conversationId: string;

beforeAll(async () => {
  app = await buildTestApp();
  physician = await signedInPhysician(app);
  const { employer, job } = await employerWithOpenJob(app, { title: 'Family Physician, Austin' });
  employerToken = employer.token;
  jobId = job._id;
  draftJobId = (await postAnotherJob(app, employer, { title: 'Draft posting', status: 'draft' }))._id;
  const applied = await callApi(app, 'POST', `/api/employee/job/apply/${jobId}`, physician.token, {});
  expect(applied.statusCode, applied.body).toBe(200);

  const other = await employerWithOpenJob(app, { title: 'Hospitalist, Waco' });
  const accepted = await invite(app, other.employer, other.job._id, physician.profile._id);
  const answer = await callApi(app, 'PATCH', `/api/employee/match/respond/${accepted._id}`, physician.token, {
    status: 'accepted',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  conversationId = answer.json().data.conversationId;
  const third = await employerWithOpenJob(app, { title: 'Urgent Care Physician' });
  matchId = (await invite(app, third.employer, third.job._id, physician.profile._id))._id;
});
afterAll(async () => {
  await app.close();
});

const call: convention.CallRoute = (route, token) =>
  callApi(app, route.method, route.url, token, route.payload);

/** Every authenticated physician route, with a body it would accept. */
function authenticatedRoutes(): convention.ApiRoute[] {
  return [
    { method: 'POST', url: '/api/employee/auth/logout' },
    { method: 'GET', url: '/api/employee/profile/get-profile' },
    { method: 'PATCH', url: '/api/employee/profile/update-profile', payload: { yearsOfExperience: 8 } },
    { method: 'GET', url: '/api/employee/job/get-all-jobs' },
    { method: 'GET', url: `/api/employee/job/get-single-job/${jobId}` },
    { method: 'POST', url: `/api/employee/job/apply/${jobId}`, payload: {} },
    { method: 'GET', url: '/api/employee/job/get-applications' },
    { method: 'GET', url: '/api/employee/match/get-all-matches' },
    { method: 'PATCH', url: `/api/employee/match/respond/${matchId}`, payload: { status: 'declined' } },
    { method: 'GET', url: '/api/employee/conversation/get-all-conversation' },
    {
      method: 'POST',
      url: `/api/employee/conversation/send-message/${conversationId}`,
      payload: { body: 'Hello', tempMsgId: 'conventions-1' },
    },
  ];
}

describe('the success envelope', () => {
  it('answers {success:true, data} with ids as _id, and pages carry the named list, total, pageNumber, pageSize', async () => {
    await convention.expectPagedLists(call, physician.token, [
      ['/api/employee/job/get-all-jobs', 'jobs'],
      ['/api/employee/job/get-applications', 'applications'],
      ['/api/employee/match/get-all-matches', 'matches'],
      ['/api/employee/conversation/get-all-conversation', 'conversations'],
    ]);
    await convention.expectRecords(call, physician.token, [
      '/api/employee/profile/get-profile',
      `/api/employee/job/get-single-job/${jobId}`,
    ]);
  });

  it('accepts the session token with a Bearer prefix', async () => {
    for (const authorization of [`Bearer ${physician.token}`, `bearer ${physician.token}`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/employee/profile/get-profile',
        headers: { authorization },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode, authorization.slice(0, 7)).toBe(200);
      expect(response.json().data._id).toBe(physician.profile._id);
    }
  });
});

describe('the failure envelope', () => {
  it('answers 401 UNAUTHENTICATED on every physician route without a token or with a bad one', async () => {
    await convention.expectUnauthenticated(call, authenticatedRoutes(), 'not-a-session-token');
  });

  it('answers 403 FORBIDDEN to an employer token on every physician route, and changes nothing', async () => {
    await convention.expectRefusals(
      call,
      employerToken,
      authenticatedRoutes().map((route) => [route, PHYSICIAN_MESSAGES.employerOnPhysicianRoute] as const),
      403,
      'FORBIDDEN',
    );
    // The pending invite is still pending: the refused respond call did nothing.
    const matches = await callApi(app, 'GET', '/api/employee/match/get-all-matches', physician.token);
    expect(matches.json().data.matches.find((match: { _id: string }) => match._id === matchId)?.status).toBe(
      'pending',
    );
  });

  it('answers 404 NOT_FOUND for unknown and malformed ids, never 500', async () => {
    const cases: [convention.ApiRoute, string][] = [];
    for (const id of convention.MALFORMED_IDS) {
      cases.push(
        [{ method: 'GET', url: `/api/employee/job/get-single-job/${id}` }, JOB_MESSAGES.notFound],
        [{ method: 'POST', url: `/api/employee/job/apply/${id}`, payload: {} }, JOB_MESSAGES.notFound],
        [
          { method: 'PATCH', url: `/api/employee/match/respond/${id}`, payload: { status: 'accepted' } },
          MATCH_MESSAGES.notFound,
        ],
        [
          {
            method: 'POST',
            url: `/api/employee/conversation/send-message/${id}`,
            payload: { body: 'Hello', tempMsgId: `t-${id}` },
          },
          PHYSICIAN_MESSAGES.conversationNotFound,
        ],
      );
    }
    await convention.expectRefusals(call, physician.token, cases, 404, 'NOT_FOUND');
  });

  it("answers 404 for another organisation's draft job, on reading and applying", async () => {
    await convention.expectRefusals(
      call,
      physician.token,
      [
        [{ method: 'GET', url: `/api/employee/job/get-single-job/${draftJobId}` }, JOB_MESSAGES.notFound],
        [
          { method: 'POST', url: `/api/employee/job/apply/${draftJobId}`, payload: {} },
          JOB_MESSAGES.notFound,
        ],
      ],
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a huge or zero pageSize and a pageNumber below 1 on every paged list (400 VALIDATION_FAILED)', async () => {
    await convention.expectPagingRefused(call, physician.token, [
      '/api/employee/job/get-all-jobs',
      '/api/employee/job/get-applications',
      '/api/employee/match/get-all-matches',
      '/api/employee/conversation/get-all-conversation',
    ]);
  });

  it('names the field with VALIDATION_FAILED on every route with a body', async () => {
    const cases: [convention.ApiRoute, string][] = [
      [{ method: 'POST', url: '/api/employee/auth/login', payload: { email: 'x@y.example' } }, 'password: '],
      [
        { method: 'PATCH', url: '/api/employee/profile/update-profile', payload: { yearsOfExperience: -1 } },
        'yearsOfExperience: Years of experience cannot be negative.',
      ],
      [
        {
          method: 'POST',
          url: `/api/employee/job/apply/${jobId}`,
          payload: { coverLetter: 'x'.repeat(5001) },
        },
        'coverLetter: Keep the cover letter under 5,000 characters.',
      ],
      [
        { method: 'PATCH', url: `/api/employee/match/respond/${matchId}`, payload: { status: 'maybe' } },
        'status: Answer with accepted or declined.',
      ],
      [
        {
          method: 'POST',
          url: `/api/employee/conversation/send-message/${conversationId}`,
          payload: { body: '  ', tempMsgId: 'conventions-empty' },
        },
        'body: Write a message first.',
      ],
      [{ method: 'GET', url: '/api/employee/match/get-all-matches?status=maybe' }, 'status: '],
    ];
    for (const [route, expected] of cases) {
      const label = `${route.method} ${route.url}`;
      const message = convention.expectFailure(
        await callApi(app, route.method, route.url, physician.token, route.payload),
        400,
        'VALIDATION_FAILED',
        label,
      );
      expect(message.startsWith(expected), `${label}: ${message}`).toBe(true);
    }
  });
});

describe('GET /api/employee/job/get-applications', () => {
  it("pages the physician's own applications and never shows another physician's", async () => {
    const { job: second } = await employerWithOpenJob(app, { title: 'Second posting' });
    const applicant = await signedInPhysician(app);
    for (const id of [jobId, second._id]) {
      const applied = await callApi(app, 'POST', `/api/employee/job/apply/${id}`, applicant.token, {});
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const page = await callApi(
      app,
      'GET',
      '/api/employee/job/get-applications?pageSize=1&pageNumber=2',
      applicant.token,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(page.json().data.applications).toEqual([
      expect.objectContaining({ jobId, jobTitle: 'Family Physician, Austin' }),
    ]);

    const bystander = await signedInPhysician(app, { isComplete: false });
    const none = await callApi(app, 'GET', '/api/employee/job/get-applications', bystander.token);
    expect(none.json()).toEqual({
      success: true,
      data: { applications: [], total: 0, pageNumber: 1, pageSize: 10 },
    });
  });
});

describe('POST /api/employee/profile/upload-photo', () => {
  async function uploadPhoto(token: string | undefined, field = 'image') {
    const { payload, headers } = await multipartBody([
      { field, bytes: await pngImage(), type: 'image/png', filename: 'me.png' },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/employee/profile/upload-photo',
      payload,
      headers: token ? { ...headers, authorization: token } : headers,
      remoteAddress: uniqueIp(),
    });
  }

  it('answers the stored image in the success envelope', async () => {
    const response = await uploadPhoto(physician.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { url: expect.stringMatching(/^\/uploads\//) },
    });
    expect(convention.plainIdKeys(response.json().data)).toEqual([]);
  });

  it('names the field when the image is sent under another name (400)', async () => {
    const response = await uploadPhoto(physician.token, 'photo');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'image' })],
    });
  });

  it('refuses an employer (403) and an anonymous caller (401)', async () => {
    convention.expectFailure(await uploadPhoto(employerToken), 403, 'FORBIDDEN', 'employer');
    convention.expectFailure(await uploadPhoto(undefined), 401, 'UNAUTHENTICATED', 'anonymous');
  });
});

describe('signing in', () => {
  it('answers a registration with the e-mail the code went to, and its confirmation with the session', async () => {
    const body = registerBody();
    const response = await callApi(app, 'POST', '/api/employee/auth/register', undefined, body);
    expect(response.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { email: body.email },
    });
    const otp = await latestCode(app, body.email);
    const verified = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, {
      email: body.email,
      otp,
    });
    expect(verified.json()).toMatchObject({
      success: true,
      data: { token: expect.any(String), physician: { _id: expect.any(String), isComplete: false } },
    });
    expect(convention.plainIdKeys(verified.json().data)).toEqual([]);
  });

  it('answers a wrong password with 401 in the failure envelope, and a sign-in with the session', async () => {
    const wrong = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: physician.email,
      password: 'Wrong-password-1',
    });
    convention.expectFailure(wrong, 401, 'UNAUTHENTICATED', 'wrong password');
    const right = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: physician.email,
      password: PHYSICIAN_PASSWORD,
    });
    expect(right.json()).toMatchObject({
      success: true,
      data: { token: expect.any(String), physician: { _id: physician.profile._id } },
    });
  });

  it('refuses a physician token on the applicant, match and dashboard areas of employers (403)', async () => {
    const employer = await signedInEmployer(app, {
      hasEstablishedProfile: true,
      subscribedPlan: 'enterprise',
    });
    const userId = physician.profile.userId;
    for (const [method, url, payload] of [
      ['GET', `/api/employer/applicant/get-all-applicants/${userId}`],
      ['GET', `/api/employer/applicant/get-single-applicant/${physician.profile._id}`],
      ['POST', '/api/employer/match/create-match', { jobId, applicantId: physician.profile._id }],
      ['GET', `/api/employer/dashboard/get-summary/${employer.id}`],
    ] as [convention.Method, string, unknown?][]) {
      const message = convention.expectFailure(
        await callApi(app, method, url, physician.token, payload),
        403,
        'FORBIDDEN',
        url,
      );
      expect(message).toBe(PHYSICIAN_MESSAGES.physicianOnEmployerRoute);
    }
  });
});

describe('answers of the changing calls', () => {
  it('answer {success:true, message, data} with the changed record under _id', async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Night Hospitalist' });
    const caller = await signedInPhysician(app);
    const pending = await invite(app, employer, job._id, caller.profile._id);

    const updated = await callApi(app, 'PATCH', '/api/employee/profile/update-profile', caller.token, {
      yearsOfExperience: 9,
    });
    expect(updated.json()).toMatchObject({
      success: true,
      message: 'Your profile is saved.',
      data: { _id: caller.profile._id, yearsOfExperience: 9 },
    });

    const applied = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, caller.token, {});
    expect(applied.json()).toMatchObject({
      success: true,
      message: 'Your application is sent.',
      data: { _id: expect.any(String), jobId: job._id, jobTitle: 'Night Hospitalist' },
    });
    expect(convention.plainIdKeys(applied.json().data)).toEqual([]);

    const accepted = await callApi(app, 'PATCH', `/api/employee/match/respond/${pending._id}`, caller.token, {
      status: 'accepted',
    });
    expect(accepted.json()).toMatchObject({
      success: true,
      message: 'You accepted the invite. You can now message the employer.',
      data: { _id: pending._id, status: 'accepted', conversationId: expect.any(String) },
    });
    expect(convention.plainIdKeys(accepted.json().data)).toEqual([]);

    const sent = await callApi(
      app,
      'POST',
      `/api/employee/conversation/send-message/${accepted.json().data.conversationId}`,
      caller.token,
      { body: 'Thank you!', tempMsgId: 'answers-1' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, data: { message: { _id: expect.any(String) } } });
    expect(convention.plainIdKeys(sent.json().data)).toEqual([]);

    const loggedOut = await callApi(app, 'POST', '/api/employee/auth/logout', caller.token);
    expect(loggedOut.json()).toEqual({ success: true, message: 'You are signed out.', data: null });
  });

  it('answer conflicts (409) and broken rules (422) in the failure envelope with their codes', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const caller = await signedInPhysician(app);
    expect(
      (await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, caller.token, {})).statusCode,
    ).toBe(200);
    const twice = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, caller.token, {});
    expect(convention.expectFailure(twice, 409, 'CONFLICT', 'apply twice')).toBe(
      PHYSICIAN_MESSAGES.alreadyApplied,
    );

    const newcomer = await signedInPhysician(app, { isComplete: false });
    const incomplete = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, newcomer.token, {});
    expect(convention.expectFailure(incomplete, 422, 'BUSINESS_RULE', 'incomplete')).toBe(
      PHYSICIAN_MESSAGES.profileIncomplete,
    );

    const closed = await postAnotherJob(app, employer);
    const closing = await callApi(
      app,
      'PATCH',
      `/api/employer/job/update-job-status/${closed._id}`,
      employer.token,
      {
        status: 'closed',
      },
    );
    expect(closing.statusCode).toBe(200);
    const late = await callApi(app, 'POST', `/api/employee/job/apply/${closed._id}`, caller.token, {});
    expect(convention.expectFailure(late, 422, 'BUSINESS_RULE', 'closed job')).toBe(
      PHYSICIAN_MESSAGES.jobNotOpen,
    );

    const pending = await invite(app, employer, job._id, caller.profile._id);
    const respond = (status: string) =>
      callApi(app, 'PATCH', `/api/employee/match/respond/${pending._id}`, caller.token, { status });
    expect((await respond('declined')).statusCode).toBe(200);
    expect(convention.expectFailure(await respond('accepted'), 422, 'BUSINESS_RULE', 'final')).toBe(
      MATCH_MESSAGES.alreadyFinal('declined'),
    );
  });
});
