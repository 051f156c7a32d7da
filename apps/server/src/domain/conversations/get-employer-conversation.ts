import type { TConversation, TGetSingleConversationQueryParsed } from '@medhire/contract/conversations';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import {
  conversationNotFound,
  selectEmployerConversations,
  toEmployerConversation,
} from './employer-conversation-view.ts';
import { employerMessageNames, toMessage } from './message-view.ts';
import { recordChange } from './record-change.ts';

export interface GetEmployerConversationOptions {
  db: Db;
  owner: JobOwner;
  conversationId: string;
  query?: TGetSingleConversationQueryParsed;
}

/**
 * One of the organisation's conversations with a page of its messages, oldest first (another
 * organisation's answers 404): the newest `pageSize` without a cursor, the `pageSize` before
 * `beforeSeq` (scrolling up), or the `pageSize` after `afterSeq` (what the client has not seen).
 * `lastMessage` stays the conversation's last message. Opening it marks it read: its unread
 * count becomes 0, written to the change log as a read marker.
 */
export async function getEmployerConversation({
  db,
  owner,
  conversationId,
  query = { pageSize: 100 },
}: GetEmployerConversationOptions): Promise<TConversation> {
  if (!owner.organizationId || !isUuid(conversationId)) throw conversationNotFound();
  const organizationId = owner.organizationId;
  return db.transaction(async (tx) => {
    const [row] = await selectEmployerConversations(tx)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.organizationId, organizationId),
          isNotHiddenFrom(organizationId, conversations.physicianId),
          delegateJobRowCondition(owner, conversations.jobId),
        ),
      )
      .limit(1);
    if (!row) throw conversationNotFound();
    const inConversation = eq(messages.conversationId, conversationId);
    const page =
      query.afterSeq !== undefined
        ? await tx
            .select()
            .from(messages)
            .where(and(inConversation, gt(messages.seq, query.afterSeq)))
            .orderBy(asc(messages.seq))
            .limit(query.pageSize)
        : (
            await tx
              .select()
              .from(messages)
              .where(
                query.beforeSeq !== undefined
                  ? and(inConversation, lt(messages.seq, query.beforeSeq))
                  : inConversation,
              )
              .orderBy(desc(messages.seq))
              .limit(query.pageSize)
          ).reverse();
    const pageLast = page.at(-1);
    const [last] =
      pageLast && pageLast.seq === row.conversation.lastSeq
        ? [pageLast]
        : await tx.select().from(messages).where(inConversation).orderBy(desc(messages.seq)).limit(1);
    if (row.conversation.employerUnread !== 0) {
      await tx.update(conversations).set({ employerUnread: 0 }).where(eq(conversations.id, conversationId));
      await recordChange({ tx, conversation: row.conversation, kind: 'read', data: { reader: 'employer' } });
    }
    const names = await employerMessageNames(tx, [...page, last]);
    return toEmployerConversation(
      { ...row, conversation: { ...row.conversation, employerUnread: 0 } },
      page.map((message) => toMessage(message, names)),
      last ? toMessage(last, names) : null,
    );
  });
}
