import { MESSAGE_STATUS, type TMessage } from '@medhire/contract/conversations';
import type { Db } from '../../db/index.ts';
import type { TMessageRow } from '../../db/schema/hiring.ts';
import { loadMemberRefs } from '../team/member-ref.ts';

/** Who wrote the organisation's messages, by user id (see employerMessageNames). */
export type SenderNames = ReadonlyMap<string, { fullName: string }>;

/** A stored message as the API answers it: stored means sent. */
export function toMessage(row: TMessageRow, senderNames?: SenderNames): TMessage {
  return {
    _id: row.id,
    body: row.isDeleted ? '' : row.body,
    status: MESSAGE_STATUS.SENT,
    sentTime: row.createdAt.toISOString(),
    sender: row.sender,
    isDeleted: row.isDeleted,
    ...(row.tempMsgId ? { tempMsgId: row.tempMsgId } : {}),
    chatId: row.conversationId,
    seq: row.seq,
    ...(senderNames && row.sender === 'employer'
      ? {
          senderName:
            (row.senderUserId ? senderNames.get(row.senderUserId)?.fullName : undefined) ?? 'A former member',
        }
      : {}),
  };
}

/**
 * The names of the team members who wrote these messages, so a conversation shows which member
 * wrote each one. Members who left keep their name: their user row stays.
 */
export async function employerMessageNames(
  db: Db,
  rows: readonly (TMessageRow | null | undefined)[],
): Promise<SenderNames> {
  return loadMemberRefs(
    db,
    rows.map((row) => (row?.sender === 'employer' ? row.senderUserId : null)),
  );
}
