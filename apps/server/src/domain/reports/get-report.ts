import {
  FUNNEL_STEPS,
  REPORT_SOURCES,
  type TFunnelStep,
  type TReport,
  type TReportFilters,
  type TStageDuration,
} from '@medhire/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import type { TeamMember } from '../team/member-right.ts';
import { isWholeOrganization, type ReportScope, resolveReportScope, scopedJobIds } from './report-scope.ts';

export interface GetReportOptions {
  db: Db;
  member: TeamMember;
  filters: TReportFilters;
  now?: Date;
}

const TIMED_STAGES = ['Submitted', 'Shortlisted', 'Interview', 'Offer'] as const;

function rows<T>(result: unknown): T[] {
  return result as T[];
}

function rounded(value: number | string | null | undefined, digits = 2): number | null {
  if (value === null || value === undefined) return null;
  const factor = 10 ** digits;
  return Math.round(Number(value) * factor) / factor;
}

function rate(part: number, whole: number): number | null {
  return whole > 0 ? rounded(part / whole, 4) : null;
}

/**
 * The period's applications in scope: created (applied, or an invite accepted) in the period, on
 * a job of the scope, of a physician who has not hidden from the organisation. Read through
 * applications_organization_created_idx (organisation and creation time) alone: it carries every
 * column read here.
 */
function cohort(scope: ReportScope): SQL {
  return sql`select a.job_id, a.physician_id, a.source, a.furthest_stage_rank, a.created_at from applications a
    where a.organization_id = ${scope.organizationId}
      and a.created_at >= ${scope.start.toISOString()}::timestamptz
      and a.created_at < ${scope.end.toISOString()}::timestamptz
      and a.job_id in (${scopedJobIds(scope)})
      and ${isNotHiddenFrom(scope.organizationId, sql`a.physician_id`)}`;
}

/** The scope's conversations (a whole organisation's includes those whose job was deleted). */
function scopedConversations(scope: ReportScope): SQL {
  return sql`select c.id from conversations c
    where c.organization_id = ${scope.organizationId}
      ${isWholeOrganization(scope) ? sql`` : sql`and c.job_id in (${scopedJobIds(scope)})`}
      and ${isNotHiddenFrom(scope.organizationId, sql`c.physician_id`)}`;
}

function funnelQuery(scope: ReportScope): SQL {
  // Counted per job first, then named: the titles are joined to one row per job.
  return sql`
      with cohort as (${cohort(scope)}),
      counted as (
        select c.job_id,
          count(*)::int as entered,
          count(*) filter (where c.furthest_stage_rank >= 1)::int as shortlisted,
          count(*) filter (where c.furthest_stage_rank >= 2)::int as interview,
          count(*) filter (where c.furthest_stage_rank >= 3)::int as offer,
          count(*) filter (where c.furthest_stage_rank >= 4)::int as hired
        from cohort c group by c.job_id
      )
      select counted.*, j.title from counted join jobs j on j.id = counted.job_id
      order by counted.entered desc, j.title`;
}

function timeInStageQuery(scope: ReportScope): SQL {
  return sql`
      select s.stage::text as stage, count(*)::int as stays,
        percentile_cont(0.5) within group (order by s.hours) as median,
        percentile_cont(0.9) within group (order by s.hours) as p90
      from application_stays s
      where s.organization_id = ${scope.organizationId}
        and s.application_created_at >= ${scope.start.toISOString()}::timestamptz
        and s.application_created_at < ${scope.end.toISOString()}::timestamptz
        and s.job_id in (${scopedJobIds(scope)})
        and ${isNotHiddenFrom(scope.organizationId, sql`s.physician_id`)}
      group by s.stage`;
}

function timeToFillQuery(scope: ReportScope): SQL {
  return sql`
      select j.id as job_id, j.title, j.filled_at,
        extract(epoch from (j.filled_at - j.created_at)) / 86400.0 as days
      from jobs j
      where j.id in (${scopedJobIds(scope)})
        and j.filled_at >= ${scope.start.toISOString()}::timestamptz
        and j.filled_at < ${scope.end.toISOString()}::timestamptz
      order by j.filled_at`;
}

