import type { TGetAllJobsQuery, TJobList } from '@medhire/contract/jobs';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { users } from '../../db/schema/accounts.ts';
import { jobActivityCounts } from '../../db/schema/hiring.ts';
import { jobs, type TJobRow } from '../../db/schema/jobs.ts';
import { memberNameSql } from '../team/member-ref.ts';
import { delegateJobsOf, isDelegate } from '../team/member-scope.ts';
import { type JobFigures, jobActivityFromFigures } from './job-activity-counts.ts';
import type { JobListCache } from './job-list-cache.ts';
import type { JobOwner } from './job-owner.ts';
import { toJob } from './job-view.ts';

export interface ListJobsOptions {
  db: Db;
  owner: JobOwner;
  query: TGetAllJobsQuery;
  /** This instance's cache of recently read pages (domain/jobs/job-list-cache.ts), when it keeps one. */
  cache?: JobListCache;
}

/**
 * A page row's job as `row_to_json` writes it: every column of `jobs` by its SQL name, the
 * timestamps as ISO 8601 text. One JSON column per row, parsed by postgres.js in one
 * `JSON.parse`, instead of some forty columns each parsed by the driver and then mapped by
 * Drizzle field by field (together about a fifth of the server's time on this list).
 */
interface JobJsonRow {
  id: string;
  organization_id: string;
  created_by_user_id: string | null;
  assignee_user_id: string | null;
  status: TJobRow['status'];
  filled_at: string | null;
  title: string;
  specialty_id: string;
  sub_specialty_ids: string[];
  employment_type: string;
  reason_for_job_opp: string | null;
  description: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_pay_type: TJobRow['salaryPayType'];
  sign_on_bonus: number | null;
  productive_bonus: number | null;
  stipend_training: number | null;
  loan_repayment_assistance: number | null;
  vacation_weeks: number | null;
  call_schedule: string | null;
  required_travel: boolean | null;
  additional_context: string | null;
  half_days_per_week: TJobRow['halfDaysPerWeek'];
  advanced_tech: boolean | null;
  electronic_med_record: string | null;
  scribe_support: boolean | null;
  support_benefit_perks: string[];
  partnership_offered: boolean | null;
  partnership_answers: string[];
  academic_research_opportunity: boolean | null;
  mentorship: boolean | null;
  speaker_ship: boolean | null;
  global_missions: boolean | null;
  locations: TJobRow['locations'];
  created_at: string;
  updated_at: string;
}

