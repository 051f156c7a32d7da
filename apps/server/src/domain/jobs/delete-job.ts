import type { TDeleteJobData } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { recordActivity } from '../team/record-activity.ts';
import { countOneJobActivity } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { findOwnedJob } from './jobs-repository.ts';

export interface DeleteJobOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
}

/**
 * Deletes the job, unless candidates applied or were matched to it: then it is closed and kept,
 * because their applications, matches and conversations still point at it.
 */
export async function deleteJob({ db, owner, jobId }: DeleteJobOptions): Promise<TDeleteJobData> {
  return db.transaction(async (tx) => {
    const job = await findOwnedJob(tx, owner, jobId, { isLocked: true });
    const activity = await countOneJobActivity(tx, job.id, { isIncludingHidden: true });
    if (activity.applicantCount > 0 || activity.matchCount > 0) {
      await tx.update(jobs).set({ status: 'closed', updatedAt: new Date() }).where(eq(jobs.id, job.id));
      await recordActivity(tx, {
        organizationId: job.organizationId,
        actorUserId: owner.userId,
        type: 'job.status_changed',
        summary: `Closed the job “${job.title}” (it has applicants or invites, so it was kept instead of deleted)`,
        subjectType: 'job',
        subjectId: job.id,
        details: { from: job.status, to: 'closed' },
      });
      return { deleted: false, closed: true };
    }
    await tx.delete(jobs).where(eq(jobs.id, job.id));
    await recordActivity(tx, {
      organizationId: job.organizationId,
      actorUserId: owner.userId,
      type: 'job.deleted',
      summary: `Deleted the job “${job.title}”`,
      subjectType: 'job',
      subjectId: job.id,
    });
    return { deleted: true, closed: false };
  });
}