/**
 * An application from an invite is joined to the invite it came from (the job and physician's
 * accepted match; matches_active_unique keeps it one) for the invite's origin; none recorded
 * counts as 'invited'.
 */
function sourcesQuery(scope: ReportScope): SQL {
  return sql`with cohort as (${cohort(scope)})
      select case when c.source = 'application' then 'applied' else coalesce(m.origin::text, 'invited') end as source,
        count(*)::int as total
      from cohort c
      left join matches m on c.source = 'match' and m.job_id = c.job_id and m.physician_id = c.physician_id
        and m.status = 'accepted'
      group by 1`;
}

function answeredQuery(scope: ReportScope): SQL {
  return sql`
    with asked as (
      select m.conversation_id, m.created_at from messages m
      where m.conversation_id in (${scopedConversations(scope)})
        and m.sender = 'employee'
        and m.created_at >= ${scope.start.toISOString()}::timestamptz
        and m.created_at < ${scope.end.toISOString()}::timestamptz
    )
    select asked.created_at as asked_at, reply.created_at as replied_at, reply.sender_user_id
    from asked
    left join lateral (
      select r.created_at, r.sender_user_id from messages r
      where r.conversation_id = asked.conversation_id and r.sender = 'employer'
        and r.created_at > asked.created_at
      order by r.created_at limit 1
    ) reply on reply.created_at < ${scope.end.toISOString()}::timestamptz`;
}

function responsesQuery(scope: ReportScope): SQL {
  return sql`with answered as (${answeredQuery(scope)})
      select count(*)::int as asked, count(replied_at)::int as replied,
        percentile_cont(0.5) within group (order by extract(epoch from (replied_at - asked_at)) / 60.0)
          filter (where replied_at is not null) as median
      from answered`;
}

function invitesQuery(scope: ReportScope): SQL {
  return sql`select m.status::text as status, count(*)::int as total from matches m
      where m.organization_id = ${scope.organizationId}
        and m.created_at >= ${scope.start.toISOString()}::timestamptz
        and m.created_at < ${scope.end.toISOString()}::timestamptz
        and m.job_id in (${scopedJobIds(scope)})
        and ${isNotHiddenFrom(scope.organizationId, sql`m.physician_id`)}
      group by m.status`;
}

function activityQuery(scope: ReportScope): SQL {
  const onlyMember = scope.ownJobsOf ?? scope.memberId;
  return sql`select u.id as member_id, coalesce(u.full_name, u.email) as name,
        count(l.id) filter (where l.type = 'pipeline.moved')::int as pipeline_moves,
        count(l.id) filter (where l.type = 'invite.sent')::int as invites_sent,
        count(l.id) filter (where l.type = 'message.sent')::int as messages_sent,
        count(l.id)::int as actions
      from users u
      left join activity_log l on l.organization_id = ${scope.organizationId} and l.actor_user_id = u.id
        and l.created_at >= ${scope.start.toISOString()}::timestamptz
        and l.created_at < ${scope.end.toISOString()}::timestamptz
      where u.organization_id = ${scope.organizationId} and u.role = 'employer'
        ${onlyMember ? sql`and u.id = ${onlyMember}` : sql``}
      group by u.id, name order by actions desc, name`;
}

/** The report's queries by name, for the tests that read their plans (EXPLAIN). */
export function reportQueries(scope: ReportScope): Record<string, SQL> {
  return {
    funnel: funnelQuery(scope),
    timeInStage: timeInStageQuery(scope),
    timeToFill: timeToFillQuery(scope),
    sources: sourcesQuery(scope),
    responses: responsesQuery(scope),
    invites: invitesQuery(scope),
    activity: activityQuery(scope),
  };
}

