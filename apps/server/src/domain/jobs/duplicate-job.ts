import { JOB_LIMITS, type TJob } from '@medhire/contract/jobs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { recordActivity } from '../team/record-activity.ts';
import { NO_ACTIVITY } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { jobRowToColumns, toJob } from './job-view.ts';
import { findOwnedJob } from './jobs-repository.ts';

const COPY_SUFFIX = ' (copy)';

/** "<title> (copy)", shortened so the copy's title is still a valid title. */
export function copyTitle(title: string): string {
  return `${title.slice(0, JOB_LIMITS.titleMax - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

export interface DuplicateJobOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
}

/** A draft copy of the job, to post a similar one; applicants and matches stay with the original. */
export async function duplicateJob({ db, owner, jobId }: DuplicateJobOptions): Promise<TJob> {
  const original = await findOwnedJob(db, owner, jobId);
  const row = await db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(jobs)
      .values({
        ...jobRowToColumns(original),
        title: copyTitle(original.title),
        organizationId: original.organizationId,
        createdByUserId: owner.userId,
        // A job belongs to whoever posts (or copies) it until someone assigns it to another member.
        assigneeUserId: owner.userId,
        status: 'draft',
        createdAt: sql`clock_timestamp()`,
        updatedAt: sql`clock_timestamp()`,
      })
      .returning();
    if (!copy) throw new Error('The job copy was not stored.');
    await recordActivity(tx, {
      organizationId: copy.organizationId,
      actorUserId: owner.userId,
      type: 'job.created',
      summary: `Copied the job “${original.title}” as the draft “${copy.title}”`,
      subjectType: 'job',
      subjectId: copy.id,
      details: { status: copy.status, copiedFromJobId: original.id },
    });
    return copy;
  });
  return toJob(row, NO_ACTIVITY, await loadMemberRef(db, row.assigneeUserId));
}
