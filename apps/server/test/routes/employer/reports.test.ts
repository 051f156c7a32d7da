import type { TPipelineStatus } from '@medhire/contract/matches';
import type { TReport } from '@medhire/contract/reports';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  applications,
  conversations,
  matches,
  messages,
} from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { reportQueries } from '../../../src/domain/reports/get-report.ts';
import { resolveReportScope } from '../../../src/domain/reports/report-scope.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, createPhysicians } from './applicant-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { addMember, type TeamMember, teamOwner } from './team-kit.ts';

/**
 * A small, known history in March 2026, every figure below computed by hand:
 *
 * Cardiologist (created Feb 1, assigned to the recruiter):
 *   a1 applied Mar 2 00:00 → Shortlisted +24 h → Interview +48 h → Offer +24 h → Hired +48 h (Mar 8)
 *   a2 invited from the recommended list, entered Mar 4 00:00 → Shortlisted +12 h → Interview +48 h → Rejected +12 h
 *   a3 applied Mar 10 → Rejected +24 h
 * Hospitalist (created Feb 11, the owner's):
 *   a4 applied Mar 12 → Shortlisted +72 h (still there)
 *   a5 applied Feb 20 (before the period) → Hired Mar 20: the job's first hire, in the period
 */
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof teamOwner>>;
let rival: Awaited<ReturnType<typeof teamOwner>>;
let recruiter: TeamMember;
let admin: TeamMember;
let delegate: TeamMember;
let cardiologistId: string;
let hospitalistId: string;
let rivalJobId: string;

const PERIOD = 'from=2026-03-01&to=2026-03-31';
const at = (iso: string) => new Date(`2026-${iso}Z`);

async function addApplication(
  jobId: string,
  physicianId: string,
  source: 'application' | 'match',
  timeline: [TPipelineStatus, string][],
  organizationId = owner.organizationId,
) {
  const [first] = timeline;
  const last = timeline.at(-1);
  if (!first || !last) throw new Error('A timeline needs a first stage.');
  const [row] = await app.db
    .insert(applications)
    .values({
      jobId,
      organizationId,
      physicianId,
      source,
      pipelineStatus: last[0],
      createdAt: at(first[1]),
    })
    .returning({ id: applications.id });
  const applicationId = row?.id ?? '';
  let previous: TPipelineStatus | null = null;
  for (const [toStatus, when] of timeline) {
    await app.db.insert(applicationEvents).values({
      applicationId,
      fromStatus: previous,
      toStatus,
      actor: previous === null ? 'physician' : 'employer',
      createdAt: at(when),
    });
    previous = toStatus;
  }
}

