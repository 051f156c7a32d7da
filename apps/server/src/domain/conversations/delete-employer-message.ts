import { CONVERSATION_MESSAGES, type TMessage } from '@medhire/contract/conversations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { physicianNameOf } from '../team/activity-names.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { recordActivity } from '../team/record-activity.ts';
import { conversationNotFound } from './employer-conversation-view.ts';
import { employerMessageNames, toMessage } from './message-view.ts';
import { recordChange } from './record-change.ts';

export interface DeleteEmployerMessageOptions {
  db: Db;
  owner: JobOwner;
  conversationId: string;
  messageId: string;
}

/**
 * Deletes one of the organisation's own messages: it stays in the conversation, marked deleted
 * (its text is kept but no longer answered). The physician's messages cannot be deleted (403);
 * another organisation's conversation or an unknown message answers 404. Deleting again
 * answers the deleted message.
 */
export async function deleteEmployerMessage({
  db,
  owner,
  conversationId,
  messageId,
}: DeleteEmployerMessageOptions): Promise<TMessage> {
  if (!owner.organizationId || !isUuid(conversationId)) throw conversationNotFound();
  const organizationId = owner.organizationId;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({
        id: conversations.id,
        organizationId: conversations.organizationId,
        physicianId: conversations.physicianId,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.organizationId, organizationId),
          isNotHiddenFrom(organizationId, conversations.physicianId),
          delegateJobRowCondition(owner, conversations.jobId),
        ),
      )
      .limit(1);
    if (!conversation) throw conversationNotFound();
    const messageNotFound = new AppError('NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound);
    if (!isUuid(messageId)) throw messageNotFound;
    const [message] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
      .limit(1);
    if (!message) throw messageNotFound;
    if (message.sender !== 'employer') throw new AppError('FORBIDDEN', CONVERSATION_MESSAGES.notOwnMessage);
    if (message.isDeleted) return toMessage(message, await employerMessageNames(tx, [message]));
    const [deleted] = await tx
      .update(messages)
      .set({ isDeleted: true })
      .where(eq(messages.id, messageId))
      .returning();
    await recordChange({ tx, conversation, kind: 'deleted', messageId });
    await recordActivity(tx, {
      organizationId,
      actorUserId: owner.userId,
      type: 'message.deleted',
      summary: `Deleted a message in the conversation with ${await physicianNameOf(tx, conversation.physicianId)}`,
      subjectType: 'conversation',
      subjectId: conversation.id,
      details: { messageId },
    });
    return toMessage(deleted ?? { ...message, isDeleted: true }, await employerMessageNames(tx, [message]));
  });
}
