import type { TJob, TJobStatus } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { queueJobAlertMatching } from '../physicians/alerts/match-job-alerts.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { recordActivity } from '../team/record-activity.ts';
import { countOneJobActivity } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { toJob } from './job-view.ts';
import { findOwnedJob, jobNotFound } from './jobs-repository.ts';

export interface UpdateJobStatusOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
  status: TJobStatus;
  /** When the change happens; now unless given (the demo data closes a job in the past). */
  now?: Date;
}

/** The activity log's words for a change of status. */
export function statusChangeSummary(from: TJobStatus, to: TJobStatus, title: string): string {
  if (to === 'closed') return `Closed the job “${title}”`;
  if (to === 'draft') return `Returned the job “${title}” to draft`;
  return from === 'closed' ? `Reopened the job “${title}”` : `Published the job “${title}”`;
}

/** Publishes (open), closes or shelves (draft) a job; any status may follow any other. */
export async function updateJobStatus({
  db,
  owner,
  jobId,
  status,
  now = new Date(),
}: UpdateJobStatusOptions): Promise<TJob> {
  return db.transaction(async (tx) => {
    const before = await findOwnedJob(tx, owner, jobId, { isLocked: true });
    const [row] = await tx.update(jobs).set({ status, updatedAt: now }).where(eq(jobs.id, jobId)).returning();
    if (!row) throw jobNotFound();
    // Setting the status a job already has changes nothing, so it is not logged.
    if (before.status !== status) {
      await recordActivity(tx, {
        organizationId: row.organizationId,
        actorUserId: owner.userId,
        type: 'job.status_changed',
        summary: statusChangeSummary(before.status, status, row.title),
        subjectType: 'job',
        subjectId: row.id,
        details: { from: before.status, to: status },
        createdAt: now,
      });
      // Published or reopened: physicians' alerts hear of it (a job already told stays told).
      if (status === 'open') await queueJobAlertMatching(tx, row.id);
    }
    return toJob(row, await countOneJobActivity(tx, row.id), await loadMemberRef(tx, row.assigneeUserId));
  });
}
