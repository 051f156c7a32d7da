import {
  SYNC_LATEST,
  type TConversationChange,
  type TConversationSyncData,
} from '@medhire/contract/conversations';
import { and, asc, eq, gt, max, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversationChanges, messages } from '../../db/schema/hiring.ts';
import { toMessage } from './message-view.ts';

export type SyncReader = { organizationId: string } | { physicianId: string };

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
      ? eq(conversationChanges.organizationId, reader.organizationId)
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
  const changes: TConversationChange[] = [];
  for (const { change, message } of page) {
    const base = {
      cursor: String(change.id),
      conversationId: change.conversationId,
      at: change.createdAt.toISOString(),
    };
    if (change.kind === 'message' || change.kind === 'deleted') {
      if (message) changes.push({ ...base, type: change.kind, message: toMessage(message) });
    } else if (change.kind === 'read') {
      changes.push({ ...base, type: 'read', reader: change.data.reader ?? 'employer' });
    } else {
      changes.push({ ...base, type: 'archived', archived: change.data.archived ?? false });
    }
  }
  return { changes, nextCursor: String(page.at(-1)?.change.id ?? since), hasMore };
}
