import type { TPhysicianApplication } from '@medhire/contract/physicians';
import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { applicationEvents, applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicianHiddenOrganizations } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { jobNotFound } from '../jobs/jobs-repository.ts';
import { notifyOrganization } from '../notifications/notify.ts';
import { toPhysicianApplication } from './application-view.ts';
import { findPhysicianWithEmail, fullNameOf, isProfileComplete } from './physician-profile.ts';

export interface ApplyToJobOptions {
  db: Db;
  physicianId: string;
  jobId: string;
  coverLetter?: string;
  now?: Date;
}

/**
 * The physician applies to an open job: the application enters the pipeline as Submitted, its
 * first timeline event is the physician's, and every employer user of the organisation is told
 * (APPLY_ON_JOB). One application per job and physician (409 for a second).
 */
export async function applyToJob({
  db,
  physicianId,
  jobId,
  coverLetter,
  now = new Date(),
}: ApplyToJobOptions): Promise<TPhysicianApplication> {
  if (!isUuid(jobId)) throw jobNotFound();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ job: jobs, organizationName: organizations.name })
      .from(jobs)
      .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
      .where(eq(jobs.id, jobId))
      .limit(1)
      // Held until commit, so the job cannot close between the check and the application.
      .for('share', { of: jobs });
    // A draft was never published: physicians cannot see it, so it answers like an unknown job.
    if (!found || found.job.status === 'draft') throw jobNotFound();
    const { job } = found;
    if (job.status !== 'open') throw new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.jobNotOpen);
    const { physician } = await findPhysicianWithEmail(tx, physicianId);
    const [hidden] = await tx
      .select({ organizationId: physicianHiddenOrganizations.organizationId })
      .from(physicianHiddenOrganizations)
      .where(
        and(
          eq(physicianHiddenOrganizations.physicianId, physicianId),
          eq(physicianHiddenOrganizations.organizationId, job.organizationId),
        ),
      )
      .limit(1);
    // An application the organisation cannot see would wait for an answer that never comes.
    if (hidden) throw new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.organizationHidden);
    if (!isProfileComplete(physician)) {
      throw new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.profileIncomplete);
    }

    const [application] = await tx
      .insert(applications)
      .values({
        jobId,
        organizationId: job.organizationId,
        physicianId,
        source: 'application',
        pipelineStatus: 'Submitted',
        coverLetter: coverLetter || null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [applications.jobId, applications.physicianId] })
      .returning();
    if (!application) throw new AppError('CONFLICT', PHYSICIAN_MESSAGES.alreadyApplied);
    await tx.insert(applicationEvents).values({
      applicationId: application.id,
      fromStatus: null,
      toStatus: 'Submitted',
      actor: 'physician',
      createdAt: now,
    });
    await notifyOrganization({
      db: tx,
      organizationId: job.organizationId,
      type: 'APPLY_ON_JOB',
      title: 'New applicant',
      body: `${fullNameOf(physician)} applied to ${job.title}.`,
      data: { jobId, physicianId },
      now,
    });
    return toPhysicianApplication({
      ...application,
      jobTitle: job.title,
      organizationName: found.organizationName,
    });
  });
}
