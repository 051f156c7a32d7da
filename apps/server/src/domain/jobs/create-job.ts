import type { TCreateJobBody, TJob } from '@medhire/contract/jobs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { queueJobAlertMatching } from '../physicians/alerts/match-job-alerts.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { recordActivity } from '../team/record-activity.ts';
import { NO_ACTIVITY } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { assertJobReferences } from './job-references.ts';
import { jobFieldsToColumns, toJob } from './job-view.ts';

export const ORGANIZATION_REQUIRED_MESSAGE = 'Set up your organization profile before posting a job.';

export interface CreateJobOptions {
  db: Db;
  owner: JobOwner;
  job: TCreateJobBody;
  /** When the job was posted; now unless given (demo data posts jobs over past weeks). */
  createdAt?: Date;
  /**
   * Whether an open job is announced to physicians' job alerts (through the job queue). The
   * benchmark data set is written straight to a database without the server's queue, and no
   * physician there has alerts.
   */
  isAnnouncedToAlerts?: boolean;
}

/** Posts a job for the employer's organisation, as a draft or open. */
export async function createJob({
  db,
  owner,
  job,
  createdAt,
  isAnnouncedToAlerts = true,
}: CreateJobOptions): Promise<TJob> {
  if (!owner.organizationId) throw new AppError('BUSINESS_RULE', ORGANIZATION_REQUIRED_MESSAGE);
  assertJobReferences(job);
  // clock_timestamp(), not now(): jobs posted in one transaction still get distinct, ordered times.
  const postedAt = createdAt ?? sql`clock_timestamp()`;
  const organizationId = owner.organizationId;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(jobs)
      .values({
        ...jobFieldsToColumns(job),
        organizationId,
        createdByUserId: owner.userId,
        // A job belongs to whoever posts (or copies) it until someone assigns it to another member.
        assigneeUserId: owner.userId,
        status: job.status,
        createdAt: postedAt,
        updatedAt: postedAt,
      })
      .returning();
    if (!inserted) throw new Error('The job was not stored.');
    await recordActivity(tx, {
      organizationId,
      actorUserId: owner.userId,
      type: 'job.created',
      summary:
        inserted.status === 'open'
          ? `Posted the job “${inserted.title}”`
          : `Created the job “${inserted.title}” as a ${inserted.status}`,
      subjectType: 'job',
      subjectId: inserted.id,
      details: { status: inserted.status },
      createdAt,
    });
    if (inserted.status === 'open' && isAnnouncedToAlerts) await queueJobAlertMatching(tx, inserted.id);
    return inserted;
  });
  return toJob(row, NO_ACTIVITY, await loadMemberRef(db, row.assigneeUserId));
}
