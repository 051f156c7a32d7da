import type { TJob, TUpdateJobBody } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { countOneJobActivity } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { assertJobReferences } from './job-references.ts';
import { jobFieldsToColumns, toJob } from './job-view.ts';
import { findOwnedJob, jobNotFound } from './jobs-repository.ts';

export interface UpdateJobOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
  job: TUpdateJobBody;
}

/** Replaces every editable field of the job (a field left out is cleared); its status stays. */
export async function updateJob({ db, owner, jobId, job }: UpdateJobOptions): Promise<TJob> {
  await findOwnedJob(db, owner, jobId);
  assertJobReferences(job);
  const [row] = await db
    .update(jobs)
    .set({ ...jobFieldsToColumns(job), updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
    .returning();
  if (!row) throw jobNotFound();
  return toJob(row, await countOneJobActivity(db, row.id), await loadMemberRef(db, row.assigneeUserId));
}
