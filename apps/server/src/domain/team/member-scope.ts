import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { jobs } from '../../db/schema/jobs.ts';
import type { JobOwner } from '../jobs/job-owner.ts';

/** A delegate works only on the jobs given to them: the data rule every employer query applies. */
export function isDelegate(owner: JobOwner): boolean {
  return owner.memberRole === 'delegate';
}

/** Limits a query of `jobs` to the delegate's jobs; undefined (no limit) for every other role. */
export function delegateJobCondition(owner: JobOwner): SQL | undefined {
  return isDelegate(owner) ? delegateJobsOf(owner.userId) : undefined;
}

/**
 * The jobs a delegate may see, for `userId`: a value, or the placeholder of a query prepared once
 * for every delegate (the job list).
 */
export function delegateJobsOf(userId: string | SQLWrapper): SQL {
  return eq(jobs.assigneeUserId, userId);
}

/**
 * Limits rows that point at a job (applications, matches, conversations) to the delegate's jobs;
 * undefined for every other role. A row with no job is outside every delegate's reach.
 */
export function delegateJobRowCondition(owner: JobOwner, jobIdColumn: AnyPgColumn): SQL | undefined {
  if (!isDelegate(owner)) return undefined;
  return sql`${jobIdColumn} in (select ${jobs.id} from ${jobs} where ${jobs.assigneeUserId} = ${owner.userId})`;
}
