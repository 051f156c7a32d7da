import type { TApplicant } from '@medhire/contract/applicants';
import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import type { TJob } from '@medhire/contract/jobs';
import { TEAM_MESSAGES } from '@medhire/contract/team';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { loadApplicantViews } from '../applicants/applicant-views.ts';
import { getJob } from '../jobs/get-job.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { findOwnedJob } from '../jobs/jobs-repository.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { findMember, memberName } from './member-ref.ts';
import { recordActivity } from './record-activity.ts';

/** The assignee must be a current member of the organisation; null leaves it with nobody. */
export async function resolveAssignee(db: Db, organizationId: string, assigneeId: string | null) {
  if (assigneeId === null) return null;
  const member = isUuid(assigneeId) ? await findMember(db, organizationId, assigneeId) : undefined;
  if (!member) throw new AppError('BUSINESS_RULE', TEAM_MESSAGES.assigneeNotMember);
  return member;
}

export interface AssignJobOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
  assigneeId: string | null;
}

/** Gives a job to a member (its "owner"); a delegate given a job sees it and its applicants. */
export async function assignJob({ db, owner, jobId, assigneeId }: AssignJobOptions): Promise<TJob> {
  await db.transaction(async (tx) => {
    const job = await findOwnedJob(tx, owner, jobId, { isLocked: true });
    const assignee = await resolveAssignee(tx, job.organizationId, assigneeId);
    await tx
      .update(jobs)
      .set({ assigneeUserId: assignee?.id ?? null, updatedAt: new Date() })
      .where(eq(jobs.id, job.id));
    await recordActivity(tx, {
      organizationId: job.organizationId,
      actorUserId: owner.userId,
      type: 'job.assigned',
      summary: assignee
        ? `Assigned ${job.title} to ${memberName(assignee)}`
        : `Left ${job.title} with nobody in particular`,
      subjectType: 'job',
      subjectId: job.id,
      details: { assigneeId: assignee?.id ?? null },
    });
  });
  return getJob({ db, owner, jobId });
}

export interface AssignApplicationOptions {
  db: Db;
  owner: JobOwner;
  applicationId: string;
  assigneeId: string | null;
}

/** Gives an applicant (their application to one job) to a member; answers the applicant. */
export async function assignApplication({
  db,
  owner,
  applicationId,
  assigneeId,
}: AssignApplicationOptions): Promise<TApplicant> {
  const organizationId = owner.organizationId;
  const notFound = () => new AppError('NOT_FOUND', APPLICANT_MESSAGES.applicationNotFound);
  if (!organizationId || !isUuid(applicationId)) throw notFound();
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id, physicianId: applications.physicianId, jobTitle: jobs.title })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(
        and(
          eq(applications.id, applicationId),
          eq(applications.organizationId, organizationId),
          isNotHiddenFrom(organizationId, applications.physicianId),
        ),
      )
      .limit(1)
      .for('update', { of: applications });
    if (!application) throw notFound();
    const assignee = await resolveAssignee(tx, organizationId, assigneeId);
    await writeApplicationAssignee(tx, { owner: { ...owner, organizationId }, application, assignee });
    const [applicant] = await loadApplicantViews({
      db: tx,
      organizationId,
      physicianIds: [application.physicianId],
      viewer: owner,
      withHistory: true,
    });
    if (!applicant) throw notFound();
    return applicant;
  });
}

export interface ApplicationAssignment {
  owner: JobOwner & { organizationId: string };
  /** The application as read (and locked) by the caller. */
  application: { id: string; physicianId: string; jobTitle: string };
  /** A member found by resolveAssignee; null: nobody in particular. */
  assignee: Awaited<ReturnType<typeof resolveAssignee>>;
  now?: Date;
}

/**
 * The writes of one assignment, inside the caller's transaction: the new assignee and its
 * activity-log line. The caller has checked the application is theirs and the assignee a member.
 */
export async function writeApplicationAssignee(
  tx: Db,
  { owner, application, assignee, now = new Date() }: ApplicationAssignment,
): Promise<void> {
  await tx
    .update(applications)
    .set({ assigneeUserId: assignee?.id ?? null, updatedAt: now })
    .where(eq(applications.id, application.id));
  await recordActivity(tx, {
    organizationId: owner.organizationId,
    actorUserId: owner.userId,
    type: 'applicant.assigned',
    summary: assignee
      ? `Assigned an applicant for ${application.jobTitle} to ${memberName(assignee)}`
      : `Left an applicant for ${application.jobTitle} with nobody in particular`,
    subjectType: 'application',
    subjectId: application.id,
    details: { assigneeId: assignee?.id ?? null, physicianId: application.physicianId },
    createdAt: now,
  });
}