function funnelSteps(counts: number[]): TFunnelStep[] {
  return FUNNEL_STEPS.map((step, index) => {
    const count = counts[index] ?? 0;
    const previous = index === 0 ? null : (counts[index - 1] ?? 0);
    return { step, count, conversionRate: previous === null ? null : rate(count, previous) };
  });
}

type FunnelRow = {
  job_id: string;
  title: string;
  entered: number;
  shortlisted: number;
  interview: number;
  offer: number;
  hired: number;
};

/**
 * How far the period's applications went: each counts at the furthest stage it ever reached
 * (applications.furthest_stage_rank, kept from the timeline by a trigger, so a rejected offer
 * still counts as an offer made).
 */
async function loadFunnel(db: Db, scope: ReportScope): Promise<TReport['funnel']> {
  const result = rows<FunnelRow>(await db.execute(funnelQuery(scope)));
  const countsOf = (row: Omit<FunnelRow, 'job_id' | 'title'>) => [
    row.entered,
    row.shortlisted,
    row.interview,
    row.offer,
    row.hired,
  ];
  const totals = result.reduce(
    (sum, row) => sum.map((value, index) => value + (countsOf(row)[index] ?? 0)),
    [0, 0, 0, 0, 0],
  );
  return {
    overall: funnelSteps(totals),
    byJob: result.map((row) => ({ jobId: row.job_id, title: row.title, steps: funnelSteps(countsOf(row)) })),
  };
}

/**
 * How long the period's applications stayed in each stage before their next move (a stay still
 * going on is not counted): the time from entering a stage to the next event of the timeline,
 * kept per stay in application_stays from the timeline (migration 0035).
 */
async function loadTimeInStage(db: Db, scope: ReportScope): Promise<TStageDuration[]> {
  const result = rows<{ stage: string; stays: number; median: number | null; p90: number | null }>(
    await db.execute(timeInStageQuery(scope)),
  );
  const byStage = new Map(result.map((row) => [row.stage, row]));
  return TIMED_STAGES.map((stage) => {
    const row = byStage.get(stage);
    return {
      stage,
      stays: row?.stays ?? 0,
      medianHours: rounded(row?.median),
      p90Hours: rounded(row?.p90),
    };
  });
}

/** Jobs whose first hire (jobs.filled_at, kept from the timeline) came in the period, and how many days after the job was created. */
async function loadTimeToFill(db: Db, scope: ReportScope): Promise<TReport['timeToFill']> {
  const result = rows<{ job_id: string; title: string; filled_at: Date | string; days: number }>(
    await db.execute(timeToFillQuery(scope)),
  );
  const jobs = result.map((row) => ({
    jobId: row.job_id,
    title: row.title,
    filledAt: new Date(row.filled_at).toISOString(),
    days: rounded(row.days) ?? 0,
  }));
  const sorted = jobs.map((job) => job.days).sort((left, right) => left - right);
  return { jobs, medianDays: rounded(median(sorted)) };
}

/** The median of sorted numbers, interpolated like PostgreSQL's percentile_cont(0.5). */
function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = (sorted.length - 1) / 2;
  const low = sorted[Math.floor(middle)] ?? 0;
  const high = sorted[Math.ceil(middle)] ?? 0;
  return (low + high) / 2;
}

async function loadSources(db: Db, scope: ReportScope): Promise<TReport['sources']> {
  const result = rows<{ source: string; total: number }>(await db.execute(sourcesQuery(scope)));
  const countOf = (source: string) => result.find((row) => row.source === source)?.total ?? 0;
  return REPORT_SOURCES.map((source) => ({ source, count: countOf(source) }));
}

/**
 * Replies to physicians: every physician message of the period is answered by the first employer
 * message after it in the same conversation (two questions before one answer are both answered
 * by it). A message counts as replied when that answer came before the period's end.
 */
