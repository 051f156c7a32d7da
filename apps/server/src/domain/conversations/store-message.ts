import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages, type TMessageRow } from '../../db/schema/hiring.ts';
import { recordChange } from './record-change.ts';

export interface StoreMessageOptions {
  /** The transaction the sender's checks ran in. */
  tx: Db;
  conversationId: string;
  sender: 'employer' | 'employee';
  senderUserId: string;
  body: string;
  tempMsgId: string;
  now: Date;
}

export interface StoredMessage {
  row: TMessageRow;
  isNew: boolean;
  /** True when a physician's message brought an archived conversation back to the inbox. */
  unarchived: boolean;
}

/**
 * Stores a message once per (conversation, sender, tempMsgId) — ARCHITECTURE.md: a retry of the
 * same temp id answers the message already stored, never a second copy. The conversation row is
 * locked first, so concurrent senders take turns: the temp id check then sees every committed
 * message, and the new message's `seq` is the conversation's `last_seq + 1`, raised in the same
 * transaction (gap-free, in commit order). A new message raises the other side's unread count and
 * the conversation's last activity, is written to the change log, and a physician's message
 * brings an archived conversation back to the inbox; a retry changes nothing.
 */
export async function storeMessage({
  tx,
  conversationId,
  sender,
  senderUserId,
  body,
  tempMsgId,
  now,
}: StoreMessageOptions): Promise<StoredMessage> {
  const [locked] = await tx
    .select({
      id: conversations.id,
      organizationId: conversations.organizationId,
      physicianId: conversations.physicianId,
      isArchived: conversations.isArchived,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update');
  if (!locked) throw new Error('The conversation to store a message in was not found.');

  const findStored = async () => {
    const [stored] = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.sender, sender),
          eq(messages.tempMsgId, tempMsgId),
        ),
      )
      .limit(1);
    return stored;
  };
  const already = await findStored();
  if (already) return { row: already, isNew: false, unarchived: false };

  const unarchived = sender === 'employee' && locked.isArchived;
  const unread =
    sender === 'employer'
      ? { physicianUnread: sql`${conversations.physicianUnread} + 1` }
      : { employerUnread: sql`${conversations.employerUnread} + 1` };
  const [counter] = await tx
    .update(conversations)
    .set({
      ...unread,
      lastMessageAt: now,
      lastSeq: sql`${conversations.lastSeq} + 1`,
      ...(unarchived ? { isArchived: false } : {}),
    })
    .where(eq(conversations.id, conversationId))
    .returning({ lastSeq: conversations.lastSeq });
  if (!counter) throw new Error('The conversation to store a message in was not found.');

  const [inserted] = await tx
    .insert(messages)
    .values({ conversationId, sender, senderUserId, body, tempMsgId, createdAt: now, seq: counter.lastSeq })
    .returning();
  if (!inserted) throw new Error('The message was not stored.');

  await recordChange({ tx, conversation: locked, kind: 'message', messageId: inserted.id, now });
  if (unarchived) {
    await recordChange({ tx, conversation: locked, kind: 'archived', data: { archived: false }, now });
  }
  return { row: inserted, isNew: true, unarchived };
}
