import {
  BULK_ACTION_MESSAGES,
  BULK_ACTIONS,
  type TBulkActionKind,
  type TBulkRefusal,
  type TUndoBulkActionResult,
} from '@medhire/contract/bulk-actions';
import type { TPipelineStatus } from '@medhire/contract/matches';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages } from '../../db/schema/hiring.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { deleteEmployerMessage } from '../conversations/delete-employer-message.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { resolveAssignee, writeApplicationAssignee } from '../team/assign.ts';
import { recordActivity } from '../team/record-activity.ts';
import {
  BULK_CHUNK_SIZE,
  type BulkApplication,
  type BulkItem,
  lockReachableApplications,
} from './bulk-action.ts';
import { claimBulkUndo } from './bulk-operation-record.ts';
import { writeSaved, writeUnsaved } from './save-applicant.ts';
import { moveApplicationStages } from './update-pipeline-status.ts';

export interface UndoBulkActionOptions {
  db: Db;
  owner: JobOwner;
  operationId: string;
  now?: Date;
}

/** Puts one item back inside its chunk's transaction; answers why not when it changed since. */
async function restoreItem(
  tx: Db,
  owner: JobOwner & { organizationId: string },
  action: TBulkActionKind,
  item: BulkItem,
  application: BulkApplication,
  now: Date,
  stageMoves: Array<{ application: BulkApplication; toStatus: TPipelineStatus }>,
): Promise<AppError | undefined> {
  const changedSince = new AppError('CONFLICT', BULK_ACTION_MESSAGES.changedSince);
  switch (action) {
    case 'move':
    case 'reject': {
      if (!item.fromStatus || application.status !== item.toStatus) return changedSince;
      stageMoves.push({ application, toStatus: item.fromStatus });
      return undefined;
    }
    case 'assign': {
      if (application.assigneeUserId !== (item.toAssigneeId ?? null)) return changedSince;
      try {
        const previous = await resolveAssignee(tx, owner.organizationId, item.previousAssigneeId ?? null);
        await writeApplicationAssignee(tx, { owner, application, assignee: previous, now });
      } catch (error) {
        if (isAppError(error)) return error;
        throw error;
      }
      return undefined;
    }
    case 'save':
      if (item.wasSavedByAction) {
        await writeUnsaved(tx, { organizationId: owner.organizationId, physicianId: item.physicianId });
      }
      return undefined;
    case 'unsave':
      if (item.removedSave) {
        await writeSaved(tx, {
          organizationId: owner.organizationId,
          physicianId: item.physicianId,
          savedByUserId: item.removedSave.savedByUserId,
          now: new Date(item.removedSave.createdAt),
        });
      }
      return undefined;
    case 'message':
      return undefined;
  }
}

/** Deletes the message a bulk action sent for an item, the way delete-message deletes one. */
async function deleteSentMessage(db: Db, owner: JobOwner, application: BulkApplication, tempMsgId: string) {
  const [sent] = await db
    .select({ conversationId: messages.conversationId, messageId: messages.id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.jobId, application.jobId),
        eq(conversations.physicianId, application.physicianId),
        eq(messages.sender, 'employer'),
        eq(messages.tempMsgId, tempMsgId),
      ),
    )
    .limit(1);
  if (!sent) return;
  await deleteEmployerMessage({ db, owner, conversationId: sent.conversationId, messageId: sent.messageId });
}

/**
 * Undoes a bulk action (POST /api/employer/applicant/undo-bulk-action/{operationId}): only its
 * author, only once, and only within BULK_UNDO_WINDOW_MS of it (422 after). Each item is put
 * back with the writes of the single calls (a move back is a move, in the pipeline history and
 * the activity log), in chunks of one transaction; an item changed since by someone else (moved
 * again, reassigned) or now out of the member's reach is left as it is and reported. Messages the
 * action sent are deleted (the physician sees them deleted).
 */
export async function undoBulkAction({
  db,
  owner,
  operationId,
  now = new Date(),
}: UndoBulkActionOptions): Promise<TUndoBulkActionResult> {
  // A bulk invite shares the table; its undo is undo-bulk-invite's.
  const operation = await claimBulkUndo(db, {
    organizationId: owner.organizationId,
    userId: owner.userId,
    operationId,
    actions: BULK_ACTIONS,
    now,
  });
  const organizationId = operation.organizationId;
  const member = { ...owner, organizationId };
  const action = operation.action as TBulkActionKind;
  const items = operation.items as BulkItem[];
  const restored: string[] = [];
  const refused: TBulkRefusal[] = [];
  for (let start = 0; start < items.length; start += BULK_CHUNK_SIZE) {
    const chunk = items.slice(start, start + BULK_CHUNK_SIZE);
    const done = await db.transaction(async (tx) => {
      const reachable = await lockReachableApplications(
        tx,
        member,
        chunk.map((item) => item.applicationId),
      );
      const chunkDone: Array<{ item: BulkItem; application: BulkApplication }> = [];
      const stageMoves: Array<{ application: BulkApplication; toStatus: TPipelineStatus }> = [];
      for (const item of chunk) {
        const application = reachable.get(item.applicationId);
        const problem = application
          ? await restoreItem(tx, member, action, item, application, now, stageMoves)
          : new AppError('NOT_FOUND', BULK_ACTION_MESSAGES.notReachable);
        if (problem || !application) {
          refused.push({
            applicationId: item.applicationId,
            code: problem?.code ?? 'NOT_FOUND',
            message: problem?.message ?? BULK_ACTION_MESSAGES.notReachable,
          });
          continue;
        }
        chunkDone.push({ item, application });
      }
      // A move back is a move: in the pipeline history and the activity log, written together.
      await moveApplicationStages(tx, { owner: member, moves: stageMoves, now });
      return chunkDone;
    });
    for (const { item, application } of done) {
      if (item.tempMsgId) await deleteSentMessage(db, owner, application, item.tempMsgId);
      restored.push(item.applicationId);
    }
  }

  await recordActivity(db, {
    organizationId,
    actorUserId: owner.userId,
    type: 'applicant.bulk_undone',
    summary: `Undid a bulk action on ${restored.length} applicant${restored.length === 1 ? '' : 's'}`,
    subjectType: 'bulk_operation',
    subjectId: operationId,
    details: { action, restored: restored.length, refused: refused.length },
    createdAt: now,
  });
  return { operationId, restored, refused };
}