async function loadResponses(db: Db, scope: ReportScope): Promise<TReport['responses']> {
  const [overall] = rows<{ asked: number; replied: number; median: number | null }>(
    await db.execute(responsesQuery(scope)),
  );
  const byMember = rows<{ member_id: string; name: string; replies: number; median: number | null }>(
    await db.execute(sql`with answered as (${answeredQuery(scope)})
      select u.id as member_id, coalesce(u.full_name, u.email) as name, count(*)::int as replies,
        percentile_cont(0.5) within group (order by extract(epoch from (replied_at - asked_at)) / 60.0) as median
      from answered join users u on u.id = answered.sender_user_id
      where replied_at is not null
      group by u.id, name order by replies desc, name`),
  );
  const asked = overall?.asked ?? 0;
  const replied = overall?.replied ?? 0;
  return {
    physicianMessages: asked,
    replied,
    responseRate: rate(replied, asked),
    medianReplyMinutes: rounded(overall?.median),
    byMember: byMember.map((row) => ({
      memberId: row.member_id,
      name: row.name,
      replies: row.replies,
      medianReplyMinutes: rounded(row.median),
    })),
  };
}

/** Invites sent in the period, by what became of them. */
async function loadInvites(db: Db, scope: ReportScope): Promise<TReport['invites']> {
  const result = rows<{ status: string; total: number }>(await db.execute(invitesQuery(scope)));
  const countOf = (status: string) => result.find((row) => row.status === status)?.total ?? 0;
  const accepted = countOf('accepted');
  const declined = countOf('declined');
  return {
    sent: result.reduce((sum, row) => sum + row.total, 0),
    accepted,
    declined,
    pending: countOf('pending'),
    cancelled: countOf('cancelled'),
    acceptanceRate: rate(accepted, accepted + declined),
  };
}

/**
 * What each member did in the period, from the activity log (organisation, member and time
 * index). The log is the organisation's, so a job filter does not narrow it; a member filter
 * and a recruiter's own view show that one member.
 */
async function loadActivity(db: Db, scope: ReportScope): Promise<TReport['activity']> {
  const result = rows<{
    member_id: string;
    name: string;
    pipeline_moves: number;
    invites_sent: number;
    messages_sent: number;
    actions: number;
  }>(await db.execute(activityQuery(scope)));
  return result.map((row) => ({
    memberId: row.member_id,
    name: row.name,
    pipelineMoves: row.pipeline_moves,
    invitesSent: row.invites_sent,
    messagesSent: row.messages_sent,
    actions: row.actions,
  }));
}

/** The jobs and members the filters offer: a recruiter sees their own jobs and themselves. */
async function loadOptions(db: Db, scope: ReportScope): Promise<TReport['options']> {
  const everyJob: ReportScope = { ...scope, jobId: null, memberId: null };
  const jobs = rows<{ id: string; title: string }>(
    await db.execute(sql`select j.id, j.title from jobs j where j.id in (${scopedJobIds(everyJob)})
      order by j.created_at desc, j.id desc`),
  );
  const members = rows<{ id: string; name: string }>(
    await db.execute(sql`select u.id, coalesce(u.full_name, u.email) as name from users u
      where u.organization_id = ${scope.organizationId} and u.role = 'employer'
        ${scope.ownJobsOf ? sql`and u.id = ${scope.ownJobsOf}` : sql``}
      order by name`),
  );
  return {
    jobs: jobs.map((job) => ({ _id: job.id, title: job.title })),
    members: members.map((member) => ({ _id: member.id, name: member.name })),
  };
}

function emptyReport(filters: TReport['filters']): TReport {
  return {
    filters,
    options: { jobs: [], members: [] },
    funnel: { overall: funnelSteps([0, 0, 0, 0, 0]), byJob: [] },
    timeInStage: TIMED_STAGES.map((stage) => ({ stage, stays: 0, medianHours: null, p90Hours: null })),
    timeToFill: { jobs: [], medianDays: null },
    sources: REPORT_SOURCES.map((source) => ({ source, count: 0 })),
    responses: {
      physicianMessages: 0,
      replied: 0,
      responseRate: null,
      medianReplyMinutes: null,
      byMember: [],
    },
    invites: { sent: 0, accepted: 0, declined: 0, pending: 0, cancelled: 0, acceptanceRate: null },
    activity: [],
  };
}

