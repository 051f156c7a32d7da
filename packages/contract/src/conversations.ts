import { z } from 'zod';
import { groupDigits } from './en-us-format.ts';
import { ZQueryText } from './enums.ts';

/**
 * Message delivery status (spec §4): a message appears at once as sending, becomes sent when
 * the server answers with the stored message, failed when the call fails; resend returns a
 * failed message to sending.
 */
export const MESSAGE_STATUS = { SENDING: 1, SENT: 2, FAILED: 3 } as const;
export const ZMessageStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type TMessageStatus = z.infer<typeof ZMessageStatus>;

/** Who wrote a message; the employer's own messages carry 'employer'. */
export const ZMessageSender = z.enum(['employer', 'employee']);
export type TMessageSender = z.infer<typeof ZMessageSender>;

export const ZMessage = z.object({
  _id: z.string(),
  body: z.string(),
  status: ZMessageStatus,
  sentTime: z.string(),
  sender: ZMessageSender,
  isDeleted: z.boolean(),
  /** The client's temporary id; sending is idempotent on it (ARCHITECTURE.md). */
  tempMsgId: z.string().optional(),
  chatId: z.string(),
  /**
   * The message's place in its conversation: 1 for the first, then 2, 3… without gaps. A client
   * keeps the highest it has per conversation to resume from (afterSeq, sync).
   */
  seq: z.number().int().min(1).optional(),
  /** Employer messages in the organisation's views: the team member who wrote it. */
  senderName: z.string().nullable().optional(),
});
export type TMessage = z.infer<typeof ZMessage>;

/** The physician on the other side of an employer's conversation. */
export const ZConversationApplicant = z.object({
  /** The physician's id (the applicant id of /applicants/:id). */
  _id: z.string(),
  fullName: z.string(),
  photo: z.string().nullable(),
  /** The title of the physician's specialty ('' when not set). */
  specialty: z.string(),
});
export type TConversationApplicant = z.infer<typeof ZConversationApplicant>;

/**
 * A conversation as the employer sees it. Messages are oldest first; `sender` is 'employer'
 * for the organisation's messages and 'employee' for the physician's; stored messages have
 * `status` 2 (sent), `sentTime` ISO and `chatId` = the conversation's `_id`. A deleted message
 * stays in the list with `isDeleted` true and an empty `body`.
 *
 * In the list (`get-all-conversation`) `messages` holds just the last message (`[lastMessage]`,
 * or `[]` when nothing was written yet); `get-single-conversation` answers a page of them (ZGetSingleConversationQuery).
 */
export const ZConversation = z.object({
  _id: z.string(),
  messages: z.array(ZMessage),
  lastMessage: ZMessage.nullable(),
  /** Messages the employer has not read yet. */
  employerCount: z.number().int().min(0),
  applicant: ZConversationApplicant,
  /** The job the conversation is about (null when that job was deleted). */
  job: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /**
   * The accepted match of the conversation's job and physician; null when it was started with
   * an applicant (start-conversation) and no invite was accepted for that job.
   */
  matchId: z.string().nullable(),
  isArchived: z.boolean(),
  /** ISO time of the last message, or of the conversation's opening when nothing was written yet. */
  updatedAt: z.string(),
});
export type TConversation = z.infer<typeof ZConversation>;

/** The longest message body, in characters; stored and shown as plain text. */
export const MESSAGE_BODY_MAX = 5000;

export const ZSendMessageBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message first.')
    .max(MESSAGE_BODY_MAX, `This message is too long: ${groupDigits(MESSAGE_BODY_MAX)} characters at most.`),
  tempMsgId: z.string().min(1).max(100),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

/** The employer's send: a message, or a message template rendered by the server. */
export const ZSendEmployerMessageBody = ZSendMessageBody.extend({
  /**
   * Send this message template (message-templates.ts): the server renders it for the
   * conversation, stores its own rendering, and refuses (422, nothing stored) when a variable
   * would be empty. `body` is then the client's preview, shown while the message is sending.
   */
  templateId: z.string().min(1).max(100).optional(),
});
export type TSendEmployerMessageBody = z.infer<typeof ZSendEmployerMessageBody>;

