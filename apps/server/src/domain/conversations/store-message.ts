import type { TActivityType } from '@medhire/contract/activity';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { TMessageRow, TNotificationData, TNotificationRow } from '../../db/schema/hiring.ts';
import type { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LiveNotification } from '../notifications/deliver-notifications.ts';
import { toNotification } from '../notifications/to-notification.ts';

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
   * An employer's new message: whether the physician still has an unread EMPLOYER_MESSAGE
   * notification of this conversation (notify-physician.ts then adds none), read in the send's
   * statement.
   */
  isPhysicianNotificationWaiting: boolean;
}

const MESSAGE_SENT_ACTIVITY: TActivityType = 'message.sent';

interface MessageJson {
  id: string;
  conversation_id: string;
  sender: TMessageRow['sender'];
  sender_user_id: string | null;
  body: string;
  temp_msg_id: string | null;
  is_deleted: boolean;
  created_at_ms: number;
  seq: number;
}

interface NotificationJson {
  id: string;
  user_id: string;
  type: TNotificationRow['type'];
  title: string;
  body: string;
  data: TNotificationData;
  delivered_at: string | null;
  unread_count: number;
}

type SendResultJson =
  | { status: 'not_found' }
  | { status: 'hidden' }
  | {
      status: 'stored' | 'existing';
      message: MessageJson;
      senderName: string | null;
      physicianUserId: string;
      unarchived?: boolean;
      recipients: NotificationJson[];
    };

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
 * Every step runs in the database function `medhire_send_message` (migration 0015), one
 * statement and so one transaction and one round trip: the conversation row is locked first, so
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
}: StoreMessageOptions): Promise<StoredMessage | undefined> {
  if (!isUuid(conversationId)) return undefined;
  const employer = sender.side === 'employer' ? sender : null;
  const callSend = sql`medhire_send_message(
    ${conversationId}::uuid,
    ${sender.side}::message_sender,
    ${employer?.userId ?? null}::uuid,
    ${employer?.organizationId ?? null}::uuid,
    ${sender.side === 'employee' ? sender.physicianId : null}::uuid,
    ${employer?.isDelegate ? employer.userId : null}::uuid,
    ${body}::text,
    ${tempMsgId}::text,
    ${now.toISOString()}::timestamptz
  )`;
  // The sender's own conversation with a physician who hides from its organisation: nothing is
  // stored (the function is volatile, so CASE does not call it).
  const send = sql`case when exists (
        select 1 from "conversations" hc
        join "physician_hidden_organizations" h
          on h."organization_id" = hc."organization_id" and h."physician_id" = hc."physician_id"
        where hc."id" = ${conversationId}::uuid
          and ${employer ? sql`hc."organization_id" = ${employer.organizationId}::uuid` : sql`hc."physician_id" = ${sender.side === 'employee' ? sender.physicianId : null}::uuid`}
      ) then '{"status":"hidden"}'::jsonb else ${callSend} end`;
  // After an employer's new message: does the physician's last EMPLOYER_MESSAGE notification of
  // this conversation still wait unread (the same question notify-physician.ts asks)?
  const waiting = sql`exists (
    select 1 from "notifications" wn
    where sent.result->>'status' = 'stored'
      and wn."user_id" = (sent.result->>'physicianUserId')::uuid
      and wn."type" = 'EMPLOYER_MESSAGE'
      and wn."read_at" is null
      and wn."data"->>'conversation' = ${conversationId}::text
  )`;
  // A member's new message goes into the organisation's activity log (type message.sent) in the
  // same statement, so the send stays one round trip and the entry commits with the message; a
  // retry ('existing') or a refusal ('not_found') writes none. The names are those of
  // record-activity.ts and activity-names.ts: the member's name at the time (the function's
  // senderName), "Dr. First Last" for the physician.
  const rows = await db.execute(
    employer
      ? sql`with sent as materialized (select ${send} as result),
          logged as (
            insert into "activity_log" ("organization_id", "actor_user_id", "actor_name", "type", "summary",
              "subject_type", "subject_id", "details", "created_at")
            select ${employer.organizationId}::uuid, ${employer.userId}::uuid,
              coalesce(sent.result->>'senderName', 'A former member'),
              ${MESSAGE_SENT_ACTIVITY},
              'Sent a message to ' || coalesce(trim('Dr. ' || p."first_name" || ' ' || p."last_name"), 'a physician'),
              'conversation', ${conversationId}::text,
              jsonb_build_object('messageId', sent.result->'message'->>'id'),
              ${now.toISOString()}::timestamptz
            from sent
            join "conversations" c on c."id" = ${conversationId}::uuid
            left join "physicians" p on p."id" = c."physician_id"
            where sent.result->>'status' = 'stored'
          )
          select result, ${waiting} as waiting from sent`
      : sql`select ${send} as result`,
  );
  // postgres.js answers the rows as an array.
  const answer = (rows as unknown as { result: SendResultJson; waiting?: boolean }[])[0];
  const result = answer?.result;
  if (!result) throw new Error('medhire_send_message answered nothing.');
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
    isPhysicianNotificationWaiting: answer.waiting === true,
  };
}
