import type { TConversationListData, TGetAllConversationsQueryParsed } from '@medhire/contract/conversations';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, messages, type TMessageRow } from '../../db/schema/hiring.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { selectEmployerConversations, toEmployerConversation } from './employer-conversation-view.ts';
import { employerMessageNames, toMessage } from './message-view.ts';

export interface ListEmployerConversationsOptions {
  db: Db;
  owner: JobOwner;
  query: TGetAllConversationsQueryParsed;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The last message of each conversation, in one query. */
async function lastMessages(db: Db, conversationIds: string[]): Promise<Map<string, TMessageRow>> {
  const byConversation = new Map<string, TMessageRow>();
  if (conversationIds.length === 0) return byConversation;
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.seq));
  for (const row of rows) byConversation.set(row.conversationId, row);
  return byConversation;
}

/**
 * The organisation's conversations, newest activity first (last message time; conversations
 * without messages after them, by opening time). `queryText` matches every word somewhere in
 * the physician's name, `jobId` keeps one job's conversations, `archived` picks archived or
 * current ones. Each conversation carries only its last message; the single conversation
 * answers all of them.
 */
export async function listEmployerConversations({
  db,
  owner,
  query,
}: ListEmployerConversationsOptions): Promise<TConversationListData> {
  if (!owner.organizationId) return [];
  if (query.jobId !== undefined && !isUuid(query.jobId)) return [];
  const conditions: SQL[] = [
    eq(conversations.organizationId, owner.organizationId),
    eq(conversations.isArchived, query.archived),
    isNotHiddenFrom(owner.organizationId, conversations.physicianId),
  ];
  if (query.jobId) conditions.push(eq(conversations.jobId, query.jobId));
  const delegateCondition = delegateJobRowCondition(owner, conversations.jobId);
  if (delegateCondition) conditions.push(delegateCondition);
  for (const word of query.queryText.toLowerCase().split(/\s+/).filter(Boolean)) {
    conditions.push(sql`${physicians.searchName} like ${`%${escapeLikePattern(word)}%`}`);
  }
  const rows = await selectEmployerConversations(db)
    .where(and(...conditions))
    .orderBy(
      sql`${conversations.lastMessageAt} desc nulls last`,
      desc(conversations.createdAt),
      desc(conversations.id),
    )
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const last = await lastMessages(
    db,
    rows.map((row) => row.conversation.id),
  );
  const names = await employerMessageNames(db, [...last.values()]);
  return rows.map((row) => {
    const message = last.get(row.conversation.id);
    return toEmployerConversation(row, message ? [toMessage(message, names)] : []);
  });
}
