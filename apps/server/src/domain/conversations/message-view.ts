import { MESSAGE_STATUS, type TMessage } from '@medhire/contract/conversations';
import type { TMessageRow } from '../../db/schema/hiring.ts';

/** A stored message as the API answers it: stored means sent. */
export function toMessage(row: TMessageRow): TMessage {
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
  };
}