/** The stored job as Drizzle would have read it, from its JSON form. */
function jobRowFromJson(json: JobJsonRow): TJobRow {
  return {
    id: json.id,
    organizationId: json.organization_id,
    createdByUserId: json.created_by_user_id,
    assigneeUserId: json.assignee_user_id,
    status: json.status,
    filledAt: json.filled_at === null ? null : new Date(json.filled_at),
    title: json.title,
    specialtyId: json.specialty_id,
    subSpecialtyIds: json.sub_specialty_ids,
    employmentType: json.employment_type,
    reasonForJobOpp: json.reason_for_job_opp,
    description: json.description,
    salaryMin: json.salary_min,
    salaryMax: json.salary_max,
    salaryPayType: json.salary_pay_type,
    signOnBonus: json.sign_on_bonus,
    productiveBonus: json.productive_bonus,
    stipendTraining: json.stipend_training,
    loanRepaymentAssistance: json.loan_repayment_assistance,
    vacationWeeks: json.vacation_weeks,
    callSchedule: json.call_schedule,
    requiredTravel: json.required_travel,
    additionalContext: json.additional_context,
    halfDaysPerWeek: json.half_days_per_week,
    advancedTech: json.advanced_tech,
    electronicMedRecord: json.electronic_med_record,
    scribeSupport: json.scribe_support,
    supportBenefitPerks: json.support_benefit_perks,
    partnershipOffered: json.partnership_offered,
    partnershipAnswers: json.partnership_answers,
    academicResearchOpportunity: json.academic_research_opportunity,
    mentorship: json.mentorship,
    speakerShip: json.speaker_ship,
    globalMissions: json.global_missions,
    locations: json.locations,
    createdAt: new Date(json.created_at),
    updatedAt: new Date(json.updated_at),
  };
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Which of the list's filters a call uses: one prepared query per combination. */
interface JobListShape {
  isDelegate: boolean;
  hasAssignee: boolean;
  hasStatus: boolean;
  hasSpecialty: boolean;
  hasSearch: boolean;
}

/**
 * The list's query, built once per filter combination with placeholders for every value:
 * building it (a CTE over every column of `jobs`, two correlated counts) cost the server more
 * than the database spent running it. Its SQL text is the same on every call, so each pooled
 * connection also parses and plans it once.
 */
function prepareJobList(db: Db, shape: JobListShape) {
  const conditions: SQL[] = [eq(jobs.organizationId, sql.placeholder('organizationId'))];
  if (shape.isDelegate) conditions.push(delegateJobsOf(sql.placeholder('userId')));
  if (shape.hasAssignee) conditions.push(eq(jobs.assigneeUserId, sql.placeholder('assigneeId')));
  if (shape.hasStatus) conditions.push(eq(jobs.status, sql.placeholder('status')));
  if (shape.hasSpecialty) conditions.push(eq(jobs.specialtyId, sql.placeholder('specialty')));
  if (shape.hasSearch) conditions.push(sql`lower(${jobs.title}) like ${sql.placeholder('pattern')}`);
  const where = and(...conditions);

  // One round trip. The page is chosen first (the organisation's index gives the order, so
  // LIMIT stops after pageSize rows), and only its rows are joined to their assignee and their
  // figures. The total is its own scalar count over the same conditions. Inside that subquery
  // "jobs" names the subquery's own table, so the conditions bind to it. Each job's applicant and
  // invite figures are one row of job_activity_counts, kept by the writes themselves (migration
  // 0036), instead of two counts per page row over the job's applications and invites.
  const page = db.$with('page').as(
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...newestFirst(jobs.createdAt, jobs.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const list = db
    .with(page)
    .select({
      // The whole page row as one JSON value (see JobJsonRow): Drizzle maps five fields a row.
      job: sql<JobJsonRow>`row_to_json(${page})`,
      assigneeName: memberNameSql,
      total: sql<number>`(select count(*) from ${jobs} where ${where})`.mapWith(Number),
      // Physicians who hid from the organisation are left out of every figure (the triggers
      // subtract them when they hide).
      figures: sql<JobFigures>`json_build_array(${jobActivityCounts.applicants}, ${jobActivityCounts.invites},
        ${jobActivityCounts.pending}, ${jobActivityCounts.accepted}, ${jobActivityCounts.declined})`.mapWith(
        (value: JobFigures | string): JobFigures => (typeof value === 'string' ? JSON.parse(value) : value),
      ),
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.assigneeUserId))
    .leftJoin(jobActivityCounts, eq(jobActivityCounts.jobId, page.id))
    .orderBy(...newestFirst(page.createdAt, page.id))
    .prepare('list_jobs');
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const total = db.select({ total: count() }).from(jobs).where(where).prepare('count_jobs');
  return { list, total };
}

const jobListQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareJobList>>>();

function jobListQuery(db: Db, shape: JobListShape): ReturnType<typeof prepareJobList> {
  let queries = jobListQueries.get(db);
  if (!queries) {
    queries = new Map();
    jobListQueries.set(db, queries);
  }
  const key = Object.values(shape).join();
  let query = queries.get(key);
  if (!query) {
    query = prepareJobList(db, shape);
    queries.set(key, query);
  }
  return query;
}

/**
 * The organisation's jobs, newest first, one page at a time. `queryText` matches anywhere in
 * the title, ignoring case. Every condition sits on top of the organisation's own rows, which
 * jobs_organization_created_idx reaches and orders, so a search reads one organisation's jobs
 * and no one else's.
 */
export async function listJobs({ db, owner, query, cache }: ListJobsOptions): Promise<TJobList> {
  const { pageSize, pageNumber } = query;
  if (!owner.organizationId) return { jobs: [], total: 0, pageNumber, pageSize };

  const assigneeId = query.assigneeId === 'me' ? owner.userId : query.assigneeId;
  const shape: JobListShape = {
    isDelegate: isDelegate(owner),
    hasAssignee: assigneeId !== undefined,
    hasStatus: query.status !== undefined,
    hasSpecialty: query.specialty !== undefined,
    hasSearch: Boolean(query.queryText),
  };
  const values = {
    organizationId: owner.organizationId,
    userId: owner.userId,
    assigneeId,
    status: query.status,
    specialty: query.specialty,
    pattern: query.queryText ? `%${escapeLikePattern(query.queryText.toLowerCase())}%` : undefined,
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  };
  // Every member of the organisation sees the same page for the same filters, except a
  // delegate, whose page holds only their own jobs.
  const cacheKey = cache
    ? [
        owner.organizationId,
        shape.isDelegate ? owner.userId : '',
        assigneeId ?? '',
        values.status ?? '',
        values.specialty ?? '',
        values.pattern ?? '',
        values.limit,
        values.offset,
      ].join('\u0000')
    : '';
  const cached = cache?.get(cacheKey, Date.now());
  if (cached) return cached;
  const ticket = cache?.ticket() ?? 0;
  const list = await readJobList(db, shape, values, pageNumber, pageSize);
  cache?.store(cacheKey, owner.organizationId, list, ticket, Date.now());
  return list;
}

async function readJobList(
  db: Db,
  shape: JobListShape,
  values: Record<string, unknown> & { limit: number },
  pageNumber: number,
  pageSize: number,
): Promise<TJobList> {
  const prepared = jobListQuery(db, shape);
  const rows = await prepared.list.execute(values);
  const total =
    rows[0]?.total ?? (pageNumber > 1 ? ((await prepared.total.execute(values))[0]?.total ?? 0) : 0);
  return {
    jobs: rows.map((row) => {
      const job = jobRowFromJson(row.job);
      return toJob(
        job,
        jobActivityFromFigures(row.figures),
        job.assigneeUserId && row.assigneeName
          ? { _id: job.assigneeUserId, fullName: row.assigneeName }
          : null,
      );
    }),
    total,
    pageNumber,
    pageSize,
  };
}
