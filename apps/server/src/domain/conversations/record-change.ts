import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversationChanges, type TConversationChangeRow } from '../../db/schema/hiring.ts';

export interface RecordChangeOptions {
  /** The transaction of the change itself. */
  tx: Db;
  conversation: { id: string; organizationId: string; physicianId: string };
  kind: TConversationChangeRow['kind'];
  messageId?: string | null;
  data?: TConversationChangeRow['data'];
  now?: Date;
}

/**
 * Writes one row of the conversation change log, in the transaction of the change. Ids come from
 * a sequence, which hands them out at insert time, not commit time: two transactions could commit
 * in the other order and a reader of `sync` would step over the one committed last. A transaction
 * advisory lock on the organisation and one on the physician (always taken in the same order, so
 * never a deadlock) make every reader's changes commit in id order; it is written at the end of
 * the transaction, so the locks are held only briefly until its commit.
 */
export async function recordChange({
  tx,
  conversation,
  kind,
  messageId = null,
  data = {},
  now = new Date(),
}: RecordChangeOptions): Promise<void> {
  const [first, second] = [`org:${conversation.organizationId}`, `phy:${conversation.physicianId}`].sort();
  // One round trip for both locks: PostgreSQL evaluates a select list left to right.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${first}, 13)), pg_advisory_xact_lock(hashtextextended(${second}, 13))`,
  );
  await tx.insert(conversationChanges).values({
    conversationId: conversation.id,
    organizationId: conversation.organizationId,
    physicianId: conversation.physicianId,
    kind,
    messageId,
    data,
    createdAt: now,
  });
}