/** A query-string flag: 'true' / 'false' (absent means false). */
const ZQueryFlag = z
  .enum(['true', 'false'], { message: 'Use true or false.' })
  .optional()
  .transform((value) => value === 'true');

/**
 * `GET /api/employer/conversation/get-all-conversation/{userId}`: the organisation's
 * conversations, newest activity first (last message time, conversations without messages
 * by opening time). `queryText` matches the physician's name (every word), `jobId` keeps one
 * job's conversations, `archived` picks archived (true) or current (false, the default) ones.
 * `data` is the array of conversations (ZConversationListData) and nothing else.
 */
export const ZGetAllConversationsQuery = z.object({
  queryText: ZQueryText,
  pageSize: z.coerce.number().int().min(1).max(200).default(100),
  pageNumber: z.coerce.number().int().min(1).default(1),
  archived: ZQueryFlag,
  jobId: z.string().trim().min(1).max(100).optional(),
});
export type TGetAllConversationsQuery = z.input<typeof ZGetAllConversationsQuery>;
export type TGetAllConversationsQueryParsed = z.output<typeof ZGetAllConversationsQuery>;

/** `data` of get-all-conversation: the conversations themselves (spec §7), not a paged object. */
export const ZConversationListData = z.array(ZConversation);
export type TConversationListData = z.infer<typeof ZConversationListData>;

/**
 * `{conversationId}` in a path (get-single-conversation, send-message). Same shape as the
 * physician side's ZConversationIdParams in physicians.ts.
 */
export const ZConversationIdParams = z.object({ conversationId: z.string().min(1).max(100) });

/** A message sequence number in a query string. */
const ZSeqParam = z.coerce
  .number()
  .int('Use a whole number.')
  .min(0, 'Use a whole number from 0.')
  .optional();

/**
 * `GET /api/employer/conversation/get-single-conversation/{conversationId}` query. Without
 * cursors it answers the newest `pageSize` messages; `beforeSeq` pages backwards (the `pageSize`
 * messages before that number, newest page first), `afterSeq` forwards (the messages after what
 * the client has, oldest first, `pageSize` at most). Messages are always oldest first in the
 * answer; `lastMessage` is always the conversation's last message. Both cursors at once are
 * refused (400).
 */
export const ZGetSingleConversationQuery = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(200).default(100),
    beforeSeq: ZSeqParam,
    afterSeq: ZSeqParam,
  })
  .refine((query) => query.beforeSeq === undefined || query.afterSeq === undefined, {
    message: 'Use beforeSeq or afterSeq, not both.',
    path: ['afterSeq'],
  });
export type TGetSingleConversationQuery = z.input<typeof ZGetSingleConversationQuery>;
export type TGetSingleConversationQueryParsed = z.output<typeof ZGetSingleConversationQuery>;

/** `PATCH /api/employer/conversation/archive/{conversationId}` body. */
export const ZArchiveConversationBody = z.object({
  archived: z.boolean({ message: 'Say true to archive or false to bring it back to the inbox.' }),
});
export type TArchiveConversationBody = z.infer<typeof ZArchiveConversationBody>;

/** What archive answers: the conversation and its archived state now. */
export const ZArchiveConversationData = z.object({ conversationId: z.string(), isArchived: z.boolean() });
export type TArchiveConversationData = z.infer<typeof ZArchiveConversationData>;

/** `since=latest`: no changes, just the cursor of the newest one (where a client starts from). */
export const SYNC_LATEST = 'latest';

/**
 * `GET /api/employer/conversation/sync` and `GET /api/employee/conversation/sync` query: the
 * changes after `since` (a cursor from an earlier answer; '0' or absent for everything;
 * `latest` answers no changes and the newest cursor, so a screen that has just loaded its
 * conversations can later ask for what it missed without downloading the history).
 */
