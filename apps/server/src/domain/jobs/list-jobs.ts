import type { TGetAllJobsQuery, TJobList } from '@medhire/contract/jobs';
import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { users } from '../../db/schema/accounts.ts';
import { applications, matches } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { memberNameSql } from '../team/member-ref.ts';
import { delegateJobsOf, isDelegate } from '../team/member-scope.ts';
import type { JobOwner } from './job-owner.ts';
import { toJob } from './job-view.ts';

export interface ListJobsOptions {
  db: Db;
  owner: JobOwner;
  query: TGetAllJobsQuery;
}

type JobColumnKey = keyof typeof jobs.$inferSelect;
/** Every column of `jobs`, by its field name: the page's columns are selected one by one. */
const JOB_COLUMN_KEYS = Object.keys(getTableColumns(jobs)) as JobColumnKey[];

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
  // LIMIT stops after pageSize rows), and only its rows are joined to their assignee and
  // counted: a window count over every matching job would join and carry each of them before
  // the LIMIT, three times the work for an organisation with 500 postings. The total is its own
  // scalar count over the same conditions, and each job's applicant and match counts are
  // correlated counts through the job-leading indexes of applications and matches (the same
  // figures countJobActivity gives). Inside those subqueries "jobs" names the subquery's own
  // table, so the conditions bind to it.
  type MatchCounts = { total: number; pending: number; accepted: number; declined: number };
  const page = db.$with('page').as(
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...newestFirst(jobs.createdAt, jobs.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const pageJob = Object.fromEntries(JOB_COLUMN_KEYS.map((key) => [key, page[key]])) as {
    [Key in JobColumnKey]: (typeof page)[Key];
  };
  const list = db
    .with(page)
    .select({
      job: pageJob,
      assigneeName: memberNameSql,
      total: sql<number>`(select count(*) from ${jobs} where ${where})`.mapWith(Number),
      // Physicians who hid from the organisation are left out of every figure it sees.
      applicantCount: sql<number>`(select count(*) from ${applications} as job_application
        where job_application.job_id = ${page.id}
          and ${isNotHiddenFrom(sql`job_application.organization_id`, sql`job_application.physician_id`)})`.mapWith(
        Number,
      ),
      // Every invite and those by answer in one pass over the job's matches.
      matchCounts: sql<MatchCounts>`(select json_build_object(
          'total', count(*),
          'pending', count(*) filter (where job_match.status = 'pending'),
          'accepted', count(*) filter (where job_match.status = 'accepted'),
          'declined', count(*) filter (where job_match.status = 'declined'))
        from ${matches} as job_match where job_match.job_id = ${page.id}
          and ${isNotHiddenFrom(sql`job_match.organization_id`, sql`job_match.physician_id`)})`.mapWith(
        (value: MatchCounts | string): MatchCounts => (typeof value === 'string' ? JSON.parse(value) : value),
      ),
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.assigneeUserId))
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
export async function listJobs({ db, owner, query }: ListJobsOptions): Promise<TJobList> {
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
  const prepared = jobListQuery(db, shape);
  const rows = await prepared.list.execute(values);
  const total =
    rows[0]?.total ?? (pageNumber > 1 ? ((await prepared.total.execute(values))[0]?.total ?? 0) : 0);
  return {
    jobs: rows.map((row) =>
      toJob(
        row.job,
        {
          applicantCount: row.applicantCount,
          matchCount: row.matchCounts.total,
          inviteCounts: {
            pending: row.matchCounts.pending,
            accepted: row.matchCounts.accepted,
            declined: row.matchCounts.declined,
          },
        },
        row.job.assigneeUserId && row.assigneeName
          ? { _id: row.job.assigneeUserId, fullName: row.assigneeName }
          : null,
      ),
    ),
    total,
    pageNumber,
    pageSize,
  };
}
