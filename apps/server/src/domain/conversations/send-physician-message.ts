import { PHYSICIAN_MESSAGES, type TPhysicianSentMessage } from '@medhire/contract/physicians';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LiveNotification } from '../notifications/deliver-notifications.ts';
import { toMessage } from './message-view.ts';
import type { SendBatcher } from './send-batcher.ts';
import { storeMessage } from './store-message.ts';

export interface SendPhysicianMessageOptions {
  db: Db;
  /** The server's group commit of sends (send-batcher.ts); without it the send is a statement of its own. */
  batcher?: SendBatcher;
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
  /** Their SEND_MSG_TO_EMPLOYER notifications to emit now (`onNotification`). */
  liveNotifications: LiveNotification[];
  /** Notifications whose delivery job (push) is to be queued now. */
  queuedNotificationIds: string[];
}

/**
 * The physician writes to the employer in one of their conversations (another's answers 404).
 * Idempotent on `tempMsgId`: a retry returns the stored message and changes nothing else. A new
 * message raises the employer's unread count, dates the conversation and notifies the
 * organisation (SEND_MSG_TO_EMPLOYER), all in one statement (store-message.ts).
 */
export async function sendPhysicianMessage({
  db,
  batcher,
  physicianId,
  conversationId,
  body,
  tempMsgId,
  now = new Date(),
}: SendPhysicianMessageOptions): Promise<SentPhysicianMessage> {
  const stored = await storeMessage({
    db,
    batcher,
    conversationId,
    sender: { side: 'employee', physicianId },
    body,
    tempMsgId,
    now,
    // The organisation no longer sees the conversation at all: a message would reach no one, or
    // reach it with the name the physician hid. Asked in the send's own statement.
    hiddenError: () => new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.messageToHiddenOrganization),
  });
  if (!stored) throw new AppError('NOT_FOUND', PHYSICIAN_MESSAGES.conversationNotFound);
  return {
    conversationId,
    message: toMessage(stored.row),
    isNew: stored.isNew,
    employerUserIds: stored.isNew ? stored.employerUserIds : [],
    liveNotifications: stored.liveNotifications,
    queuedNotificationIds: stored.queuedNotificationIds,
  };
}