export const ZConversationSyncQuery = z.object({
  since: z
    .string()
    .regex(/^(\d{1,18}|latest)$/, 'Use the cursor of an earlier sync answer, or latest.')
    .default('0'),
  pageSize: z.coerce.number().int().min(1).max(500).default(200),
});
export type TConversationSyncQuery = z.input<typeof ZConversationSyncQuery>;

/** One change of a conversation, in the order they happened; `cursor` is its place. */
export const ZConversationChange = z.discriminatedUnion('type', [
  z.object({
    cursor: z.string(),
    type: z.literal('message'),
    conversationId: z.string(),
    /** The message as it is now (a message deleted since has isDeleted true and no body). */
    message: ZMessage,
    at: z.string(),
  }),
  z.object({
    cursor: z.string(),
    type: z.literal('deleted'),
    conversationId: z.string(),
    message: ZMessage,
    at: z.string(),
  }),
  z.object({
    cursor: z.string(),
    type: z.literal('read'),
    conversationId: z.string(),
    /** Who read the conversation: 'employer' opened it. */
    reader: ZMessageSender,
    at: z.string(),
  }),
  z.object({
    cursor: z.string(),
    type: z.literal('archived'),
    conversationId: z.string(),
    archived: z.boolean(),
    at: z.string(),
  }),
]);
export type TConversationChange = z.infer<typeof ZConversationChange>;

/**
 * What sync answers: the changes after `since`, oldest first, `pageSize` at most; `nextCursor`
 * is the cursor to ask from next (the last change's, or `since` again when nothing changed), and
 * `hasMore` says another page is already waiting.
 */
export const ZConversationSyncData = z.object({
  changes: z.array(ZConversationChange),
  nextCursor: z.string(),
  hasMore: z.boolean(),
});
export type TConversationSyncData = z.infer<typeof ZConversationSyncData>;

/** `DELETE /api/employer/conversation/delete-message/{conversationId}/{messageId}` */
export const ZConversationMessageParams = z.object({
  conversationId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
});

/**
 * What `POST /api/employer/conversation/send-message/{conversationId}` answers: the saved
 * message (sender 'employer', status 2, the request's tempMsgId). A retry with the same
 * tempMsgId answers the message already stored. After saving, the physician's socket room gets
 * `onMessage` {conversationId, message}.
 */
export const ZSendMessageData = ZMessage;
export type TSendMessageData = TMessage;

/**
 * What delete-message answers: the deleted message, `isDeleted` true and `body` ''. It stays in
 * the conversation's messages. Only the employer's own messages can be deleted.
 */
export const ZDeleteMessageData = ZMessage;
export type TDeleteMessageData = TMessage;

/**
 * `POST /api/employer/conversation/start-conversation/{applicationId}`: opens the conversation
 * with a physician who applied to one of the organisation's jobs, about that job, without an
 * invite (no invite of the plan is spent). One conversation per job and physician: when one is
 * there already (opened by an accepted invite or an earlier start) it is answered as it is.
 * `data` is the conversation as get-single-conversation answers it (ZConversation).
 */
export const ZStartConversationParams = z.object({ applicationId: z.string().min(1).max(100) });
export type TStartConversationParams = z.infer<typeof ZStartConversationParams>;
export const ZStartConversationData = ZConversation;
export type TStartConversationData = TConversation;

/** Messages of the employer conversation routes, shown to people. */
export const CONVERSATION_MESSAGES = {
  notFound: 'We could not find that conversation.',
  messageNotFound: 'We could not find that message.',
  notOwnMessage: 'You can only delete your own messages.',
  archived: 'The conversation is archived.',
  unarchived: 'The conversation is back in the inbox.',
  applicationNotFound: 'We could not find that application.',
} as const;
