import { DEFAULT_SCORECARD_CRITERIA } from '@medhire/contract/interviews';
import type { TReport } from '@medhire/contract/reports';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { invoices, subscriptions } from '../../src/db/schema/billing.ts';
import {
  applicationEvents,
  applications,
  conversations,
  matches,
  messages,
  savedApplicants,
} from '../../src/db/schema/hiring.ts';
import {
  interviewParticipants,
  interviewScorecards,
  interviewSessions,
  interviews,
  memberAvailability,
} from '../../src/db/schema/interviews.ts';
import { jobs } from '../../src/db/schema/jobs.ts';
import { physicians } from '../../src/db/schema/physicians.ts';
import { DEMO_EMPLOYER_EMAIL } from '../../src/seed/demo-employer.ts';
import { findDemoPhysicianLogin } from '../../src/seed/demo-hiring.ts';
import { DEMO_PHYSICIAN_COUNT, DEMO_PHYSICIAN_PASSWORD } from '../../src/seed/demo-physicians.ts';
import { DEMO_PAST_POSTINGS } from '../../src/seed/demo-report-history.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { buildTestApp, createTestDatabase } from '../helper.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY_MS = 24 * 60 * 60_000;

describe('demo physicians and hiring activity', () => {
  let app: FastifyInstance;
  let loginLine: string | undefined;
  let organizationId: string;
  /** The physician the start-up banner prints. */
  let demoPhysicianId: string;

  beforeAll(async () => {
    app = await buildTestApp({ demoData: true }, { database: await createTestDatabase() });
    const result = await seedDemoData(app, { now: NOW });
    expect(result.isCreated).toBe(true);
    loginLine = result.loginLine;
    const [employer] = await app.db.select().from(users).where(eq(users.email, DEMO_EMPLOYER_EMAIL));
    organizationId = employer?.organizationId ?? '';
    const demoPhysicianEmail = await findDemoPhysicianLogin(app.db);
    const [demoPhysician] = await app.db
      .select({ id: physicians.id })
      .from(physicians)
      .innerJoin(users, eq(users.id, physicians.userId))
      .where(eq(users.email, demoPhysicianEmail ?? ''));
    demoPhysicianId = demoPhysician?.id ?? '';
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('gives the demo employer an active Professional subscription with a few months of paid invoices', async () => {
    const [subscription] = await app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, organizationId));
    expect(subscription).toMatchObject({ status: 'active', planId: 'professional', interval: 'month' });
    expect(subscription?.currentPeriodEnd.getTime()).toBeGreaterThan(NOW.getTime());
    const paid = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.status, 'paid')));
    expect(paid).toHaveLength(4);
    // Each month's invoice is dated at its own renewal, not at seeding time.
    expect(new Set(paid.map((invoice) => invoice.createdAt.toISOString().slice(0, 7))).size).toBe(4);
    const [employer] = await app.db.select().from(users).where(eq(users.email, DEMO_EMPLOYER_EMAIL));
    expect(employer?.subscriptionStatus).toBe('active');
    expect(employer?.subscriptionMeta).toMatchObject({ planId: 'professional', planName: 'Professional' });
    expect(employer?.subscriptionMeta.invitesLeft).toBe(subscription?.invitesLeft);
  });

  it('creates 2,000 physician accounts with complete, varied profiles', async () => {
    const [accounts] = await app.db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.role, 'physician'), eq(users.accountStatus, 'approved')));
    expect(accounts?.total).toBe(DEMO_PHYSICIAN_COUNT);
    const [profiles] = await app.db
      .select({
        total: count(),
        complete:
          sql<number>`count(*) filter (where ${physicians.specialtyId} is not null and ${physicians.boardStatus} is not null and ${physicians.homeState} is not null and ${physicians.yearAvailable} is not null and ${physicians.yearsOfExperience} is not null)`.mapWith(
            Number,
          ),
        specialties: sql<number>`count(distinct ${physicians.specialtyId})`.mapWith(Number),
        states: sql<number>`count(distinct ${physicians.homeState})`.mapWith(Number),
        texans: sql<number>`count(*) filter (where ${physicians.homeState} = 'TX')`.mapWith(Number),
        keyed:
          sql<number>`count(*) filter (where ${physicians.matchKeys} @> array[${physicians.specialtyId} || ':' || ${physicians.homeState}])`.mapWith(
            Number,
          ),
      })
      .from(physicians);
    expect(profiles).toMatchObject({
      total: DEMO_PHYSICIAN_COUNT,
      complete: DEMO_PHYSICIAN_COUNT,
      keyed: DEMO_PHYSICIAN_COUNT,
    });
    expect(profiles?.specialties).toBeGreaterThan(20);
    expect(profiles?.states).toBeGreaterThan(35);
    expect(profiles?.texans).toBeGreaterThan(400);
  });

  it('prints the employer login and a demo physician login that signs in to a full physician app', async () => {
    const lines = loginLine?.split('\n') ?? [];
    expect(lines[0]).toBe('Demo login: demo@medhire.example / MedHire-demo-2026');
    const email =
      /^Demo physician login \(physician app at \/physician\/\): (\S+) \/ MedHire-physician-2026$/.exec(
        lines[1] ?? '',
      )?.[1];
    expect(email).toMatch(/@physicians\.medhire\.example$/);
    const response = await app.inject({
      method: 'POST',
      url: '/api/employee/auth/login',
      payload: { email, password: DEMO_PHYSICIAN_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = response.json().data.token as string;
    const read = async (url: string) => {
      const answer = await app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    // A pending invite, applications in several states, a conversation with the demo employer,
    // saved jobs and an alert.
    const invites = await read('/api/employee/match/get-all-matches?status=pending');
    expect(invites.total).toBeGreaterThan(0);
    const own = await read('/api/employee/job/get-applications?pageSize=50');
    const statuses = new Set(own.applications.map((application: { status: string }) => application.status));
    for (const status of ['interview', 'not_selected', 'submitted']) expect(statuses).toContain(status);
    const conversations = await read('/api/employee/conversation/get-all-conversation');
    expect(
      conversations.conversations.some(
        (conversation: { organization: { name: string }; messages: unknown[] }) =>
          conversation.organization.name === 'Lakeside Family Medicine Group' &&
          conversation.messages.length >= 3,
      ),
    ).toBe(true);
    const saved = await read('/api/employee/job/get-saved-jobs');
    expect(saved.total).toBe(2);
    const alerts = await read('/api/employee/alert/get-all-alerts');
    expect(alerts.total).toBe(1);
  });

  it('has a three-member team: the owner, a recruiter and a delegate working one job, whose logins are printed', async () => {
    const lines = loginLine?.split('\n') ?? [];
    expect(lines[2]).toBe(
      'Demo team logins: recruiter recruiter@medhire.example / MedHire-team-2026; delegate delegate@medhire.example / MedHire-team-2026',
    );
    const sessions = [];
    for (const email of ['demo@medhire.example', 'recruiter@medhire.example', 'delegate@medhire.example']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/employer/auth/login',
        payload: { email, password: email.startsWith('demo') ? 'MedHire-demo-2026' : 'MedHire-team-2026' },
      });
      expect(response.statusCode, response.body).toBe(200);
      sessions.push(response.json().data);
    }
    expect(sessions.map((session) => session.user.memberRole)).toEqual(['owner', 'recruiter', 'delegate']);
    expect(sessions[2].user.delegateAgreementAccepted).toBe(true);
    expect(sessions[2].user.subscriptionStatus).toBe('active');
    const delegate = sessions[2];
    const jobsResponse = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-all-jobs/${delegate.user._id}`,
      headers: { authorization: delegate.token },
    });
    expect(jobsResponse.json().data.total).toBe(1);
  });

  it('gives every open job 15–40 applications from its specialty, over the weeks since it was posted', async () => {
    const rows = await app.db
      .select({
        jobId: jobs.id,
        status: jobs.status,
        postedAt: jobs.createdAt,
        total:
          sql<number>`count(${applications.id}) filter (where ${applications.source} = 'application')`.mapWith(
            Number,
          ),
        offSpecialty:
          // The printed demo physician also applied outside their specialty, to show every status.
          sql<number>`count(${applications.id}) filter (where ${physicians.specialtyId} <> ${jobs.specialtyId} and ${physicians.id} <> ${demoPhysicianId})`.mapWith(
            Number,
          ),
        first: sql<string | null>`min(${applications.createdAt})`,
        last: sql<string | null>`max(${applications.createdAt})`,
      })
      .from(jobs)
      .leftJoin(applications, eq(applications.jobId, jobs.id))
      .leftJoin(physicians, eq(physicians.id, applications.physicianId))
      .where(eq(jobs.organizationId, organizationId))
      .groupBy(jobs.id);
    const open = rows.filter((row) => row.status === 'open');
    expect(open.length).toBe(4);
    for (const row of open) {
      expect(row.total).toBeGreaterThanOrEqual(15);
      expect(row.total).toBeLessThanOrEqual(40);
      expect(row.offSpecialty).toBe(0);
      expect(new Date(row.first ?? 0).getTime()).toBeGreaterThan(row.postedAt.getTime());
      expect(new Date(row.last ?? 0).getTime()).toBeLessThan(NOW.getTime());
      expect(new Date(row.first ?? 0).getTime()).toBeGreaterThan(NOW.getTime() - 8 * 7 * DAY_MS);
    }
  });

  it('spreads applications over the pipeline stages, with one hire, each change on the timeline', async () => {
    // The open jobs' pipelines; the past, filled postings of the reports' history have their own hires.
    const stages = await app.db
      .select({ stage: applications.pipelineStatus, total: count() })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(applications.organizationId, organizationId), eq(jobs.status, 'open')))
      .groupBy(applications.pipelineStatus);
    const byStage = Object.fromEntries(stages.map((row) => [row.stage, row.total]));
    expect(byStage.Hired).toBe(1);
    for (const stage of ['Submitted', 'Shortlisted', 'Interview', 'Offer', 'Rejected']) {
      expect(byStage[stage], stage).toBeGreaterThan(0);
    }
    const [moves] = await app.db
      .select({ total: count() })
      .from(applicationEvents)
      .where(eq(applicationEvents.actor, 'employer'));
    expect(moves?.total).toBeGreaterThan(30);
  });

  it('has invites in every status and about ten saved applicants', async () => {
    const statuses = await app.db
      .select({ status: matches.status, total: count() })
      .from(matches)
      .where(eq(matches.organizationId, organizationId))
      .groupBy(matches.status);
    expect(statuses.map((row) => row.status).sort()).toEqual([
      'accepted',
      'cancelled',
      'declined',
      'pending',
    ]);
    const [saved] = await app.db
      .select({ total: count() })
      .from(savedApplicants)
      .where(eq(savedApplicants.organizationId, organizationId));
    expect(saved?.total).toBeGreaterThanOrEqual(8);
    expect(saved?.total).toBeLessThanOrEqual(10);
  });

  it('counts as unread only the physician messages after the employer last replied', async () => {
    const rows = await app.db
      .select({ unread: conversations.employerUnread, lastSender: messages.sender })
      .from(conversations)
      .innerJoin(
        messages,
        and(eq(messages.conversationId, conversations.id), eq(messages.seq, conversations.lastSeq)),
      )
      .where(eq(conversations.organizationId, organizationId));
    const endedBy = (sender: string) => rows.filter((row) => row.lastSender === sender);
    // The employer read the conversation before each reply, as the messages screen does.
    expect(endedBy('employer').length).toBeGreaterThan(0);
    expect(endedBy('employer').map((row) => row.unread)).toEqual(endedBy('employer').map(() => 0));
    // A physician's answer after that reply waits for the employer, unread.
    expect(endedBy('employee').length).toBeGreaterThan(0);
    for (const row of endedBy('employee')) expect(row.unread).toBeGreaterThanOrEqual(1);
  });

  it('gives the reports months of history: past postings filled by one hire each, then closed', async () => {
    const signInAs = async (email: string, password: string): Promise<string> => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/employer/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.token as string;
    };
    const recruiter = await signInAs('recruiter@medhire.example', 'MedHire-team-2026');
    const owner = await signInAs(DEMO_EMPLOYER_EMAIL, 'MedHire-demo-2026');
    const from = new Date(NOW.getTime() - 200 * DAY_MS).toISOString().slice(0, 10);
    const to = NOW.toISOString().slice(0, 10);
    const reportOf = async (token: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/employer/report/get-report?from=${from}&to=${to}`,
        headers: { authorization: token },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as TReport;
    };
    const report = await reportOf(owner);
    const filled = report.timeToFill.jobs.map((job) => [job.title, Math.round(job.days)]);
    for (const posting of DEMO_PAST_POSTINGS)
      expect(filled).toContainEqual([posting.title, posting.fillDays]);
    const months = new Set(report.timeToFill.jobs.map((job) => job.filledAt.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(3);
    for (const step of report.funnel.overall) expect(step.count, step.step).toBeGreaterThan(0);
    for (const stage of report.timeInStage) expect(stage.stays, stage.stage).toBeGreaterThan(0);
    expect(report.sources.every((source) => source.count > 0)).toBe(true);
    // The last 90 days alone show every source too: applied, and invited from each place.
    const recent = await app.inject({
      method: 'GET',
      url: `/api/employer/report/get-report?from=${new Date(NOW.getTime() - 89 * DAY_MS).toISOString().slice(0, 10)}&to=${to}`,
      headers: { authorization: owner },
    });
    const recentSources = (recent.json().data as TReport).sources;
    expect(recentSources.map((source) => source.source)).toEqual([
      'applied',
      'recommended',
      'explore',
      'invited',
    ]);
    expect(
      recentSources.every((source) => source.count > 0),
      JSON.stringify(recentSources),
    ).toBe(true);
    expect(report.responses.replied).toBeGreaterThan(0);
    expect(report.responses.byMember.map((member) => member.name).sort()).toEqual([
      'James Okafor',
      'Maria Delgado',
    ]);
    expect(report.invites).toMatchObject({ accepted: expect.any(Number), declined: expect.any(Number) });
    expect(report.invites.accepted * report.invites.declined * report.invites.cancelled).toBeGreaterThan(0);
    expect(report.activity.filter((member) => member.pipelineMoves > 0).length).toBeGreaterThanOrEqual(2);

    // The recruiter's own report: the jobs they look after, history included.
    const own = await reportOf(recruiter);
    expect(own.options.jobs.length).toBeGreaterThanOrEqual(3);
    expect(own.timeToFill.jobs.length).toBe(2);
  });

  it('leaves strong candidates of the first open job untouched for the recommendations', async () => {
    const [firstJob] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.organizationId, organizationId), eq(jobs.status, 'open')))
      .orderBy(jobs.createdAt)
      .limit(1);
    const [untouched] = await app.db
      .select({ total: count() })
      .from(physicians)
      .where(
        sql`${physicians.specialtyId} = ${firstJob?.specialtyId ?? ''}
          and ${physicians.homeState} = 'TX'
          and ${physicians.boardStatus} = 'board-certified'
          and ${physicians.isDiscoverable}
          and ${physicians.yearsOfExperience} >= 3
          and not exists (select 1 from ${applications} where ${applications.physicianId} = ${physicians.id} and ${applications.organizationId} = ${organizationId})
          and not exists (select 1 from ${matches} where ${matches.physicianId} = ${physicians.id} and ${matches.organizationId} = ${organizationId})
          and not exists (select 1 from ${savedApplicants} where ${savedApplicants.physicianId} = ${physicians.id} and ${savedApplicants.organizationId} = ${organizationId})`,
      );
    expect(untouched?.total).toBeGreaterThanOrEqual(5);
  });

  it('has past and upcoming interviews in several zones, with availability, and nobody double booked', async () => {
    const rows = await app.db.select().from(interviews).where(eq(interviews.organizationId, organizationId));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((row) => row.timeZone)).size).toBeGreaterThanOrEqual(4);
    expect(
      rows.some((row) => row.status === 'completed' && (row.startsAt?.getTime() ?? 0) < NOW.getTime()),
    ).toBe(true);
    expect(
      rows.some((row) => row.status === 'scheduled' && (row.startsAt?.getTime() ?? 0) > NOW.getTime()),
    ).toBe(true);
    expect(rows.some((row) => row.status === 'proposed')).toBe(true);
    const overlaps = (await app.db.execute(sql`
      select count(*)::int as count from interview_participants a join interview_participants b
        on a.participant_user_id = b.participant_user_id and a.id < b.id
      where a.is_active and b.is_active
        and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`)) as unknown as {
      count: number;
    }[];
    expect(overlaps[0]?.count).toBe(0);
    expect(await app.db.$count(memberAvailability)).toBe(3);
  });

  it('has one upcoming two-day site visit with its itinerary and travel notes', async () => {
    const sessions = await app.db
      .select({ session: interviewSessions, interview: interviews })
      .from(interviewSessions)
      .innerJoin(interviews, eq(interviews.id, interviewSessions.interviewId))
      .where(eq(interviews.organizationId, organizationId))
      .orderBy(interviewSessions.position);
    expect(new Set(sessions.map((row) => row.interview.id)).size).toBe(1);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const visit = sessions[0]?.interview;
    expect(visit).toMatchObject({ type: 'onsite', status: 'scheduled' });
    expect(visit?.travelNotes).toBeTruthy();
    expect(visit?.startsAt?.getTime()).toBeGreaterThan(NOW.getTime());
    expect(visit?.startsAt).toEqual(sessions[0]?.session.startsAt);
    expect(visit?.endsAt).toEqual(sessions.at(-1)?.session.endsAt);
    const held = await app.db
      .select()
      .from(interviewParticipants)
      .where(
        and(eq(interviewParticipants.interviewId, visit?.id ?? ''), eq(interviewParticipants.isActive, true)),
      );
    expect(held.length).toBeGreaterThan(sessions.length);
    expect(held.every((row) => row.sessionId !== null)).toBe(true);
  });

  it('has scorecards on past interviews only, by their interviewers, one still missing', async () => {
    const cards = await app.db
      .select({ scorecard: interviewScorecards, interview: interviews })
      .from(interviewScorecards)
      .innerJoin(interviews, eq(interviews.id, interviewScorecards.interviewId))
      .where(eq(interviews.organizationId, organizationId));
    expect(cards.length).toBeGreaterThanOrEqual(2);
    for (const { scorecard, interview } of cards) {
      expect(interview.status).toBe('completed');
      expect(scorecard.ratings.map((rating) => rating.criterion)).toEqual([...DEFAULT_SCORECARD_CRITERIA]);
      const [onIt] = await app.db
        .select()
        .from(interviewParticipants)
        .where(
          and(
            eq(interviewParticipants.interviewId, interview.id),
            eq(interviewParticipants.participantUserId, scorecard.interviewerUserId),
            eq(interviewParticipants.role, 'interviewer'),
          ),
        );
      expect(onIt).toBeDefined();
    }
  });

  it('leaves a database that already has accounts alone', async () => {
    const again = await seedDemoData(app, { now: NOW });
    expect(again.isCreated).toBe(false);
    const [accounts] = await app.db.select({ total: count() }).from(users).where(eq(users.role, 'physician'));
    expect(accounts?.total).toBe(DEMO_PHYSICIAN_COUNT);
  });
});
