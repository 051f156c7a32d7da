import { z } from 'zod';
import { ZMessage } from './conversations.ts';

/**
 * One conversation of the physician's, read a page at a time:
 * `GET /api/employee/conversation/get-conversation/{conversationId}?beforeSeq=&pageSize=`.
 */

export const PHYSICIAN_CONVERSATION_PAGE = { defaultSize: 50, maxSize: 200 } as const;

export const ZPhysicianConversationPageQuery = z.object({
  /** Messages before this sequence number (scrolling up); the newest page when absent. */
  beforeSeq: z.coerce
    .number({ error: 'beforeSeq must be a number.' })
    .int('beforeSeq must be a whole number.')
    .min(1, 'beforeSeq must be at least 1.')
    .optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number.' })
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be at least 1.')
    .max(
      PHYSICIAN_CONVERSATION_PAGE.maxSize,
      `pageSize can be at most ${PHYSICIAN_CONVERSATION_PAGE.maxSize}.`,
    )
    .default(PHYSICIAN_CONVERSATION_PAGE.defaultSize),
});
export type TPhysicianConversationPageQuery = z.output<typeof ZPhysicianConversationPageQuery>;

/** The conversation's header and one page of its messages, oldest first. */
export const ZPhysicianConversationPage = z.object({
  conversation: z.object({
    _id: z.string(),
    organization: z.object({ _id: z.string(), name: z.string(), logo: z.string().nullable() }),
    job: z.object({ _id: z.string(), title: z.string() }).nullable(),
    /** Messages the physician has not read yet (0 once the newest page was opened). */
    physicianCount: z.number().int().min(0),
    /** The sequence number of the conversation's last message (0 when nothing was written). */
    lastSeq: z.number().int().min(0),
    lastMessageAt: z.string().nullable(),
  }),
  messages: z.array(ZMessage),
  /** Whether older messages remain before the first one of this page. */
  hasMore: z.boolean(),
});
export type TPhysicianConversationPage = z.infer<typeof ZPhysicianConversationPage>;

/** `PATCH /api/employee/conversation/mark-as-read/{conversationId}`. */
export const ZPhysicianConversationReadData = z.object({
  conversationId: z.string(),
  physicianCount: z.literal(0),
  /** The physician's message notifications of the conversation marked read with it. */
  notificationsRead: z.number().int().min(0),
});
export type TPhysicianConversationReadData = z.infer<typeof ZPhysicianConversationReadData>;
