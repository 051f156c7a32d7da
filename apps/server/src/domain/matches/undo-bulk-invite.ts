import type { TBulkInvitee, TBulkInviteRefusal, TUndoBulkInviteResult } from '@medhire/contract/bulk-actions';
import { MATCH_MESSAGES, type TMatchStatus } from '@medhire/contract/matches';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { matches } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { BULK_CHUNK_SIZE } from '../applicants/bulk-action.ts';
import { claimBulkUndo } from '../applicants/bulk-operation-record.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { jobTitleOf, physicianNameOf } from '../team/activity-names.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { recordActivity } from '../team/record-activity.ts';
import { BULK_INVITE_ACTION } from './bulk-invite.ts';
import { assertMatchTransition } from './match-transitions.ts';

export interface UndoBulkInviteOptions {
  db: Db;
  owner: JobOwner;
  operationId: string;
  now?: Date;
}

/**
 * Undoes a bulk invite (POST /api/employer/match/undo-bulk-invite/{operationId}): only its
 * author, only once, within BULK_UNDO_WINDOW_MS of its answer (422 after). Each invite it sent
 * that is still pending is cancelled the way update-match-status cancels one (status, activity
 * line; no invite is spent), in chunks of one transaction. An invite the physician answered since
 * (accepted, declined) or cancelled by someone else, or now out of the member's reach, is left as
 * it is and reported with the code the single cancel would have answered.
 */
export async function undoBulkInvite({
  db,
  owner,
  operationId,
  now = new Date(),
}: UndoBulkInviteOptions): Promise<TUndoBulkInviteResult> {
  const operation = await claimBulkUndo(db, {
    organizationId: owner.organizationId,
    userId: owner.userId,
    operationId,
    actions: [BULK_INVITE_ACTION],
    now,
  });
  const organizationId = operation.organizationId;
  const items = operation.items as TBulkInvitee[];
  const cancelled: TBulkInvitee[] = [];
  const refused: TBulkInviteRefusal[] = [];
  for (let start = 0; start < items.length; start += BULK_CHUNK_SIZE) {
    const chunk = items.slice(start, start + BULK_CHUNK_SIZE);
    await db.transaction(async (tx) => {
      // The reach of the single cancel: the organisation's, physician not hidden, a delegate's job.
      const rows = await tx
        .select({
          id: matches.id,
          status: matches.status,
          jobId: matches.jobId,
          physicianId: matches.physicianId,
        })
        .from(matches)
        .where(
          and(
            inArray(
              matches.id,
              chunk.map((item) => item.matchId),
            ),
            eq(matches.organizationId, organizationId),
            isNotHiddenFrom(organizationId, matches.physicianId),
            delegateJobRowCondition(owner, matches.jobId),
          ),
        )
        .orderBy(matches.id)
        .for('update');
      const reachable = new Map(rows.map((row) => [row.id, row]));
      for (const item of chunk) {
        const current = reachable.get(item.matchId);
        if (!current) {
          refused.push({
            physicianId: item.physicianId,
            code: 'NOT_FOUND',
            message: MATCH_MESSAGES.notFound,
          });
          continue;
        }
        try {
          assertMatchTransition(current.status as TMatchStatus, 'cancelled', 'employer');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.push({ physicianId: item.physicianId, code: error.code, message: error.message });
          continue;
        }
        await tx
          .update(matches)
          .set({ status: 'cancelled', updatedAt: now })
          .where(eq(matches.id, item.matchId));
        await recordActivity(tx, {
          organizationId,
          actorUserId: owner.userId,
          type: 'invite.cancelled',
          summary: `Canceled the invite of ${await physicianNameOf(tx, current.physicianId)} to ${await jobTitleOf(tx, current.jobId)}`,
          subjectType: 'match',
          subjectId: item.matchId,
          details: { jobId: current.jobId, physicianId: current.physicianId },
          createdAt: now,
        });
        cancelled.push(item);
      }
    });
  }

  await recordActivity(db, {
    organizationId,
    actorUserId: owner.userId,
    type: 'invite.bulk_undone',
    summary: `Withdrew ${cancelled.length} invite${cancelled.length === 1 ? '' : 's'} of a bulk invite`,
    subjectType: 'bulk_operation',
    subjectId: operationId,
    details: { cancelled: cancelled.length, refused: refused.length },
    createdAt: now,
  });
  return { operationId, cancelled, refused };
}
