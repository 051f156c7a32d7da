import type { TPhysicianJob, TPhysicianJobList, TPhysicianJobsQuery } from '@medhire/contract/physicians';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs, type TJobRow } from '../../db/schema/jobs.ts';
import { isUuid } from '../../lib/ids.ts';
import { NO_ACTIVITY } from '../jobs/job-activity-counts.ts';
import { toJob } from '../jobs/job-view.ts';
import { jobNotFound } from '../jobs/jobs-repository.ts';

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

type JobWithOrganization = {
  job: TJobRow;
  organization: { id: string; name: string | null; logo: string | null };
};

/** A job as the physician sees it: the posting without the employer's counts, who posts it, and whether they applied. */
function toPhysicianJob({ job, organization }: JobWithOrganization, hasApplied: boolean): TPhysicianJob {
  const { applicantCount, matchCount, inviteCounts, assignee, ...posting } = toJob(job, NO_ACTIVITY);
  return {
    ...posting,
    organization: { _id: organization.id, name: organization.name ?? '', logo: organization.logo },
    hasApplied,
  };
}

async function appliedJobIds(db: Db, physicianId: string, jobIds: readonly string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .select({ jobId: applications.jobId })
    .from(applications)
    .where(and(eq(applications.physicianId, physicianId), inArray(applications.jobId, [...jobIds])));
  return new Set(rows.map((row) => row.jobId));
}

export interface ListOpenJobsOptions {
  db: Db;
  physicianId: string;
  query: TPhysicianJobsQuery;
}

/**
 * Open jobs of every organisation, newest first, one page at a time: title text (ignoring case),
 * specialty and a state among the job's locations narrow the list.
 */
export async function listOpenJobs({
  db,
  physicianId,
  query,
}: ListOpenJobsOptions): Promise<TPhysicianJobList> {
  const { pageSize, pageNumber } = query;
  const conditions: SQL[] = [eq(jobs.status, 'open')];
  if (query.specialty) conditions.push(eq(jobs.specialtyId, query.specialty));
  if (query.state) {
    conditions.push(sql`${jobs.locations} @> ${JSON.stringify([{ state: query.state }])}::jsonb`);
  }
  if (query.queryText) {
    const pattern = `%${escapeLikePattern(query.queryText.toLowerCase())}%`;
    conditions.push(sql`lower(${jobs.title}) like ${pattern}`);
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      job: jobs,
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
    })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(jobs).where(where);
  const applied = await appliedJobIds(
    db,
    physicianId,
    rows.map((row) => row.job.id),
  );
  return {
    jobs: rows.map((row) => toPhysicianJob(row, applied.has(row.job.id))),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}

export interface GetOpenJobOptions {
  db: Db;
  physicianId: string;
  jobId: string;
}

/**
 * One job: an open one, or one the physician applied to (they may follow it after it closes).
 * Anything else answers the same 404.
 */
export async function getOpenJob({ db, physicianId, jobId }: GetOpenJobOptions): Promise<TPhysicianJob> {
  if (!isUuid(jobId)) throw jobNotFound();
  const [row] = await db
    .select({
      job: jobs,
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
      applicationId: applications.id,
    })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .leftJoin(applications, and(eq(applications.jobId, jobs.id), eq(applications.physicianId, physicianId)))
    .where(and(eq(jobs.id, jobId), or(eq(jobs.status, 'open'), sql`${applications.id} is not null`)))
    .limit(1);
  if (!row) throw jobNotFound();
  return toPhysicianJob(row, row.applicationId !== null);
}
