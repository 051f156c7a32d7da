import { APPLICANT_MESSAGES, type TApplicant } from '@medhire/contract/applicants';
import type { TPipelineStatus } from '@medhire/contract/matches';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applicationEvents, applications } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { notifyPhysiciansOfStatusChanges } from '../notifications/notify-physician.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { jobTitlesOf, physicianNamesOf } from '../team/activity-names.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { recordActivities } from '../team/record-activity.ts';
import { loadApplicantViews } from './applicant-views.ts';

export interface UpdatePipelineStatusOptions {
  db: Db;
  owner: JobOwner;
  applicationId: string;
  pipelineStatus: TPipelineStatus;
  now?: Date;
}

function applicationNotFound(): AppError {
  return new AppError('NOT_FOUND', APPLICANT_MESSAGES.applicationNotFound);
}

/**
 * Moves an application of the organisation to another pipeline stage and records who moved it
 * and when. The spec names the stages but no order between them, so any stage may follow any
 * other; only moving to the stage it already has is refused (422). Answers the applicant with
 * the timeline, as the single-applicant page shows it.
 */
export async function updatePipelineStatus({
  db,
  owner,
  applicationId,
  pipelineStatus,
  now = new Date(),
}: UpdatePipelineStatusOptions): Promise<TApplicant> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(applicationId)) throw applicationNotFound();
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        id: applications.id,
        physicianId: applications.physicianId,
        jobId: applications.jobId,
        status: applications.pipelineStatus,
        withdrawnAt: applications.withdrawnAt,
      })
      .from(applications)
      .where(
        and(
          eq(applications.id, applicationId),
          eq(applications.organizationId, organizationId),
          isNotHiddenFrom(organizationId, applications.physicianId),
          delegateJobRowCondition(owner, applications.jobId),
        ),
      )
      .for('update');
    if (!application) throw applicationNotFound();
    // The physician left this pipeline; moving them on would tell a story that did not happen.
    if (application.withdrawnAt !== null) {
      throw new AppError('BUSINESS_RULE', APPLICANT_MESSAGES.withdrawnCannotMove);
    }
    if (application.status === pipelineStatus) {
      throw new AppError('BUSINESS_RULE', APPLICANT_MESSAGES.samePipelineStatus);
    }
    await moveApplicationStage(tx, {
      owner: { ...owner, organizationId },
      application,
      toStatus: pipelineStatus,
      now,
    });
    const [applicant] = await loadApplicantViews({
      db: tx,
      organizationId,
      physicianIds: [application.physicianId],
      viewer: owner,
      withHistory: true,
    });
    if (!applicant) throw applicationNotFound();
    return applicant;
  });
}

export interface StageMove {
  owner: JobOwner & { organizationId: string };
  /** The application as read (and locked) by the caller, with its current stage. */
  application: { id: string; physicianId: string; jobId: string; status: TPipelineStatus };
  toStatus: TPipelineStatus;
  now: Date;
}

/**
 * The writes of one pipeline move, inside the caller's transaction: the new stage, the timeline
 * entry (who and when), the activity log line and the physician's notification. The caller has
 * checked the move is allowed; scheduling an interview moves the applicant to Interview this way.
 */
export async function moveApplicationStage(tx: Db, move: StageMove): Promise<void> {
  await moveApplicationStages(tx, {
    owner: move.owner,
    moves: [{ application: move.application, toStatus: move.toStatus }],
    now: move.now,
  });
}

export interface StageMoves {
  owner: JobOwner & { organizationId: string };
  moves: ReadonlyArray<Pick<StageMove, 'application' | 'toStatus'>>;
  now: Date;
}

/**
 * moveApplicationStage for many applications (a bulk move, its undo): the same writes per
 * application, made set-wise so that hundreds cost a handful of statements.
 */
export async function moveApplicationStages(tx: Db, { owner, moves, now }: StageMoves): Promise<void> {
  if (moves.length === 0) return;
  const { organizationId } = owner;
  const byStage = new Map<TPipelineStatus, string[]>();
  for (const { application, toStatus } of moves) {
    byStage.set(toStatus, [...(byStage.get(toStatus) ?? []), application.id]);
  }
  for (const [pipelineStatus, ids] of byStage) {
    await tx
      .update(applications)
      .set({ pipelineStatus, updatedAt: now })
      .where(inArray(applications.id, ids));
  }
  await tx.insert(applicationEvents).values(
    moves.map(({ application, toStatus }) => ({
      applicationId: application.id,
      fromStatus: application.status,
      toStatus,
      actor: 'employer' as const,
      changedByUserId: owner.userId,
      createdAt: now,
    })),
  );
  const physicianNames = await physicianNamesOf(
    tx,
    moves.map(({ application }) => application.physicianId),
  );
  const jobTitles = await jobTitlesOf(
    tx,
    moves.map(({ application }) => application.jobId),
  );
  await recordActivities(
    tx,
    moves.map(({ application, toStatus }) => ({
      organizationId,
      actorUserId: owner.userId,
      type: 'pipeline.moved' as const,
      summary: `Moved ${physicianNames.get(application.physicianId)} to ${toStatus} on ${jobTitles.get(application.jobId)}`,
      subjectType: 'applicant',
      subjectId: application.physicianId,
      details: {
        applicationId: application.id,
        jobId: application.jobId,
        from: application.status,
        to: toStatus,
      },
      createdAt: now,
    })),
  );
  await notifyPhysiciansOfStatusChanges(
    tx,
    moves.map(({ application, toStatus }) => ({
      physicianId: application.physicianId,
      jobId: application.jobId,
      from: application.status,
      to: toStatus,
      now,
    })),
  );
}
