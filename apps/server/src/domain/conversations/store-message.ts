import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages, type TMessageRow } from '../../db/schema/hiring.ts';

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

/**
 * Stores a message once per (conversation, sender, tempMsgId) — ARCHITECTURE.md: a retry of the
 * same temp id answers the message already stored, never a second copy. A new message raises the
 * other side's unread count and the conversation's last activity; a retry changes nothing.
 */
export async function storeMessage({
  tx,
  conversationId,
  sender,
  senderUserId,
  body,
  tempMsgId,
  now,
}: StoreMessageOptions): Promise<{ row: TMessageRow; isNew: boolean }> {
  const [inserted] = await tx
    .insert(messages)
    .values({ conversationId, sender, senderUserId, body, tempMsgId, createdAt: now })
    .onConflictDoNothing({ target: [messages.conversationId, messages.sender, messages.tempMsgId] })
    .returning();
  if (!inserted) {
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
    if (!stored) throw new Error('A message with this temp id was neither stored nor found.');
    return { row: stored, isNew: false };
  }
  const unread =
    sender === 'employer'
      ? { physicianUnread: sql`${conversations.physicianUnread} + 1` }
      : { employerUnread: sql`${conversations.employerUnread} + 1` };
  await tx
    .update(conversations)
    .set({ ...unread, lastMessageAt: now })
    .where(eq(conversations.id, conversationId));
  return { row: inserted, isNew: true };
}
