import type { Db } from '../../db/index.ts';
import type { TMessageRow, TNotificationRow } from '../../db/schema/hiring.ts';
import type { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LiveNotification } from '../notifications/deliver-notifications.ts';
import { toNotification } from '../notifications/to-notification.ts';
import { type MessageJson, runSends, type SendBatcher, type SendInput } from './send-batcher.ts';

/** Who sends: the conversation must be theirs, or the message is not stored. */
export type MessageSender =
  | {
      side: 'employer';
      userId: string;
      organizationId: string;
      /** A delegate may write only in conversations of the jobs assigned to them. */
      isDelegate: boolean;
    }
  | { side: 'employee'; physicianId: string };

export interface StoreMessageOptions {
  /** The database or a transaction: the send is one statement, atomic on its own. */
  db: Db;
  /**
   * The server's group commit (send-batcher.ts): the send may share its statement with others
   * that arrive at the same time. Only for `db` itself, never inside a transaction.
   */
  batcher?: SendBatcher;
  conversationId: string;
  sender: MessageSender;
  body: string;
  tempMsgId: string;
  now: Date;
  /**
   * Refuse with this error, storing nothing, when the physician hides from the organisation: the
   * check runs in the send's own statement instead of a round trip of its own before it.
   */
  hiddenError: () => AppError;
}

export interface StoredMessage {
  row: TMessageRow;
  /** False when the temp id was already stored: a retry, answered with the first copy. */
  isNew: boolean;
  /** True when a physician's message brought an archived conversation back to the inbox. */
  unarchived: boolean;
  /** The name colleagues see for the member who wrote an employer message (null: a former member). */
  senderName: string | null;
  physicianUserId: string;
  /** A new physician message: the employer members told of it, oldest account first. */
  employerUserIds: string[];
  /** Their notifications to show live after commit (the recipient has no browser wanting a push). */
  liveNotifications: LiveNotification[];
  /** Notifications the delivery job must handle (socket and push), queued after commit. */
  queuedNotificationIds: string[];
  /**
   * An employer's new message: whether the physician still had an unread EMPLOYER_MESSAGE
   * notification of this conversation, read in the send's statement.
   */
  isPhysicianNotificationWaiting: boolean;
  /**
   * An employer's new message while none waited: the physician's EMPLOYER_MESSAGE notification
   * the send stored (undelivered), whose delivery job the caller queues after the commit.
   */
  physicianNotificationId: string | null;
}

function toMessageRow(json: MessageJson): TMessageRow {
  return {
    id: json.id,
    conversationId: json.conversation_id,
    sender: json.sender,
    senderUserId: json.sender_user_id,
    body: json.body,
    tempMsgId: json.temp_msg_id,
    isDeleted: json.is_deleted,
    createdAt: new Date(Number(json.created_at_ms)),
    seq: json.seq,
  };
}

/**
 * Stores a message once per (conversation, sender, tempMsgId) — ARCHITECTURE.md: a retry of the
 * same temp id answers the message already stored, never a second copy. Answers undefined when
 * the conversation is not the sender's (another organisation's, another physician's, or a job not
 * assigned to a delegate).
 *
 * Every step runs in the database function `medhire_send_message` (migration 0015), called by
 * `medhire_send_messages` (migrations 0040, 0041) with the hidden-physician check before it and the
 * activity-log entry after it (and, for a member's new message while the physician has no unread
 * notification of the conversation, that notification: migration 0041): one statement and so one
 * transaction and one round trip, shared
 * with other sends when `batcher` gathers them (send-batcher.ts). The conversation row is locked first, so
 * concurrent senders take turns, the temp-id check sees every committed message, and the new
 * message's `seq` is the conversation's `last_seq + 1`, raised in the same transaction (gap-free,
 * in commit order). A new message raises the other side's unread count and the conversation's
 * last activity and is written to the change log (under record-change.ts's advisory locks); a
 * physician's message brings an archived conversation back to the inbox and stores the
 * organisation's SEND_MSG_TO_EMPLOYER notifications. A retry changes nothing.
 */
export async function storeMessage({
  db,
  conversationId,
  sender,
  body,
  tempMsgId,
  now,
  hiddenError,
  batcher,
}: StoreMessageOptions): Promise<StoredMessage | undefined> {
  if (!isUuid(conversationId)) return undefined;
  const employer = sender.side === 'employer' ? sender : null;
  const input: SendInput = {
    conversationId,
    sender: sender.side,
    senderUserId: employer?.userId ?? null,
    organizationId: employer?.organizationId ?? null,
    physicianId: sender.side === 'employee' ? sender.physicianId : null,
    delegateUserId: employer?.isDelegate ? employer.userId : null,
    body,
    tempMsgId,
    now: now.toISOString(),
  };
  const result = batcher ? await batcher.send(input) : (await runSends(db, [input]))[0];
  if (!result) throw new Error('medhire_send_messages answered nothing.');
  if (result.status === 'hidden') throw hiddenError();
  if (result.status === 'not_found') return undefined;

  const liveNotifications: LiveNotification[] = [];
  const queuedNotificationIds: string[] = [];
  for (const recipient of result.recipients) {
    if (recipient.delivered_at === null) {
      queuedNotificationIds.push(recipient.id);
      continue;
    }
    const row: TNotificationRow = {
      id: recipient.id,
      userId: recipient.user_id,
      type: recipient.type,
      title: recipient.title,
      body: recipient.body,
      data: recipient.data,
      readAt: null,
      createdAt: now,
      deliveredAt: now,
    };
    liveNotifications.push({
      userId: recipient.user_id,
      payload: { notification: toNotification(row), unreadCount: Number(recipient.unread_count) },
    });
  }
  return {
    row: toMessageRow(result.message),
    isNew: result.status === 'stored',
    unarchived: result.unarchived === true,
    senderName: result.senderName,
    physicianUserId: result.physicianUserId,
    employerUserIds: result.recipients.map((recipient) => recipient.user_id),
    liveNotifications,
    queuedNotificationIds,
    isPhysicianNotificationWaiting: result.waiting === true,
    physicianNotificationId: result.physicianNotificationId ?? null,
  };
}
