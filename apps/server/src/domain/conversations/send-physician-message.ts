import { PHYSICIAN_MESSAGES, type TPhysicianSentMessage } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations } from '../../db/schema/hiring.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { notifyOrganization, organizationEmployerUserIds } from '../notifications/notify.ts';
import { toMessage } from './message-view.ts';
import { storeMessage } from './store-message.ts';

export interface SendPhysicianMessageOptions {
  db: Db;
  physicianId: string;
  conversationId: string;
  body: string;
  tempMsgId: string;
  now?: Date;
}

export interface SentPhysicianMessage extends TPhysicianSentMessage {
  /** False when the temp id was already stored: a retry, answered with the first copy. */
  isNew: boolean;
  /** The employer users to tell (socket `onMessage`) when the message is new. */
  employerUserIds: string[];
}

function conversationNotFound(): AppError {
  return new AppError('NOT_FOUND', PHYSICIAN_MESSAGES.conversationNotFound);
}

/**
 * The physician writes to the employer in one of their conversations (another's answers 404).
 * Idempotent on `tempMsgId`: a retry returns the stored message and changes nothing else. A new
 * message raises the employer's unread count, dates the conversation and notifies the
 * organisation (SEND_MSG_TO_EMPLOYER).
 */
export async function sendPhysicianMessage({
  db,
  physicianId,
  conversationId,
  body,
  tempMsgId,
  now = new Date(),
}: SendPhysicianMessageOptions): Promise<SentPhysicianMessage> {
  if (!isUuid(conversationId)) throw conversationNotFound();
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({
        id: conversations.id,
        organizationId: conversations.organizationId,
        jobId: conversations.jobId,
        userId: physicians.userId,
        firstName: physicians.firstName,
        lastName: physicians.lastName,
      })
      .from(conversations)
      .innerJoin(physicians, eq(physicians.id, conversations.physicianId))
      .where(and(eq(conversations.id, conversationId), eq(conversations.physicianId, physicianId)))
      .limit(1);
    if (!conversation) throw conversationNotFound();

    const { row, isNew } = await storeMessage({
      tx,
      conversationId,
      sender: 'employee',
      senderUserId: conversation.userId,
      body,
      tempMsgId,
      now,
    });
    if (!isNew) return { conversationId, message: toMessage(row), isNew, employerUserIds: [] };

    await notifyOrganization({
      db: tx,
      organizationId: conversation.organizationId,
      type: 'SEND_MSG_TO_EMPLOYER',
      title: 'New message',
      body: `Dr. ${conversation.firstName} ${conversation.lastName}: ${body.slice(0, 140)}`,
      data: { conversation: conversationId },
      now,
    });
    return {
      conversationId,
      message: toMessage(row),
      isNew: true,
      employerUserIds: await organizationEmployerUserIds(tx, conversation.organizationId, conversation.jobId),
    };
  });
}
