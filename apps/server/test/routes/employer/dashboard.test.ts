import type { TDashboardSummary } from '@medhire/contract/dashboard';
import type { TJob } from '@medhire/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveApplicant } from '../../../src/domain/applicants/save-applicant.ts';
import { updatePipelineStatus } from '../../../src/domain/applicants/update-pipeline-status.ts';
import { updateMatchStatus } from '../../../src/domain/matches/update-match-status.ts';
import { buildTestApp } from '../../helper.ts';
import {
  answerInvite,
  apply,
  callApi,
  createNamedPhysicians,
  hoursAgo,
  invite,
  ownerOf,
} from './applicant-kit.ts';
import { signedInEmployer } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';

let app: FastifyInstance;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;
let rival: Awaited<ReturnType<typeof signedInEmployer>>;
let familyJob: TJob;
let hospitalistJob: TJob;
const ids = { jane: '', john: '', maria: '', lena: '' };
const DAY = 24;
/** When each application was made, for the weekly figures. */
const appliedAt: Date[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  rival = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  familyJob = await createJobThroughApi(app, employer, minimalJobBody({ title: 'Family Physician' }));
  hospitalistJob = await createJobThroughApi(app, employer, minimalJobBody({ title: 'Hospitalist' }));
  await createJobThroughApi(app, employer, minimalJobBody({ title: 'Draft posting', status: 'draft' }));
  const closed = await createJobThroughApi(app, employer, minimalJobBody({ title: 'Closed posting' }));
  await callApi(app, 'PATCH', `/employer/job/update-job-status/${closed._id}`, employer.token, {
    status: 'closed',
  });
  await createJobThroughApi(app, rival, minimalJobBody({ title: 'Rival posting' }));

  Object.assign(
    ids,
    await createNamedPhysicians(app, {
      jane: { firstName: 'Jane', lastName: 'Doe' },
      john: { firstName: 'John', lastName: 'Smith' },
      maria: { firstName: 'Maria', lastName: 'Garcia' },
      lena: { firstName: 'Lena', lastName: 'Park' },
    }),
  );

  const applied: [string, string, number][] = [
    [ids.jane, familyJob._id, 2 * DAY],
    [ids.john, familyJob._id, 10 * DAY],
    [ids.maria, familyJob._id, 20 * DAY],
    [ids.jane, hospitalistJob._id, 3 * DAY],
    [ids.lena, hospitalistJob._id, 70 * DAY],
  ];
  const applicationIds: string[] = [];
  for (const [physicianId, jobId, hours] of applied) {
    appliedAt.push(hoursAgo(hours));
    applicationIds.push(await apply(app, physicianId, jobId, hoursAgo(hours)));
  }
  const owner = await ownerOf(app, employer.id);
  await updatePipelineStatus({
    db: app.db,
    owner,
    applicationId: applicationIds[1] ?? '',
    pipelineStatus: 'Interview',
    now: hoursAgo(26),
  });
  await saveApplicant({ db: app.db, owner, applicantId: ids.lena });

  await invite(app, employer.id, hospitalistJob._id, ids.maria, hoursAgo(6));
  const accepted = await invite(app, employer.id, hospitalistJob._id, ids.john, hoursAgo(12));
  await answerInvite(app, accepted, 'accepted', hoursAgo(2));
  const declined = await invite(app, employer.id, familyJob._id, ids.lena, hoursAgo(24));
  await answerInvite(app, declined, 'declined', hoursAgo(0.5));
  const cancelled = await invite(app, employer.id, familyJob._id, ids.jane, hoursAgo(3));
  await updateMatchStatus({ db: app.db, owner, matchId: cancelled, status: 'cancelled', now: hoursAgo(1) });
});
afterAll(async () => {
  await app.close();
});

