import { MATCH_MESSAGES, type TInviteOrigin, type TMatch } from '@medhire/contract/matches';
import type { Db } from '../../db/index.ts';
import { matches } from '../../db/schema/hiring.ts';
import type { TJobRow } from '../../db/schema/jobs.ts';
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
  /** Where the invite was sent from; none recorded when left out. */
  origin?: TInviteOrigin;
  now?: Date;
}

export interface WriteInviteOptions {
  owner: JobOwner;
  /** The job as read in the same transaction (the caller's, and open). */
  job: Pick<TJobRow, 'id' | 'organizationId' | 'title'>;
  physicianId: string;
  message?: string;
  origin?: TInviteOrigin;
  now: Date;
}

/**
 * One invite's checks and writes, inside the caller's transaction (create-match's, or a bulk
 * invite chunk's): the physician the caller may see (404), an invite left on the plan (422), then
 * the pending match, its activity line and the physician's notification (queued in the same
 * transaction). Answers the new match's id, or undefined when an open or accepted invite already
 * exists (nothing written). A refused check throws before anything is written.
 */
export async function writeInvite(
  tx: Db,
  { owner, job, physicianId, message, origin, now }: WriteInviteOptions,
): Promise<string | undefined> {
  // A physician the caller may see (a delegate: discoverable, or dealing with their jobs).
  await assertPhysicianVisible({
    db: tx,
    organizationId: job.organizationId,
    physicianId,
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
      physicianId,
      status: 'pending',
      message: message ? message : null,
      invitedByUserId: owner.userId,
      origin: origin ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: matches.id });
  if (!row) return undefined;
  await recordActivity(tx, {
    organizationId: job.organizationId,
    actorUserId: owner.userId,
    type: 'invite.sent',
    summary: `Invited ${await physicianNameOf(tx, physicianId)} to “${job.title}”`,
    subjectType: 'match',
    subjectId: row.id,
    details: { jobId: job.id, physicianId, ...(origin ? { origin } : {}) },
    createdAt: now,
  });
  await notifyPhysicianOfInvite(tx, { physicianId, jobId: job.id, matchId: row.id, now });
  return row.id;
}

/** The job an invite may be sent for: the caller's (404) and open (422). */
export async function findInvitableJob(tx: Db, owner: JobOwner, jobId: string): Promise<TJobRow> {
  const job = await findOwnedJob(tx, owner, jobId);
  if (job.status !== 'open') throw new AppError('BUSINESS_RULE', MATCH_MESSAGES.jobNotOpen);
  return job;
}

/**
 * Invites a physician to one of the organisation's open jobs: a pending match. The job must be
 * the organisation's (404) and open (422), the physician visible to the organisation (404), and
 * no pending or accepted invite may exist for the same job and physician (409). A declined or
 * cancelled invite does not stand in the way of a new one. The organisation's plan must have an
 * invite left (422 naming the plan that gives more, domain/billing/plan-limits.ts). `origin`
 * records where it was sent from (recommended list, explore), for the reports' sources.
 */
export async function createMatch({
  db,
  owner,
  jobId,
  applicantId,
  message,
  origin,
  now = new Date(),
}: CreateMatchOptions): Promise<TMatch> {
  const insertedId = await db.transaction(async (tx) => {
    // Every rule before any write, in the write's transaction.
    const job = await findInvitableJob(tx, owner, jobId);
    return writeInvite(tx, { owner, job, physicianId: applicantId, message, origin, now });
  });
  if (!insertedId) throw new AppError('CONFLICT', MATCH_MESSAGES.activeExists);
  return loadMatchView(db, insertedId);
}
