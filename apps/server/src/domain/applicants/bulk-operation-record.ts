import { BULK_ACTION_MESSAGES, BULK_UNDO_WINDOW_MS } from '@medhire/contract/bulk-actions';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { bulkOperations } from '../../db/schema/bulk-operations.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/** How long an operation's undo record is kept (its undo window is 10 seconds). */
export const BULK_OPERATION_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Records a bulk action or bulk invite about to run, with no items yet (each chunk appends its
 * own): its id is what the undo names. Undo records serve for seconds, so each new operation of
 * the organisation clears its old ones first.
 */
export async function startBulkOperation(
  db: Db,
  {
    organizationId,
    userId,
    action,
    now,
  }: { organizationId: string; userId: string; action: string; now: Date },
): Promise<string> {
  await db
    .delete(bulkOperations)
    .where(
      and(
        eq(bulkOperations.organizationId, organizationId),
        lt(bulkOperations.createdAt, new Date(now.getTime() - BULK_OPERATION_RETENTION_MS)),
      ),
    );
  const [operation] = await db
    .insert(bulkOperations)
    .values({ organizationId, userId, action, items: [], createdAt: now })
    .returning({ id: bulkOperations.id });
  if (!operation) throw new Error('The bulk operation could not be recorded.');
  return operation.id;
}

function operationNotFound(): AppError {
  return new AppError('NOT_FOUND', BULK_ACTION_MESSAGES.operationNotFound);
}

export type BulkOperationRow = typeof bulkOperations.$inferSelect;

/**
 * Takes an operation for its undo: only its author's (404 otherwise, or when its action is not
 * one of `actions`: a bulk invite and a bulk action have undos of their own), only once (422),
 * and only within BULK_UNDO_WINDOW_MS of its answer (422 after). Claimed in one update, so a
 * second undo arriving together finds it taken.
 */
export async function claimBulkUndo(
  db: Db,
  {
    organizationId,
    userId,
    operationId,
    actions,
    now,
  }: {
    organizationId: string | null;
    userId: string;
    operationId: string;
    actions: readonly string[];
    now: Date;
  },
): Promise<BulkOperationRow> {
  if (!organizationId || !isUuid(operationId)) throw operationNotFound();
  const [operation] = await db
    .select()
    .from(bulkOperations)
    .where(
      and(
        eq(bulkOperations.id, operationId),
        eq(bulkOperations.organizationId, organizationId),
        eq(bulkOperations.userId, userId),
        inArray(bulkOperations.action, [...actions]),
      ),
    );
  if (!operation) throw operationNotFound();
  if (operation.undoneAt !== null) throw new AppError('BUSINESS_RULE', BULK_ACTION_MESSAGES.alreadyUndone);
  // The window opens when the operation answered (its last chunk committed).
  const doneAt = operation.completedAt ?? operation.createdAt;
  if (now.getTime() - doneAt.getTime() > BULK_UNDO_WINDOW_MS) {
    throw new AppError('BUSINESS_RULE', BULK_ACTION_MESSAGES.undoExpired);
  }
  const [claimed] = await db
    .update(bulkOperations)
    .set({ undoneAt: now })
    .where(and(eq(bulkOperations.id, operationId), isNull(bulkOperations.undoneAt)))
    .returning({ id: bulkOperations.id });
  if (!claimed) throw new AppError('BUSINESS_RULE', BULK_ACTION_MESSAGES.alreadyUndone);
  return operation;
}
