import { CONVERSATION_MESSAGES } from '@medhire/contract/conversations';
import type {
  TPhysicianConversationPage,
  TPhysicianConversationPageQuery,
  TPhysicianConversationReadData,
} from '@medhire/contract/physician-conversations';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { conversations, messages, notifications, type TConversationRow } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { toMessage } from './message-view.ts';
import { recordChange } from './record-change.ts';

const notFound = () => new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound);

/** The physician's own conversation, locked for the read marker; another's or none is 404. */
async function lockOwnConversation(tx: Db, physicianId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw notFound();
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.physicianId, physicianId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Marks the conversation read for the physician inside `tx`: the unread count drops to 0 (a read
 * marker in the change log, so their other devices and the employer's "seen" follow) and their
 * unread message notifications of it are read too. Nothing is written when nothing was unread.
 */
async function markReadIn(
  tx: Db,
  userId: string,
  conversation: TConversationRow,
  now: Date,
): Promise<number> {
  if (conversation.physicianUnread !== 0) {
    await tx.update(conversations).set({ physicianUnread: 0 }).where(eq(conversations.id, conversation.id));
    await recordChange({ tx, conversation, kind: 'read', data: { reader: 'employee' }, now });
  }
  const read = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, 'EMPLOYER_MESSAGE'),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'conversation' = ${conversation.id}`,
      ),
    )
    .returning({ id: notifications.id });
  return read.length;
}

export interface GetPhysicianConversationOptions {
  db: Db;
  physicianId: string;
  userId: string;
  conversationId: string;
  query: TPhysicianConversationPageQuery;
  now?: Date;
}

/**
 * One of the physician's conversations with a page of messages, oldest first: the newest
 * `pageSize` without `beforeSeq`, else the `pageSize` before it; `hasMore` when older ones
 * remain. Opening the newest page is reading the conversation, as on the employer side, so it
 * marks it read; paging back through history does not change anything.
 */
export async function getPhysicianConversation({
  db,
  physicianId,
  userId,
  conversationId,
  query,
  now = new Date(),
}: GetPhysicianConversationOptions): Promise<TPhysicianConversationPage> {
  return db.transaction(async (tx) => {
    const conversation = await lockOwnConversation(tx, physicianId, conversationId);
    const inConversation = eq(messages.conversationId, conversation.id);
    // One more than the page tells whether older messages remain.
    const newestFirst = await tx
      .select()
      .from(messages)
      .where(
        query.beforeSeq === undefined
          ? inConversation
          : and(inConversation, lt(messages.seq, query.beforeSeq)),
      )
      .orderBy(desc(messages.seq))
      .limit(query.pageSize + 1);
    const hasMore = newestFirst.length > query.pageSize;
    const page = newestFirst.slice(0, query.pageSize).reverse();

    const isOpening = query.beforeSeq === undefined;
    if (isOpening) await markReadIn(tx, userId, conversation, now);

    const [header] = await tx
      .select({
        organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
        job: { id: jobs.id, title: jobs.title },
      })
      .from(conversations)
      .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
      .leftJoin(jobs, eq(jobs.id, conversations.jobId))
      .where(eq(conversations.id, conversation.id))
      .limit(1);
    if (!header) throw notFound();
    return {
      conversation: {
        _id: conversation.id,
        organization: {
          _id: header.organization.id,
          name: header.organization.name ?? '',
          logo: header.organization.logo,
        },
        job: header.job ? { _id: header.job.id, title: header.job.title } : null,
        physicianCount: isOpening ? 0 : conversation.physicianUnread,
        lastSeq: conversation.lastSeq,
        lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
      },
      messages: page.map((message) => toMessage(message)),
      hasMore,
    };
  });
}

/** Marks one of the physician's conversations read (another's answers 404 and changes nothing). */
export async function markPhysicianConversationRead({
  db,
  physicianId,
  userId,
  conversationId,
  now = new Date(),
}: Omit<GetPhysicianConversationOptions, 'query'>): Promise<TPhysicianConversationReadData> {
  return db.transaction(async (tx) => {
    const conversation = await lockOwnConversation(tx, physicianId, conversationId);
    const notificationsRead = await markReadIn(tx, userId, conversation, now);
    return { conversationId: conversation.id, physicianCount: 0 as const, notificationsRead };
  });
}
