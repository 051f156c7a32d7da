import {
  SYNC_LATEST,
  type TConversationChange,
  type TConversationSyncData,
} from '@medhire/contract/conversations';
import { and, asc, eq, gt, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversationChanges, conversations, messages } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { employerMessageNames, toMessage } from './message-view.ts';

/** A delegate (`delegateUserId`) syncs only the conversations of the jobs assigned to them. */
export type SyncReader = { organizationId: string; delegateUserId?: string } | { physicianId: string };

export interface SyncConversationsOptions {
  db: Db;
  reader: SyncReader;
  /** The cursor of an earlier answer ('0' for everything, 'latest' for the newest cursor only). */
  since: string;
  pageSize: number;
}

/**
 * Every change of the reader's conversations after `since`, in the order they happened, one page
 * at a time: new messages (as they are now), deletions, read markers and, for the organisation,
 * archive changes (archiving is the organisation's own filing, not shown to the physician).
 * Change ids become visible in order (recordChange), so a client that asks again from
 * `nextCursor` misses nothing and sees nothing twice. `latest` answers only the newest cursor.
 */
export async function syncConversations({
  db,
  reader,
  since,
  pageSize,
}: SyncConversationsOptions): Promise<TConversationSyncData> {
  const scope =
    'organizationId' in reader
      ? and(
          eq(conversationChanges.organizationId, reader.organizationId),
          isNotHiddenFrom(reader.organizationId, conversationChanges.physicianId),
          reader.delegateUserId
            ? sql`${conversationChanges.conversationId} in (select ${conversations.id} from ${conversations}
                join ${jobs} on ${jobs.id} = ${conversations.jobId} where ${jobs.assigneeUserId} = ${reader.delegateUserId})`
            : undefined,
        )
      : and(
          eq(conversationChanges.physicianId, reader.physicianId),
          ne(conversationChanges.kind, 'archived'),
        );
  if (since === SYNC_LATEST) {
    const [head] = await db
      .select({ id: max(conversationChanges.id) })
      .from(conversationChanges)
      .where(scope);
    return { changes: [], nextCursor: String(head?.id ?? 0), hasMore: false };
  }
  const rows = await db
    .select({ change: conversationChanges, message: messages })
    .from(conversationChanges)
    .leftJoin(messages, eq(messages.id, conversationChanges.messageId))
    .where(and(scope, gt(conversationChanges.id, Number(since))))
    .orderBy(asc(conversationChanges.id))
    .limit(pageSize + 1);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  // The organisation sees which member wrote each message; the physician sees the organisation.
  const names =
    'organizationId' in reader
      ? await employerMessageNames(
          db,
          page.map((row) => row.message),
        )
      : undefined;
  const changes: TConversationChange[] = [];
  for (const { change, message } of page) {
    const base = {
      cursor: String(change.id),
      conversationId: change.conversationId,
      at: change.createdAt.toISOString(),
    };
    if (change.kind === 'message' || change.kind === 'deleted') {
      if (message) changes.push({ ...base, type: change.kind, message: toMessage(message, names) });
    } else if (change.kind === 'read') {
      changes.push({ ...base, type: 'read', reader: change.data.reader ?? 'employer' });
    } else {
      changes.push({ ...base, type: 'archived', archived: change.data.archived ?? false });
    }
  }
  return { changes, nextCursor: String(page.at(-1)?.change.id ?? since), hasMore };
}
