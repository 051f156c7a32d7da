import { PHYSICIAN_MESSAGES, type TPhysicianApplication } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { toPhysicianApplication } from './application-view.ts';

export function physicianApplicationNotFound(): AppError {
  return new AppError('NOT_FOUND', PHYSICIAN_MESSAGES.applicationNotFound);
}

export interface WithdrawApplicationOptions {
  db: Db;
  physicianId: string;
  applicationId: string;
  now?: Date;
}

/**
 * The physician withdraws one of their own applications. The employer keeps the row at the
 * stage it had, marked withdrawn (pipeline statuses are the spec's six; withdrawing is the
 * candidate's act, not a stage the employer chooses), and can no longer move it. A hire is
 * final; a second withdrawal is refused (409). Someone else's application answers 404.
 */
export async function withdrawApplication({
  db,
  physicianId,
  applicationId,
  now = new Date(),
}: WithdrawApplicationOptions): Promise<TPhysicianApplication> {
  if (!isUuid(applicationId)) throw physicianApplicationNotFound();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        application: applications,
        jobTitle: jobs.title,
        organizationName: organizations.name,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(organizations, eq(organizations.id, applications.organizationId))
      .where(and(eq(applications.id, applicationId), eq(applications.physicianId, physicianId)))
      .for('update', { of: applications });
    if (!found) throw physicianApplicationNotFound();
    const { application } = found;
    if (application.withdrawnAt !== null) throw new AppError('CONFLICT', PHYSICIAN_MESSAGES.alreadyWithdrawn);
    if (application.pipelineStatus === 'Hired') {
      throw new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.cannotWithdrawHired);
    }
    const [withdrawn] = await tx
      .update(applications)
      .set({ withdrawnAt: now, updatedAt: now })
      .where(eq(applications.id, application.id))
      .returning();
    if (!withdrawn) throw physicianApplicationNotFound();
    return toPhysicianApplication({
      ...withdrawn,
      jobTitle: found.jobTitle,
      organizationName: found.organizationName,
    });
  });
}