async function addConversation(
  jobId: string,
  physicianId: string,
  thread: ['physician' | string, string][],
  organizationId = owner.organizationId,
) {
  const [conversation] = await app.db
    .insert(conversations)
    .values({ organizationId, physicianId, jobId, lastSeq: thread.length })
    .returning({ id: conversations.id });
  for (const [index, [who, when]] of thread.entries()) {
    await app.db.insert(messages).values({
      conversationId: conversation?.id ?? '',
      sender: who === 'physician' ? 'employee' : 'employer',
      senderUserId: who === 'physician' ? null : who,
      body: `Message ${index + 1}`,
      seq: index + 1,
      createdAt: at(when),
    });
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await teamOwner(app);
  rival = await teamOwner(app);
  recruiter = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Rita Recruiter' });
  admin = await addMember(app, owner.organizationId, 'admin', { fullName: 'Adam Admin' });
  delegate = await addMember(app, owner.organizationId, 'delegate', { fullName: 'Dee Delegate' });

  cardiologistId = (await createJobThroughApi(app, owner, minimalJobBody({ title: 'Cardiologist' })))._id;
  hospitalistId = (await createJobThroughApi(app, owner, minimalJobBody({ title: 'Hospitalist' })))._id;
  rivalJobId = (await createJobThroughApi(app, rival, minimalJobBody({ title: 'Rival posting' })))._id;
  await app.db
    .update(jobs)
    .set({ assigneeUserId: recruiter.id, createdByUserId: owner.id, createdAt: at('02-01T00:00:00') })
    .where(eq(jobs.id, cardiologistId));
  await app.db
    .update(jobs)
    .set({ assigneeUserId: owner.id, createdByUserId: owner.id, createdAt: at('02-11T00:00:00') })
    .where(eq(jobs.id, hospitalistId));

  const [p1 = '', p2 = '', p3 = '', p4 = '', p5 = ''] = await createPhysicians(app, [{}, {}, {}, {}, {}]);
  await addApplication(cardiologistId, p1, 'application', [
    ['Submitted', '03-02T00:00:00'],
    ['Shortlisted', '03-03T00:00:00'],
    ['Interview', '03-05T00:00:00'],
    ['Offer', '03-06T00:00:00'],
    ['Hired', '03-08T00:00:00'],
  ]);
  await addApplication(cardiologistId, p2, 'match', [
    ['Submitted', '03-04T00:00:00'],
    ['Shortlisted', '03-04T12:00:00'],
    ['Interview', '03-06T12:00:00'],
    ['Rejected', '03-07T00:00:00'],
  ]);
  await addApplication(cardiologistId, p3, 'application', [
    ['Submitted', '03-10T00:00:00'],
    ['Rejected', '03-11T00:00:00'],
  ]);
  await addApplication(hospitalistId, p1, 'application', [
    ['Submitted', '03-12T00:00:00'],
    ['Shortlisted', '03-15T00:00:00'],
  ]);
  await addApplication(hospitalistId, p4, 'application', [
    ['Submitted', '02-20T00:00:00'],
    ['Hired', '03-20T00:00:00'],
  ]);
  // Another organisation's application in the same days counts nowhere here.
  await addApplication(
    rivalJobId,
    p5,
    'application',
    [
      ['Submitted', '03-05T00:00:00'],
      ['Hired', '03-06T00:00:00'],
    ],
    rival.organizationId,
  );

  // Two questions answered by one reply (60 and 30 minutes), then one answered in 120 minutes.
  await addConversation(cardiologistId, p1, [
    ['physician', '03-02T10:00:00'],
    ['physician', '03-02T10:30:00'],
    [recruiter.id, '03-02T11:00:00'],
    ['physician', '03-03T09:00:00'],
    [owner.id, '03-03T11:00:00'],
  ]);
  // A question before the period (not counted), then two answered only after the period ends.
  await addConversation(hospitalistId, p4, [
    ['physician', '02-27T09:00:00'],
    [owner.id, '03-01T08:00:00'],
    ['physician', '03-30T12:00:00'],
    ['physician', '03-31T20:00:00'],
    [owner.id, '04-01T08:00:00'],
  ]);
  await addConversation(
    rivalJobId,
    p5,
    [
      ['physician', '03-05T10:00:00'],
      [rival.id, '03-05T10:01:00'],
    ],
    rival.organizationId,
  );

  const invited = (
    jobId: string,
    physicianId: string,
    status: 'pending' | 'accepted' | 'declined' | 'cancelled',
    when: string,
    origin: 'recommended' | 'explore' | null = null,
  ) =>
    app.db.insert(matches).values({
      jobId,
      organizationId: owner.organizationId,
      physicianId,
      status,
      invitedByUserId: recruiter.id,
      origin,
      createdAt: at(when),
    });
  await invited(cardiologistId, p2, 'accepted', '03-03T00:00:00', 'recommended');
  await invited(cardiologistId, p5, 'declined', '03-09T00:00:00', 'explore');
  await invited(hospitalistId, p3, 'pending', '03-14T00:00:00');
  await invited(hospitalistId, p2, 'cancelled', '03-16T00:00:00');
  await invited(hospitalistId, p5, 'pending', '02-14T00:00:00');

  const logged = (actorUserId: string, type: string, when: string) =>
    app.db.insert(activityLog).values({
      organizationId: owner.organizationId,
      actorUserId,
      actorName: 'someone',
      type,
      summary: type,
      createdAt: at(when),
    });
  await logged(recruiter.id, 'pipeline.moved', '03-03T00:00:00');
  await logged(recruiter.id, 'pipeline.moved', '03-05T00:00:00');
  await logged(recruiter.id, 'invite.sent', '03-03T00:00:00');
  await logged(recruiter.id, 'message.sent', '03-02T11:00:00');
  await logged(recruiter.id, 'message.sent', '03-04T11:00:00');
  await logged(recruiter.id, 'job.created', '02-01T00:00:00');
  await logged(owner.id, 'message.sent', '03-03T11:00:00');
  await logged(owner.id, 'organization.updated', '03-20T00:00:00');
});
afterAll(async () => {
  await app.close();
});

