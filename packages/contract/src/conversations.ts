import { z } from 'zod';
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
 * or `[]` when nothing was written yet); `get-single-conversation` answers all messages.
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
  /** The accepted match that opened the conversation. */
  matchId: z.string().nullable(),
  isArchived: z.boolean(),
  /** ISO time of the last message, or of the conversation's opening when nothing was written yet. */
  updatedAt: z.string(),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZSendMessageBody = z.object({
  body: z.string().trim().min(1, 'Write a message first.').max(5000, 'This message is too long.'),
  tempMsgId: z.string().min(1).max(100),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

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

/** Messages of the employer conversation routes, shown to people. */
export const CONVERSATION_MESSAGES = {
  notFound: 'We could not find that conversation.',
  messageNotFound: 'We could not find that message.',
  notOwnMessage: 'You can only delete your own messages.',
} as const;
