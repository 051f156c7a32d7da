import type { TJob, TJobStatus } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { countOneJobActivity } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { toJob } from './job-view.ts';
import { findOwnedJob, jobNotFound } from './jobs-repository.ts';

export interface UpdateJobStatusOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
  status: TJobStatus;
}

/** Publishes (open), closes or shelves (draft) a job; any status may follow any other. */
export async function updateJobStatus({ db, owner, jobId, status }: UpdateJobStatusOptions): Promise<TJob> {
  await findOwnedJob(db, owner, jobId);
  const [row] = await db
    .update(jobs)
    .set({ status, updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
    .returning();
  if (!row) throw jobNotFound();
  return toJob(row, await countOneJobActivity(db, row.id), await loadMemberRef(db, row.assigneeUserId));
}