/**
 * Hiring analytics for /reports: the funnel overall and per job, time in each stage, time to
 * fill, where candidates come from, replies to physicians, invites and activity per member,
 * each one query on the real tables through the organisation's indexes.
 */
export async function getReport({ db, member, filters, now }: GetReportOptions): Promise<TReport> {
  const scope = await resolveReportScope(db, member, filters, now);
  if (!scope) {
    const today = (now ?? new Date()).toISOString().slice(0, 10);
    return emptyReport({ from: filters.from ?? today, to: filters.to ?? today, jobId: null, memberId: null });
  }
  const [options, funnel, timeInStage, timeToFill, sources, responses, invites, activity] = await Promise.all(
    [
      loadOptions(db, scope),
      loadFunnel(db, scope),
      loadTimeInStage(db, scope),
      loadTimeToFill(db, scope),
      loadSources(db, scope),
      loadResponses(db, scope),
      loadInvites(db, scope),
      loadActivity(db, scope),
    ],
  );
  return {
    filters: { from: scope.from, to: scope.to, jobId: scope.jobId, memberId: scope.memberId },
    options,
    funnel,
    timeInStage,
    timeToFill,
    sources,
    responses,
    invites,
    activity,
  };
}

/** The figures of the weekly hiring summary e-mail (ZWeeklySummaryFigures in domain terms). */
export interface WeeklyFigures {
  /** Physicians with an application (applied, or an invite accepted) created in the week. */
  newApplicants: number;
  /** Pipeline moves made in the week into each stage. */
  movedToInterview: number;
  movedToOffer: number;
  movedToHired: number;
  /** Replies to physicians, as the report's responses section counts them. */
  physicianMessages: number;
  replied: number;
  responseRate: number | null;
  medianReplyMinutes: number | null;
}

/** A whole organisation over [start, end): the scope the weekly summary reads. */
export function organizationScope(organizationId: string, start: Date, end: Date): ReportScope {
  return {
    organizationId,
    from: start.toISOString().slice(0, 10),
    to: new Date(end.getTime() - 1).toISOString().slice(0, 10),
    start,
    end,
    jobId: null,
    memberId: null,
    ownJobsOf: null,
  };
}

/**
 * The week's figures for the summary e-mail, from the same queries as /reports: the period's
 * applications (the report's cohort), the pipeline timeline's moves made in the period, and the
 * report's replies to physicians.
 */
export async function getWeeklyFigures(db: Db, scope: ReportScope): Promise<WeeklyFigures> {
  const [applicants] = rows<{ total: number }>(
    await db.execute(sql`with cohort as (${cohort(scope)})
      select count(distinct physician_id)::int as total from cohort`),
  );
  const moves = rows<{ stage: string; total: number }>(
    await db.execute(sql`select e.to_status::text as stage, count(*)::int as total
      from application_events e join applications a on a.id = e.application_id
      where a.organization_id = ${scope.organizationId}
        and e.to_status in ('Interview', 'Offer', 'Hired')
        and e.from_status is distinct from e.to_status
        and e.created_at >= ${scope.start.toISOString()}::timestamptz
        and e.created_at < ${scope.end.toISOString()}::timestamptz
        and a.job_id in (${scopedJobIds(scope)})
        and ${isNotHiddenFrom(scope.organizationId, sql`a.physician_id`)}
      group by e.to_status`),
  );
  const movesTo = (stage: string) => moves.find((row) => row.stage === stage)?.total ?? 0;
  const responses = await loadResponses(db, scope);
  return {
    newApplicants: applicants?.total ?? 0,
    movedToInterview: movesTo('Interview'),
    movedToOffer: movesTo('Offer'),
    movedToHired: movesTo('Hired'),
    physicianMessages: responses.physicianMessages,
    replied: responses.replied,
    responseRate: responses.responseRate,
    medianReplyMinutes: responses.medianReplyMinutes,
  };
}
