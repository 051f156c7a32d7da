import type {
  TBulkInviteBody,
  TBulkInvitee,
  TBulkInviteRefusal,
  TBulkInviteResult,
} from '@medhire/contract/bulk-actions';
import { MATCH_MESSAGES } from '@medhire/contract/matches';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { bulkOperations } from '../../db/schema/bulk-operations.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { BULK_CHUNK_SIZE } from '../applicants/bulk-action.ts';
import { startBulkOperation } from '../applicants/bulk-operation-record.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { jobNotFound } from '../jobs/jobs-repository.ts';
import { recordActivity } from '../team/record-activity.ts';
import { findInvitableJob, writeInvite } from './create-match.ts';

/** The bulk_operations action of a bulk invite; its items are TBulkInvitee. */
export const BULK_INVITE_ACTION = 'invite';

export interface BulkInviteOptions {
  db: Db;
  owner: JobOwner;
  body: TBulkInviteBody;
  now?: Date;
}

function refusal(physicianId: string, error: AppError): TBulkInviteRefusal {
  return { physicianId, code: error.code, message: error.message };
}

/**
 * Invites many physicians to one job (POST /api/employer/match/bulk-invite), each exactly as
 * create-match invites one (writeInvite: visibility and delegate reach, the plan's invites,
 * one open invite per job and physician, activity line, notification queued in the
 * transaction). A job the caller may not use refuses the whole call as create-match does (404
 * another organisation's or not the delegate's, 422 not open). Each physician the single call
 * would refuse is reported with its code and message; the others go on. Chunks of
 * BULK_CHUNK_SIZE commit one by one, each with its part of the undo record, so what is answered
 * as invited is what is stored.
 */
export async function bulkInvite({
  db,
  owner,
  body,
  now = new Date(),
}: BulkInviteOptions): Promise<TBulkInviteResult> {
  const startedAt = performance.now();
  const organizationId = owner.organizationId;
  if (!organizationId) throw jobNotFound();
  // The job first, for the whole call: nothing is recorded for a job the caller cannot use.
  await findInvitableJob(db, owner, body.jobId);

  const operationId = await startBulkOperation(db, {
    organizationId,
    userId: owner.userId,
    action: BULK_INVITE_ACTION,
    now,
  });

  const physicianIds = [...new Set(body.physicianIds)];
  const applied: TBulkInvitee[] = [];
  const refused: TBulkInviteRefusal[] = [];
  for (let start = 0; start < physicianIds.length; start += BULK_CHUNK_SIZE) {
    const chunk = physicianIds.slice(start, start + BULK_CHUNK_SIZE);
    const outcome = await db.transaction(async (tx) => {
      const chunkApplied: TBulkInvitee[] = [];
      const chunkRefused: TBulkInviteRefusal[] = [];
      // Read again in the chunk's transaction: a job closed meanwhile refuses the rest.
      let job: Awaited<ReturnType<typeof findInvitableJob>>;
      try {
        job = await findInvitableJob(tx, owner, body.jobId);
      } catch (error) {
        if (!isAppError(error)) throw error;
        return { chunkApplied, chunkRefused: chunk.map((id) => refusal(id, error)) };
      }
      for (const physicianId of chunk) {
        try {
          // Every check of writeInvite throws before its writes, so a refusal leaves nothing.
          const matchId = await writeInvite(tx, { owner, job, physicianId, origin: body.origin, now });
          if (matchId) chunkApplied.push({ physicianId, matchId });
          else chunkRefused.push(refusal(physicianId, new AppError('CONFLICT', MATCH_MESSAGES.activeExists)));
        } catch (error) {
          if (!isAppError(error)) throw error;
          chunkRefused.push(refusal(physicianId, error));
        }
      }
      if (chunkApplied.length > 0) {
        await tx
          .update(bulkOperations)
          .set({ items: sql`${bulkOperations.items} || ${JSON.stringify(chunkApplied)}::jsonb` })
          .where(eq(bulkOperations.id, operationId));
      }
      return { chunkApplied, chunkRefused };
    });
    applied.push(...outcome.chunkApplied);
    refused.push(...outcome.chunkRefused);
  }

  await db
    .update(bulkOperations)
    // On the clock of `now` (injected by tests), plus the time the invite took.
    .set({ completedAt: new Date(now.getTime() + (performance.now() - startedAt)) })
    .where(eq(bulkOperations.id, operationId));
  if (applied.length > 0) {
    await recordActivity(db, {
      organizationId,
      actorUserId: owner.userId,
      type: 'invite.bulk_sent',
      summary: `Invited ${applied.length} physician${applied.length === 1 ? '' : 's'} at once`,
      subjectType: 'bulk_operation',
      subjectId: operationId,
      details: {
        jobId: body.jobId,
        applied: applied.length,
        refused: refused.length,
        ...(body.origin ? { origin: body.origin } : {}),
      },
      createdAt: now,
    });
  }
  return { operationId, jobId: body.jobId, applied, refused };
}
