import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import {
  BULK_ACTION_MESSAGES,
  type TBulkActionBody,
  type TBulkActionKind,
  type TBulkActionResult,
  type TBulkRefusal,
} from '@medhire/contract/bulk-actions';
import type { TPipelineStatus } from '@medhire/contract/matches';
import { emptyVariablesMessage } from '@medhire/contract/message-templates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { bulkOperations } from '../../db/schema/bulk-operations.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { messageTemplates } from '../../db/schema/message-templates.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { sendEmployerMessage } from '../conversations/send-employer-message.ts';
import { startEmployerConversation } from '../conversations/start-employer-conversation.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { renderTemplateFor } from '../message-templates/render-template.ts';
import { readableBy, templateNotFound } from '../message-templates/template-access.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { resolveAssignee, writeApplicationAssignee } from '../team/assign.ts';
import { memberName } from '../team/member-ref.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { recordActivity } from '../team/record-activity.ts';
import { can } from '../team/rights.ts';
import { startBulkOperation } from './bulk-operation-record.ts';
import { writeSaved, writeUnsaved } from './save-applicant.ts';
import { moveApplicationStages } from './update-pipeline-status.ts';

/** Applications written per transaction: a failure loses one chunk's work, never a half chunk. */
export const BULK_CHUNK_SIZE = 100;

/** An application of a bulk action, as read and locked in its chunk's transaction. */
export interface BulkApplication {
  id: string;
  physicianId: string;
  jobId: string;
  jobTitle: string;
  status: TPipelineStatus;
  withdrawnAt: Date | null;
  assigneeUserId: string | null;
}

/** What one applied item was before the action: what undo puts back. */
export interface BulkItem {
  applicationId: string;
  physicianId: string;
  /** move, reject: the stage it had. */
  fromStatus?: TPipelineStatus;
  /** move, reject: the stage it was given (undo leaves an application moved again since). */
  toStatus?: TPipelineStatus;
  /** assign: the member it was with (null: nobody). */
  previousAssigneeId?: string | null;
  /** assign: the member it was given to (undo leaves an application reassigned since). */
  toAssigneeId?: string | null;
  /** save: whether this action saved the physician (false: it was saved already). */
  wasSavedByAction?: boolean;
  /** unsave: the save it removed, to restore with its author and time. */
  removedSave?: { savedByUserId: string | null; createdAt: string } | null;
  /** message, reject with a template: the tempMsgId of the message it sent. */
  tempMsgId?: string;
}

export interface RunBulkActionOptions {
  db: Db;
  owner: JobOwner;
  body: TBulkActionBody;
  now?: Date;
  log?: { error: (details: object, message: string) => void };
}

function refusal(applicationId: string, error: AppError): TBulkRefusal {
  return { applicationId, code: error.code, message: error.message };
}

/** The message a bulk send stores: one per operation and application, so a retry stores none twice. */
export function bulkTempMsgId(operationId: string, applicationId: string): string {
  return `bulk-${operationId.slice(0, 8)}-${applicationId}`;
}

function chunksOf<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Reads and locks the chunk's applications the member may work on: the organisation's, with a
 * physician not hidden from it, and for a delegate on a job assigned to them. Whatever is not
 * answered is out of reach (another organisation's, unknown, or not the delegate's), and is
 * refused without saying which.
 */
export async function lockReachableApplications(
  tx: Db,
  owner: JobOwner & { organizationId: string },
  applicationIds: string[],
): Promise<Map<string, BulkApplication>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: applications.id,
      physicianId: applications.physicianId,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      status: applications.pipelineStatus,
      withdrawnAt: applications.withdrawnAt,
      assigneeUserId: applications.assigneeUserId,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(
      and(
        inArray(applications.id, applicationIds),
        eq(applications.organizationId, owner.organizationId),
        isNotHiddenFrom(owner.organizationId, applications.physicianId),
        delegateJobRowCondition(owner, applications.jobId),
      ),
    )
    .orderBy(applications.id)
    .for('update', { of: applications });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Why a stage move of this application would be refused, as the single move answers it. */
function moveRefusal(application: BulkApplication, toStatus: TPipelineStatus): AppError | undefined {
  if (application.withdrawnAt !== null) {
    return new AppError('BUSINESS_RULE', APPLICANT_MESSAGES.withdrawnCannotMove);
  }
  if (application.status === toStatus)
    return new AppError('BUSINESS_RULE', APPLICANT_MESSAGES.samePipelineStatus);
  return undefined;
}

