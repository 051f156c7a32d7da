import { z } from 'zod';

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

export const ZConversation = z.object({
  _id: z.string(),
  messages: z.array(ZMessage),
  lastMessage: ZMessage.nullable(),
  /** Messages the employer has not read yet. */
  employerCount: z.number().int().min(0),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZSendMessageBody = z.object({
  body: z.string().trim().min(1, 'Write a message first.').max(5000, 'This message is too long.'),
  tempMsgId: z.string().min(1).max(100),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;
