import { MATCH_MESSAGES, type TMatch } from '@medhire/contract/matches';
import type { Db } from '../../db/index.ts';
import { matches } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPhysicianVisible } from '../applicants/physician-visibility.ts';
import { assertInviteAvailable } from '../billing/plan-limits.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { findOwnedJob } from '../jobs/jobs-repository.ts';
import { notifyPhysicianOfInvite } from '../notifications/notify-physician.ts';
import { physicianNameOf } from '../team/activity-names.ts';
import { recordActivity } from '../team/record-activity.ts';
import { loadMatchView } from './match-view.ts';

export interface CreateMatchOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
  /** The physician's id (an applicant's `_id`). */
  applicantId: string;
  message?: string;
  now?: Date;
}

/**
 * Invites a physician to one of the organisation's open jobs: a pending match. The job must be
 * the organisation's (404) and open (422), the physician visible to the organisation (404), and
 * no pending or accepted invite may exist for the same job and physician (409). A declined or
 * cancelled invite does not stand in the way of a new one. The organisation's plan must have an
 * invite left (422 naming the plan that gives more, domain/billing/plan-limits.ts).
 */
export async function createMatch({
  db,
  owner,
  jobId,
  applicantId,
  message,
  now = new Date(),
}: CreateMatchOptions): Promise<TMatch> {
  const inserted = await db.transaction(async (tx) => {
    // Every rule before any write, in the write's transaction: the job the caller may act on, and
    // a physician the caller may see (a delegate: discoverable, or dealing with their jobs).
    const job = await findOwnedJob(tx, owner, jobId);
    if (job.status !== 'open') throw new AppError('BUSINESS_RULE', MATCH_MESSAGES.jobNotOpen);
    await assertPhysicianVisible({
      db: tx,
      organizationId: job.organizationId,
      physicianId: applicantId,
      viewer: owner,
    });
    // The plan's quota first (422, nothing stored); it locks the subscription row, so two
    // invites sent at once cannot both take the last invite.
    await assertInviteAvailable(tx, job.organizationId);
    // matches_active_unique holds one pending-or-accepted invite per job and physician, so two
    // invites sent at the same moment cannot both land: the second inserts nothing.
    const [row] = await tx
      .insert(matches)
      .values({
        jobId: job.id,
        organizationId: job.organizationId,
        physicianId: applicantId,
        status: 'pending',
        message: message ? message : null,
        invitedByUserId: owner.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: matches.id });
    if (row) {
      await recordActivity(tx, {
        organizationId: job.organizationId,
        actorUserId: owner.userId,
        type: 'invite.sent',
        summary: `Invited ${await physicianNameOf(tx, applicantId)} to “${job.title}”`,
        subjectType: 'match',
        subjectId: row.id,
        details: { jobId: job.id, physicianId: applicantId },
        createdAt: now,
      });
      await notifyPhysicianOfInvite(tx, { physicianId: applicantId, jobId: job.id, matchId: row.id, now });
    }
    return row;
  });
  if (!inserted) throw new AppError('CONFLICT', MATCH_MESSAGES.activeExists);
  return loadMatchView(db, inserted.id);
}