function summaryOf(action: TBulkActionKind, count: number, body: TBulkActionBody): string {
  const applicants = `${count} applicant${count === 1 ? '' : 's'}`;
  switch (action) {
    case 'move':
      return `Moved ${applicants} to ${body.action === 'move' ? body.stage : ''}`;
    case 'reject':
      return `Rejected ${applicants}`;
    case 'save':
      return `Saved ${applicants}`;
    case 'unsave':
      return `Removed ${applicants} from the saved list`;
    case 'assign':
      return `Assigned ${applicants}`;
    case 'message':
      return `Sent a template message to ${applicants}`;
  }
}

/**
 * One action on many applications (POST /api/employer/applicant/bulk-action). Every item is
 * checked the way its single call checks it (reach of the organisation and of a delegate,
 * withdrawn or same stage, empty template variables) before anything of its chunk is written,
 * in the chunk's transaction; an item that fails a check is reported with the reason and the
 * others go on. Chunks of BULK_CHUNK_SIZE commit one by one, each with its part of the
 * operation's undo record, so what is answered as applied is what is stored.
 *
 * The writes are those of the single calls (moveApplicationStages: stage, pipeline history,
 * activity line and physician notification; writeApplicationAssignee; writeSaved/writeUnsaved),
 * plus one activity line for the operation. Messages are sent after their chunk commits, the
 * way send-message sends them (rendered again by the server, idempotent on a tempMsgId of the
 * operation); a send that fails then is reported as refused.
 */
