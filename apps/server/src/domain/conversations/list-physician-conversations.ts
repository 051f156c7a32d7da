import type { TPageQuery } from '@medhire/contract/envelope';
import {
  PHYSICIAN_CONVERSATION_MESSAGES,
  type TPhysicianConversationList,
} from '@medhire/contract/physicians';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { conversations, messages, type TMessageRow } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { toMessage } from './message-view.ts';

export interface ListOwnConversationsOptions {
  db: Db;
  physicianId: string;
  query: TPageQuery;
}

/** The latest messages of each conversation, oldest first per conversation, in one query. */
async function latestMessages(db: Db, conversationIds: string[]): Promise<Map<string, TMessageRow[]>> {
  const byConversation = new Map<string, TMessageRow[]>(conversationIds.map((id) => [id, []]));
  if (conversationIds.length === 0) return byConversation;
  const ranked = db
    .select({
      id: messages.id,
      rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.seq} desc)`.as(
        'rank',
      ),
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .as('ranked');
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(ranked, eq(ranked.id, messages.id))
    .where(sql`${ranked.rank} <= ${PHYSICIAN_CONVERSATION_MESSAGES}`)
    .orderBy(messages.conversationId, messages.seq);
  for (const { message } of rows) byConversation.get(message.conversationId)?.push(message);
  return byConversation;
}

/** The physician's conversations, the most recently active first, with their latest messages. */
export async function listOwnConversations({
  db,
  physicianId,
  query,
}: ListOwnConversationsOptions): Promise<TPhysicianConversationList> {
  const { pageSize, pageNumber } = query;
  const where = eq(conversations.physicianId, physicianId);
  const rows = await db
    .select({
      conversation: conversations,
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
      job: { id: jobs.id, title: jobs.title },
    })
    .from(conversations)
    .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
    .leftJoin(jobs, eq(jobs.id, conversations.jobId))
    .where(where)
    .orderBy(
      sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`,
      desc(conversations.id),
    )
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(conversations).where(where);
  const messagesOf = await latestMessages(
    db,
    rows.map((row) => row.conversation.id),
  );
  return {
    conversations: rows.map(({ conversation, organization, job }) => {
      const recent = (messagesOf.get(conversation.id) ?? []).map((message) => toMessage(message));
      return {
        _id: conversation.id,
        organization: { _id: organization.id, name: organization.name ?? '', logo: organization.logo },
        job: job ? { _id: job.id, title: job.title } : null,
        messages: recent,
        lastMessage: recent.at(-1) ?? null,
        physicianCount: conversation.physicianUnread,
        lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
      };
    }),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
