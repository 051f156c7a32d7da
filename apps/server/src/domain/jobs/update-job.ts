import type { TJob, TUpdateJobBody } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { recordActivity } from '../team/record-activity.ts';
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
  return db.transaction(async (tx) => {
    const before = await findOwnedJob(tx, owner, jobId, { isLocked: true });
    assertJobReferences(job);
    const [row] = await tx
      .update(jobs)
      .set({ ...jobFieldsToColumns(job), updatedAt: new Date() })
      .where(eq(jobs.id, jobId))
      .returning();
    if (!row) throw jobNotFound();
    await recordActivity(tx, {
      organizationId: row.organizationId,
      actorUserId: owner.userId,
      type: 'job.edited',
      summary:
        before.title === row.title
          ? `Edited the job “${row.title}”`
          : `Edited the job “${row.title}” (was “${before.title}”)`,
      subjectType: 'job',
      subjectId: row.id,
    });
    return toJob(row, await countOneJobActivity(tx, row.id), await loadMemberRef(tx, row.assigneeUserId));
  });
}