export async function runBulkAction({
  db,
  owner,
  body,
  now = new Date(),
  log,
}: RunBulkActionOptions): Promise<TBulkActionResult> {
  const startedAt = performance.now();
  const organizationId = owner.organizationId;
  if (!organizationId) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.applicationNotFound);
  const member = { ...owner, organizationId };
  const role = owner.memberRole ?? 'owner';

  if (body.action === 'assign' && !can(role, 'jobs.assign')) {
    throw new AppError('FORBIDDEN', BULK_ACTION_MESSAGES.assignNeedsRight);
  }
  const templateId = body.action === 'message' || body.action === 'reject' ? body.templateId : undefined;
  if (templateId !== undefined && !can(role, 'messages')) {
    throw new AppError('FORBIDDEN', 'Your role cannot send messages.');
  }
  // The whole call is refused for what no item could change: an unknown template or assignee.
  let templateBody: string | undefined;
  if (templateId !== undefined) {
    if (!isUuid(templateId)) throw templateNotFound();
    const [template] = await db
      .select({ body: messageTemplates.body })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, templateId), readableBy(member)));
    if (!template) throw templateNotFound();
    templateBody = template.body;
  }
  const assignee =
    body.action === 'assign' ? await resolveAssignee(db, organizationId, body.assigneeId) : undefined;

  const requested = [...new Set(body.applicationIds)];
  const refused: TBulkRefusal[] = [];
  const notReachable = new AppError('NOT_FOUND', BULK_ACTION_MESSAGES.notReachable);
  const candidates = requested.filter((id) => {
    if (isUuid(id)) return true;
    refused.push(refusal(id, notReachable));
    return false;
  });

  const operationId = await startBulkOperation(db, {
    organizationId,
    userId: owner.userId,
    action: body.action,
    now,
  });

  const applied: BulkItem[] = [];
  for (const chunk of chunksOf(candidates, BULK_CHUNK_SIZE)) {
    const chunkItems = await db.transaction(async (tx) => {
      const reachable = await lockReachableApplications(tx, member, chunk);
      // Checks first, for every item of the chunk; writes only after.
      const accepted: BulkApplication[] = [];
      for (const id of chunk) {
        const application = reachable.get(id);
        if (!application) {
          refused.push(refusal(id, notReachable));
          continue;
        }
        const toStatus =
          body.action === 'move' ? body.stage : body.action === 'reject' ? 'Rejected' : undefined;
        const stageProblem = toStatus ? moveRefusal(application, toStatus) : undefined;
        if (stageProblem) {
          refused.push(refusal(id, stageProblem));
          continue;
        }
        if (templateBody !== undefined) {
          const rendered = await renderTemplateFor({
            db: tx,
            member,
            body: templateBody,
            recipient: { applicationId: id },
          });
          if (rendered.emptyVariables.length > 0) {
            refused.push(
              refusal(id, new AppError('BUSINESS_RULE', emptyVariablesMessage(rendered.emptyVariables))),
            );
            continue;
          }
        }
        accepted.push(application);
      }

      const items: BulkItem[] = [];
      const stageMoves: Array<{ application: BulkApplication; toStatus: TPipelineStatus }> = [];
      for (const application of accepted) {
        const item: BulkItem = { applicationId: application.id, physicianId: application.physicianId };
        switch (body.action) {
          case 'move':
          case 'reject': {
            const toStatus = body.action === 'move' ? body.stage : 'Rejected';
            stageMoves.push({ application, toStatus });
            item.fromStatus = application.status;
            item.toStatus = toStatus;
            break;
          }
          case 'assign':
            await writeApplicationAssignee(tx, {
              owner: member,
              application,
              assignee: assignee ?? null,
              now,
            });
            item.previousAssigneeId = application.assigneeUserId;
            item.toAssigneeId = assignee?.id ?? null;
            break;
          case 'save':
            item.wasSavedByAction = await writeSaved(tx, {
              organizationId,
              physicianId: application.physicianId,
              savedByUserId: owner.userId,
              now,
            });
            break;
          case 'unsave': {
            const removed = await writeUnsaved(tx, { organizationId, physicianId: application.physicianId });
            item.removedSave = removed
              ? { savedByUserId: removed.savedByUserId, createdAt: removed.createdAt.toISOString() }
              : null;
            break;
          }
          case 'message':
            break;
        }
        if (templateBody !== undefined) item.tempMsgId = bulkTempMsgId(operationId, application.id);
        items.push(item);
      }
      // Moves are written together: the same writes as one move each, a few statements in all.
      await moveApplicationStages(tx, { owner: member, moves: stageMoves, now });
      if (items.length > 0) {
        await tx
          .update(bulkOperations)
          .set({ items: sql`${bulkOperations.items} || ${JSON.stringify(items)}::jsonb` })
          .where(eq(bulkOperations.id, operationId));
      }
      return items;
    });

    // After commit: the messages, each sent the way send-message sends a template.
    for (const item of chunkItems) {
      if (!item.tempMsgId || templateId === undefined) {
        applied.push(item);
        continue;
      }
      try {
        const conversation = await startEmployerConversation({
          db,
          owner,
          applicationId: item.applicationId,
          now,
        });
        await sendEmployerMessage({
          db,
          owner,
          conversationId: conversation._id,
          body: '',
          templateId,
          tempMsgId: item.tempMsgId,
          now,
          log,
        });
        applied.push(item);
      } catch (error) {
        if (!isAppError(error)) throw error;
        // A rejection stays done; only a pure message is reported as not applied.
        if (body.action === 'reject') applied.push(item);
        else refused.push(refusal(item.applicationId, error));
      }
    }
  }

  await db
    .update(bulkOperations)
    // On the clock of `now` (injected by tests), plus the time the action took.
    .set({ completedAt: new Date(now.getTime() + (performance.now() - startedAt)) })
    .where(eq(bulkOperations.id, operationId));
  if (applied.length > 0) {
    await recordActivity(db, {
      organizationId,
      actorUserId: owner.userId,
      type: 'applicant.bulk_action',
      summary:
        body.action === 'assign' && assignee
          ? `${summaryOf(body.action, applied.length, body)} to ${memberName(assignee)}`
          : summaryOf(body.action, applied.length, body),
      subjectType: 'bulk_operation',
      subjectId: operationId,
      details: {
        action: body.action,
        applied: applied.length,
        refused: refused.length,
        ...(body.action === 'move' ? { stage: body.stage } : {}),
        ...(templateId ? { templateId } : {}),
      },
      createdAt: now,
    });
  }

  const order = new Map(body.applicationIds.map((id, index) => [id, index]));
  const byRequestOrder = (left: string, right: string) => (order.get(left) ?? 0) - (order.get(right) ?? 0);
  return {
    operationId,
    action: body.action,
    applied: applied.map((item) => item.applicationId).sort(byRequestOrder),
    refused: refused.sort((left, right) => byRequestOrder(left.applicationId, right.applicationId)),
  };
}
