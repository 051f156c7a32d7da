import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { conversationNotFound } from './employer-conversation-view.ts';
import { recordChange } from './record-change.ts';

export interface ArchiveEmployerConversationOptions {
  db: Db;
  owner: JobOwner;
  conversationId: string;
  archived: boolean;
  now?: Date;
}

/**
 * Archives (true) or brings back to the inbox (false) one of the organisation's conversations
 * (another organisation's answers 404). A change is written to the change log; asking for the
 * state it already has changes nothing. A new message from the physician brings an archived
 * conversation back to the inbox (storeMessage).
 */
export async function archiveEmployerConversation({
  db,
  owner,
  conversationId,
  archived,
  now = new Date(),
}: ArchiveEmployerConversationOptions): Promise<{ conversationId: string; isArchived: boolean }> {
  if (!owner.organizationId || !isUuid(conversationId)) throw conversationNotFound();
  const organizationId = owner.organizationId;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({
        id: conversations.id,
        organizationId: conversations.organizationId,
        physicianId: conversations.physicianId,
        isArchived: conversations.isArchived,
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
      .for('update');
    if (!conversation) throw conversationNotFound();
    if (conversation.isArchived !== archived) {
      await tx
        .update(conversations)
        .set({ isArchived: archived })
        .where(eq(conversations.id, conversationId));
      await recordChange({ tx, conversation, kind: 'archived', data: { archived }, now });
    }
    return { conversationId, isArchived: archived };
  });
}
