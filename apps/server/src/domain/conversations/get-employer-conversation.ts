import type { TConversation } from '@medhire/contract/conversations';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import {
  conversationNotFound,
  selectEmployerConversations,
  toEmployerConversation,
} from './employer-conversation-view.ts';
import { toMessage } from './message-view.ts';

export interface GetEmployerConversationOptions {
  db: Db;
  owner: JobOwner;
  conversationId: string;
}

/**
 * One of the organisation's conversations with all its messages, oldest first (another
 * organisation's answers 404). Opening it marks it read: its unread count becomes 0.
 */
export async function getEmployerConversation({
  db,
  owner,
  conversationId,
}: GetEmployerConversationOptions): Promise<TConversation> {
  if (!owner.organizationId || !isUuid(conversationId)) throw conversationNotFound();
  const organizationId = owner.organizationId;
  return db.transaction(async (tx) => {
    const [row] = await selectEmployerConversations(tx)
      .where(and(eq(conversations.id, conversationId), eq(conversations.organizationId, organizationId)))
      .limit(1);
    if (!row) throw conversationNotFound();
    if (row.conversation.employerUnread !== 0) {
      await tx.update(conversations).set({ employerUnread: 0 }).where(eq(conversations.id, conversationId));
    }
    const stored = await tx
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    return toEmployerConversation(
      { ...row, conversation: { ...row.conversation, employerUnread: 0 } },
      stored.map(toMessage),
    );
  });
}
