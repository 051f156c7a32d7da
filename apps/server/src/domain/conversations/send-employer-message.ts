import type { TMessage } from '@medhire/contract/conversations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations } from '../../db/schema/hiring.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { conversationNotFound } from './employer-conversation-view.ts';
import { employerMessageNames, toMessage } from './message-view.ts';
import { storeMessage } from './store-message.ts';

export interface SendEmployerMessageOptions {
  db: Db;
  owner: JobOwner;
  conversationId: string;
  body: string;
  tempMsgId: string;
  now?: Date;
}

export interface SentEmployerMessage {
  conversationId: string;
  message: TMessage;
  /** False when the temp id was already stored: a retry, answered with the first copy. */
  isNew: boolean;
  /** The physician's user id, whose socket room hears `onMessage` when the message is new. */
  physicianUserId: string;
}

/**
 * The employer writes to the physician in one of the organisation's conversations (another's
 * answers 404). Idempotent on `tempMsgId`: a retry returns the stored message and changes
 * nothing else. A new message raises the physician's unread count and dates the conversation.
 */
export async function sendEmployerMessage({
  db,
  owner,
  conversationId,
  body,
  tempMsgId,
  now = new Date(),
}: SendEmployerMessageOptions): Promise<SentEmployerMessage> {
  if (!owner.organizationId || !isUuid(conversationId)) throw conversationNotFound();
  const organizationId = owner.organizationId;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id, physicianUserId: physicians.userId })
      .from(conversations)
      .innerJoin(physicians, eq(physicians.id, conversations.physicianId))
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.organizationId, organizationId),
          delegateJobRowCondition(owner, conversations.jobId),
        ),
      )
      .limit(1);
    if (!conversation) throw conversationNotFound();
    const { physicianUserId } = conversation;

    const { row, isNew } = await storeMessage({
      tx,
      conversationId,
      sender: 'employer',
      senderUserId: owner.userId,
      body,
      tempMsgId,
      now,
    });
    return {
      conversationId,
      message: toMessage(row, await employerMessageNames(tx, [row])),
      isNew,
      physicianUserId,
    };
  });
}
