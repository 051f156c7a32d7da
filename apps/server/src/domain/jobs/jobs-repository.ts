import { JOB_MESSAGES } from '@medhire/contract/jobs';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs, type TJobRow } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { delegateJobCondition } from '../team/member-scope.ts';
import type { JobOwner } from './job-owner.ts';

export function jobNotFound(): AppError {
  return new AppError('NOT_FOUND', JOB_MESSAGES.notFound);
}

export interface FindOwnedJobOptions {
  /** Lock the row until the transaction ends (for read-then-write changes). */
  isLocked?: boolean;
}

/**
 * The job, when it belongs to the organisation (and, for a delegate, is assigned to them). Another organisation's job, a job that does
 * not exist and an id that is not even well-formed all answer the same 404, so a caller learns
 * nothing about jobs that are not theirs.
 */
export async function findOwnedJob(
  db: Db,
  owner: JobOwner,
  jobId: string,
  options: FindOwnedJobOptions = {},
): Promise<TJobRow> {
  const { organizationId } = owner;
  if (!organizationId || !isUuid(jobId)) throw jobNotFound();
  const query = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.organizationId, organizationId), delegateJobCondition(owner)))
    .limit(1);
  const [job] = options.isLocked ? await query.for('update') : await query;
  if (!job) throw jobNotFound();
  return job;
}