async function reportOf(token: string, query = PERIOD): Promise<TReport> {
  const response = await callApi(app, 'GET', `/employer/report/get-report?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TReport;
}

describe('GET /api/employer/report/get-report', () => {
  it('computes the funnel and its conversion rates as counted by hand', async () => {
    const report = await reportOf(owner.token);
    expect(report.filters).toEqual({ from: '2026-03-01', to: '2026-03-31', jobId: null, memberId: null });
    expect(report.funnel.overall).toEqual([
      { step: 'Entered', count: 4, conversionRate: null },
      { step: 'Shortlisted', count: 3, conversionRate: 0.75 },
      { step: 'Interview', count: 2, conversionRate: 0.6667 },
      { step: 'Offer', count: 1, conversionRate: 0.5 },
      { step: 'Hired', count: 1, conversionRate: 1 },
    ]);
    expect(report.funnel.byJob).toEqual([
      {
        jobId: cardiologistId,
        title: 'Cardiologist',
        steps: [
          { step: 'Entered', count: 3, conversionRate: null },
          { step: 'Shortlisted', count: 2, conversionRate: 0.6667 },
          { step: 'Interview', count: 2, conversionRate: 1 },
          { step: 'Offer', count: 1, conversionRate: 0.5 },
          { step: 'Hired', count: 1, conversionRate: 1 },
        ],
      },
      {
        jobId: hospitalistId,
        title: 'Hospitalist',
        steps: [
          { step: 'Entered', count: 1, conversionRate: null },
          { step: 'Shortlisted', count: 1, conversionRate: 1 },
          { step: 'Interview', count: 0, conversionRate: 0 },
          { step: 'Offer', count: 0, conversionRate: null },
          { step: 'Hired', count: 0, conversionRate: null },
        ],
      },
    ]);
  });

  it('computes the median and 90th percentile of finished stays in each stage, and time to fill', async () => {
    const report = await reportOf(owner.token);
    // Submitted: 12, 24, 24, 72 h; Shortlisted: 48, 48; Interview: 12, 24; Offer: 48.
    expect(report.timeInStage).toEqual([
      { stage: 'Submitted', stays: 4, medianHours: 24, p90Hours: 57.6 },
      { stage: 'Shortlisted', stays: 2, medianHours: 48, p90Hours: 48 },
      { stage: 'Interview', stays: 2, medianHours: 18, p90Hours: 22.8 },
      { stage: 'Offer', stays: 1, medianHours: 48, p90Hours: 48 },
    ]);
    // Cardiologist: Feb 1 → Mar 8 = 35 days; Hospitalist: Feb 11 → Mar 20 = 37 days.
    expect(report.timeToFill).toEqual({
      jobs: [
        { jobId: cardiologistId, title: 'Cardiologist', filledAt: '2026-03-08T00:00:00.000Z', days: 35 },
        { jobId: hospitalistId, title: 'Hospitalist', filledAt: '2026-03-20T00:00:00.000Z', days: 37 },
      ],
      medianDays: 36,
    });
  });

  it('counts sources, invites and what each member did', async () => {
    const report = await reportOf(owner.token);
    expect(report.sources).toEqual([
      { source: 'applied', count: 3 },
      { source: 'recommended', count: 1 },
      { source: 'explore', count: 0 },
      { source: 'invited', count: 0 },
    ]);
    expect(report.invites).toEqual({
      sent: 4,
      accepted: 1,
      declined: 1,
      pending: 1,
      cancelled: 1,
      acceptanceRate: 0.5,
    });
    const activity = Object.fromEntries(report.activity.map((row) => [row.memberId, row]));
    expect(activity[recruiter.id]).toMatchObject({
      pipelineMoves: 2,
      invitesSent: 1,
      messagesSent: 2,
      actions: 5,
    });
    expect(activity[owner.id]).toMatchObject({
      pipelineMoves: 0,
      invitesSent: 0,
      messagesSent: 1,
      actions: 2,
    });
    expect(activity[admin.id]).toMatchObject({ actions: 0 });
  });

  it('splits invited candidates by where their accepted invite was sent from', async () => {
    // June, outside every other case's period: three accepted invites, one from each origin,
    // and an application whose physician also had an earlier, cancelled invite from explore.
    const [q1 = '', q2 = '', q3 = '', q4 = ''] = await createPhysicians(app, [{}, {}, {}, {}]);
    const invite = (
      physicianId: string,
      status: 'accepted' | 'cancelled',
      origin: 'recommended' | 'explore' | null,
    ) =>
      app.db.insert(matches).values({
        jobId: hospitalistId,
        organizationId: owner.organizationId,
        physicianId,
        status,
        origin,
        invitedByUserId: recruiter.id,
        createdAt: at('06-01T00:00:00'),
      });
    await invite(q1, 'accepted', 'recommended');
    await invite(q2, 'accepted', 'explore');
    await invite(q3, 'accepted', null);
    await invite(q4, 'cancelled', 'explore');
    for (const physicianId of [q1, q2, q3]) {
      await addApplication(hospitalistId, physicianId, 'match', [['Submitted', '06-02T00:00:00']]);
    }
    await addApplication(hospitalistId, q4, 'application', [['Submitted', '06-03T00:00:00']]);

    const june = await reportOf(owner.token, 'from=2026-06-01&to=2026-06-30');
    expect(june.sources).toEqual([
      { source: 'applied', count: 1 },
      { source: 'recommended', count: 1 },
      { source: 'explore', count: 1 },
      { source: 'invited', count: 1 },
    ]);
    const csv = await callApi(
      app,
      'GET',
      '/employer/report/download-csv?section=sources&from=2026-06-01&to=2026-06-30',
      owner.token,
    );
    expect(csv.body.split('\r\n').slice(0, 5)).toEqual([
      'Source,Candidates',
      'Applied,1',
      'Invited from recommended,1',
      'Invited from explore,1',
      'Invited (elsewhere),1',
    ]);
  });

  it('answers each physician message with the first employer reply after it in its conversation', async () => {
    const report = await reportOf(owner.token);
    // Five questions in March; three answered (60, 30, 120 min); two only after March 31.
    expect(report.responses).toEqual({
      physicianMessages: 5,
      replied: 3,
      responseRate: 0.6,
      medianReplyMinutes: 60,
      byMember: [
        { memberId: recruiter.id, name: 'Rita Recruiter', replies: 2, medianReplyMinutes: 45 },
        { memberId: owner.id, name: expect.any(String), replies: 1, medianReplyMinutes: 120 },
      ],
    });
    // With April in the period the late answer counts too (and the April question is none).
    const withApril = await reportOf(owner.token, 'from=2026-03-01&to=2026-04-30');
    expect(withApril.responses).toMatchObject({ physicianMessages: 5, replied: 5, responseRate: 1 });
  });

  it('narrows every figure to one job, and to the jobs of one member', async () => {
    const byJob = await reportOf(owner.token, `${PERIOD}&jobId=${hospitalistId}`);
    expect(byJob.funnel.overall.map((step) => step.count)).toEqual([1, 1, 0, 0, 0]);
    expect(byJob.sources).toEqual([
      { source: 'applied', count: 1 },
      { source: 'recommended', count: 0 },
      { source: 'explore', count: 0 },
      { source: 'invited', count: 0 },
    ]);
    expect(byJob.invites).toMatchObject({ sent: 2, pending: 1, cancelled: 1 });
    expect(byJob.responses).toMatchObject({ physicianMessages: 2, replied: 0, responseRate: 0 });
    expect(byJob.timeToFill.jobs.map((job) => job.jobId)).toEqual([hospitalistId]);

    const byMember = await reportOf(owner.token, `${PERIOD}&memberId=${recruiter.id}`);
    expect(byMember.funnel.byJob.map((job) => job.jobId)).toEqual([cardiologistId]);
    expect(byMember.responses).toMatchObject({ physicianMessages: 3, replied: 3, responseRate: 1 });
    expect(byMember.activity.map((row) => row.memberId)).toEqual([recruiter.id]);
  });

  it('shows a recruiter only the jobs they created or are assigned', async () => {
    const report = await reportOf(recruiter.token);
    expect(report.options.jobs).toEqual([{ _id: cardiologistId, title: 'Cardiologist' }]);
    expect(report.options.members.map((member) => member._id)).toEqual([recruiter.id]);
    expect(report.funnel.overall.map((step) => step.count)).toEqual([3, 2, 2, 1, 1]);
    expect(report.invites.sent).toBe(2);
    expect(report.activity.map((row) => row.memberId)).toEqual([recruiter.id]);

    const refused = await callApi(
      app,
      'GET',
      `/employer/report/get-report?${PERIOD}&jobId=${hospitalistId}`,
      recruiter.token,
    );
    expect(refused.statusCode).toBe(404);
  });

  it('gives admins the whole organisation and refuses delegates', async () => {
    const report = await reportOf(admin.token);
    expect(report.funnel.overall[0]?.count).toBe(4);
    const refused = await callApi(app, 'GET', `/employer/report/get-report?${PERIOD}`, delegate.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN_ROLE' } });
  });

  it('answers 404 for another organisation’s job or member, revealing nothing', async () => {
    for (const query of [`jobId=${rivalJobId}`, `memberId=${rival.id}`]) {
      const response = await callApi(
        app,
        'GET',
        `/employer/report/get-report?${PERIOD}&${query}`,
        owner.token,
      );
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses malformed filters with 400', async () => {
    for (const query of [
      'from=2026-03-31&to=2026-03-01',
      'from=2026-02-30',
      'to=March',
      'jobId=not-an-id',
      'memberId=42',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      const response = await callApi(app, 'GET', `/employer/report/get-report?${query}`, owner.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('covers the last 90 days by default and needs a session', async () => {
    const report = await reportOf(owner.token, '');
    expect(Date.parse(report.filters.to) - Date.parse(report.filters.from)).toBe(89 * 24 * 3600_000);
    const anonymous = await callApi(app, 'GET', '/employer/report/get-report');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/employer/report/download-csv', () => {
  it('downloads one section as CSV with the same figures', async () => {
    const response = await callApi(
      app,
      'GET',
      `/employer/report/download-csv?section=funnel&${PERIOD}&jobId=${cardiologistId}`,
      owner.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('medhire-funnel-2026-03-01-to-2026-03-31.csv');
    expect(response.body.split('\r\n').slice(0, 3)).toEqual([
      'Job,Step,Candidates,Conversion from previous step',
      'All jobs,Entered,3,',
      'All jobs,Shortlisted,2,66.7%',
    ]);
    const replies = await callApi(
      app,
      'GET',
      `/employer/report/download-csv?section=responses&${PERIOD}`,
      owner.token,
    );
    expect(replies.body).toContain('Everyone,5,3,60%,60');
  });

  it('refuses an unknown section, another organisation’s job and a delegate', async () => {
    const unknown = await callApi(app, 'GET', `/employer/report/download-csv?section=salaries`, owner.token);
    expect(unknown.statusCode).toBe(400);
    const rivalJob = await callApi(
      app,
      'GET',
      `/employer/report/download-csv?section=funnel&jobId=${rivalJobId}`,
      owner.token,
    );
    expect(rivalJob.statusCode).toBe(404);
    const byDelegate = await callApi(
      app,
      'GET',
      '/employer/report/download-csv?section=funnel',
      delegate.token,
    );
    expect(byDelegate.statusCode).toBe(403);
  });
});

describe('GET /api/employer/report/download-pdf', () => {
  it('downloads the whole report as a PDF', async () => {
    const response = await callApi(app, 'GET', `/employer/report/download-pdf?${PERIOD}`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.headers['content-disposition']).toContain('medhire-report-2026-03-01-to-2026-03-31.pdf');
  });

  it('refuses bad filters, another organisation’s job and a delegate', async () => {
    expect(
      (await callApi(app, 'GET', '/employer/report/download-pdf?from=yesterday', owner.token)).statusCode,
    ).toBe(400);
    expect(
      (await callApi(app, 'GET', `/employer/report/download-pdf?jobId=${rivalJobId}`, owner.token))
        .statusCode,
    ).toBe(404);
    expect((await callApi(app, 'GET', '/employer/report/download-pdf', delegate.token)).statusCode).toBe(403);
  });
});

describe('the report queries read indexes', () => {
  it('plans no sequential scan of applications, matches, messages or the activity log', async () => {
    // Enough of the rival's rows that a scan of a whole table would cost more than its indexes.
    const [physicianId = ''] = await createPhysicians(app, [{}]);
    await app.db.execute(sql`insert into jobs (organization_id, title, specialty_id, employment_type, locations)
      select ${rival.organizationId}, 'Bulk job ' || i, 'family-medicine', 'full-time', '[]'::jsonb
      from generate_series(1, 2000) as i`);
    await app.db.execute(sql`insert into applications (job_id, organization_id, physician_id, created_at)
      select j.id, j.organization_id, ${physicianId}, timestamptz '2026-03-01' + (random() * interval '300 days')
      from jobs j where j.organization_id = ${rival.organizationId} and j.title like 'Bulk job %'`);
    await app.db.execute(sql`insert into application_events (application_id, to_status, actor, created_at)
      select a.id, s.status::pipeline_status, 'employer', a.created_at + s.hours * interval '1 hour'
      from applications a, (values ('Submitted', 0), ('Shortlisted', 30), ('Interview', 90)) as s(status, hours)
      where a.organization_id = ${rival.organizationId} and a.physician_id = ${physicianId}`);
    await app.db.execute(sql`insert into matches (job_id, organization_id, physician_id, status, created_at)
      select j.id, j.organization_id, ${physicianId}, 'declined', timestamptz '2026-03-01' + (random() * interval '300 days')
      from jobs j where j.organization_id = ${rival.organizationId} and j.title like 'Bulk job %'`);
    await app.db.execute(sql`insert into conversations (organization_id, physician_id, job_id, last_seq)
      select j.organization_id, ${physicianId}, j.id, 1
      from jobs j where j.organization_id = ${rival.organizationId} and j.title like 'Bulk job %'`);
    await app.db.execute(sql`insert into messages (conversation_id, sender, body, seq, created_at)
      select c.id, 'employee', 'Hello', 1, timestamptz '2026-03-01' + (random() * interval '300 days')
      from conversations c where c.organization_id = ${rival.organizationId} and c.physician_id = ${physicianId}`);
    await app.db.execute(sql`insert into activity_log (organization_id, actor_user_id, actor_name, type, summary, created_at)
      select ${rival.organizationId}, ${rival.id}, 'Rival', 'job.edited', 'Edited', timestamptz '2026-01-01' + i * interval '1 hour'
      from generate_series(1, 5000) as i`);
    for (const table of [
      'jobs',
      'applications',
      'application_events',
      'application_stays',
      'matches',
      'messages',
      'conversations',
      'activity_log',
      'users',
    ]) {
      await app.db.execute(sql.raw(`analyze ${table}`));
    }

    for (const member of [owner, recruiter]) {
      const scope = await resolveReportScope(
        app.db,
        { userId: member.id, organizationId: owner.organizationId, memberRole: member.role },
        { from: '2026-03-01', to: '2026-03-31' },
      );
      if (!scope) throw new Error('The owner has an organisation.');
      for (const [name, query] of Object.entries(reportQueries(scope))) {
        const plan = (await app.db.execute(sql`explain ${query}`)) as unknown as Array<
          Record<string, string>
        >;
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(text, `${member.role} ${name}`).not.toMatch(
          /Seq Scan on (applications|application_events|application_stays|matches|messages|activity_log|jobs)\b/,
        );
      }
    }
  });
});

describe('the stays time in stage is read from', () => {
  async function staysOf(applicationId: string) {
    return (await app.db.execute(sql`select stage::text as stage, hours from application_stays
      where application_id = ${applicationId} order by pipeline_stage_rank(application_stays.stage)`)) as unknown as {
      stage: string;
      hours: number;
    }[];
  }

  it('follow the timeline whatever order its events were written in, and go with their application', async () => {
    const [physicianId = ''] = await createPhysicians(app, [{}]);
    const [row] = await app.db
      .insert(applications)
      .values({
        jobId: hospitalistId,
        organizationId: owner.organizationId,
        physicianId,
        pipelineStatus: 'Interview',
        createdAt: at('05-01T00:00:00'),
      })
      .returning({ id: applications.id });
    const applicationId = row?.id ?? '';
    const event = (toStatus: TPipelineStatus, when: string) => ({
      applicationId,
      toStatus,
      actor: 'employer' as const,
      createdAt: at(when),
    });
    await app.db.insert(applicationEvents).values(event('Submitted', '05-01T00:00:00'));
    expect(await staysOf(applicationId)).toEqual([]);

    // The interview is written before the shortlisting that came earlier (an import, say).
    await app.db.insert(applicationEvents).values(event('Interview', '05-04T00:00:00'));
    expect(await staysOf(applicationId)).toEqual([{ stage: 'Submitted', hours: 72 }]);
    await app.db.insert(applicationEvents).values(event('Shortlisted', '05-02T12:00:00'));
    expect(await staysOf(applicationId)).toEqual([
      { stage: 'Submitted', hours: 36 },
      { stage: 'Shortlisted', hours: 36 },
    ]);

    // Several events of several applications in one statement.
    await app.db
      .insert(applicationEvents)
      .values([event('Offer', '05-06T00:00:00'), event('Hired', '05-06T06:00:00')]);
    expect(await staysOf(applicationId)).toEqual([
      { stage: 'Submitted', hours: 36 },
      { stage: 'Shortlisted', hours: 36 },
      { stage: 'Interview', hours: 48 },
      { stage: 'Offer', hours: 6 },
    ]);

    await app.db.delete(applications).where(eq(applications.id, applicationId));
    expect(await staysOf(applicationId)).toEqual([]);
  });
});