async function summaryOf(user: { id: string; token: string }): Promise<TDashboardSummary> {
  const response = await callApi(app, 'GET', `/employer/dashboard/get-summary/${user.id}`, user.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TDashboardSummary;
}

describe('GET /api/employer/dashboard/get-summary/{userId}', () => {
  it('counts jobs, applicants, saved physicians, matches and the pipeline of the organisation', async () => {
    const summary = await summaryOf(employer);
    expect(summary).toMatchObject({
      openJobs: 2,
      draftJobs: 1,
      totalApplicants: 4,
      newApplicants: 2,
      savedApplicants: 1,
      matchesByStatus: { pending: 1, accepted: 1, declined: 1, cancelled: 1 },
      pipeline: { Shortlisted: 0, Submitted: 4, Rejected: 0, Interview: 1, Offer: 0, Hired: 0 },
    });
  });

  it('counts applications per week for the last 8 weeks, weeks starting on Monday', async () => {
    const { applicationsByWeek } = await summaryOf(employer);
    expect(applicationsByWeek).toHaveLength(8);
    const starts = applicationsByWeek.map((week) => Date.parse(`${week.weekStart}T00:00:00Z`));
    for (const [index, start] of starts.entries()) {
      expect(new Date(start).getUTCDay()).toBe(1);
      if (index > 0) expect(start - (starts[index - 1] ?? 0)).toBe(7 * DAY * 3_600_000);
    }
    const lastStart = starts.at(-1) ?? 0;
    expect(Date.now()).toBeGreaterThanOrEqual(lastStart);
    expect(Date.now()).toBeLessThan(lastStart + 7 * DAY * 3_600_000);

    const expected = starts.map(
      (start) =>
        appliedAt.filter((at) => at.getTime() >= start && at.getTime() < start + 7 * DAY * 3_600_000).length,
    );
    expect(applicationsByWeek.map((week) => week.count)).toEqual(expected);
    // The application of 70 days ago is older than the 8 weeks shown.
    expect(expected.reduce((sum, count) => sum + count, 0)).toBe(4);
  });

  it('shows the 10 latest events, newest first: answers, invites, moves and applications', async () => {
    const { recentActivity } = await summaryOf(employer);
    expect(recentActivity.map((event) => [event.type, event.applicantId])).toEqual([
      ['invite-declined', ids.lena],
      ['invite-cancelled', ids.jane],
      ['invite-accepted', ids.john],
      ['invited', ids.jane],
      ['invited', ids.maria],
      ['invited', ids.john],
      ['invited', ids.lena],
      ['pipeline', ids.john],
      ['applied', ids.jane],
      ['applied', ids.jane],
    ]);
    const times = recentActivity.map((event) => Date.parse(event.at));
    expect([...times].sort((left, right) => right - left)).toEqual(times);
    expect(recentActivity[8]).toMatchObject({
      text: 'Dr. Jane Doe applied to Family Physician',
      jobId: familyJob._id,
    });
    expect(recentActivity[1]?.text).toBe('The invite of Dr. Jane Doe to Family Physician was canceled');
    expect(recentActivity[7]?.text).toBe(
      'Dr. John Smith moved from Submitted to Interview for Family Physician',
    );
    expect(recentActivity[2]?.text).toBe('Dr. John Smith accepted the invite to Hospitalist');
    expect(recentActivity[0]?.text).toBe('Dr. Lena Park declined the invite to Family Physician');
  });

  it('shows another organisation none of it', async () => {
    const summary = await summaryOf(rival);
    expect(summary).toMatchObject({
      openJobs: 1,
      draftJobs: 0,
      totalApplicants: 0,
      newApplicants: 0,
      savedApplicants: 0,
      matchesByStatus: { pending: 0, accepted: 0, declined: 0, cancelled: 0 },
      pipeline: { Shortlisted: 0, Submitted: 0, Rejected: 0, Interview: 0, Offer: 0, Hired: 0 },
      recentActivity: [],
    });
    expect(summary.applicationsByWeek.every((week) => week.count === 0)).toBe(true);
  });

  it('answers empty figures to an employer without an organisation yet', async () => {
    const newcomer = await signedInEmployer(app);
    const summary = await summaryOf(newcomer);
    expect(summary).toMatchObject({ openJobs: 0, totalApplicants: 0, recentActivity: [] });
    expect(summary.applicationsByWeek).toHaveLength(8);
  });

  it("refuses another user's id (403) and a call without a token (401)", async () => {
    const forbidden = await callApi(
      app,
      'GET',
      `/employer/dashboard/get-summary/${rival.id}`,
      employer.token,
    );
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await callApi(app, 'GET', `/employer/dashboard/get-summary/${employer.id}`);
    expect(anonymous.statusCode).toBe(401);
  });
});
