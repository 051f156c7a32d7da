import type { TMessage } from '@medhire/contract/conversations';
import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { templateMessageBody } from '../message-templates/template-message-body.ts';
import { queueNotificationDelivery } from '../notifications/notify.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { isDelegate } from '../team/member-scope.ts';
import { conversationNotFound } from './employer-conversation-view.ts';
import { toMessage } from './message-view.ts';
import type { SendBatcher } from './send-batcher.ts';
import { storeMessage } from './store-message.ts';

export interface SendEmployerMessageOptions {
  db: Db;
  /** The server's group commit of sends (send-batcher.ts); without it the send is a statement of its own. */
  batcher?: SendBatcher;
  owner: JobOwner;
  conversationId: string;
  body: string;
  tempMsgId: string;
  /**
   * A message template to send instead of `body`: rendered by the server for this conversation,
   * refused (422, nothing stored) when a variable would be empty.
   */
  templateId?: string;
  now?: Date;
  /** The request's logger: a physician notification whose delivery could not be queued is logged there. */
  log?: { error: (details: object, message: string) => void };
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
 * answers 404; a delegate's only in conversations of the jobs assigned to them). Idempotent on
 * `tempMsgId`: a retry returns the stored message and changes nothing else. A new message raises
 * the physician's unread count and dates the conversation, in one statement (store-message.ts).
 */
export async function sendEmployerMessage({
  db,
  batcher,
  owner,
  conversationId,
  body,
  tempMsgId,
  templateId,
  now = new Date(),
  log,
}: SendEmployerMessageOptions): Promise<SentEmployerMessage> {
  if (!owner.organizationId) throw conversationNotFound();
  // A physician who hid from the organisation cannot be written to; the conversation is gone for
  // it. A plain message asks in its send statement (store-message.ts); a template asks first,
  // before rendering it for a conversation the member may no longer see.
  if (templateId !== undefined && isUuid(conversationId)) {
    const [hidden] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.organizationId, owner.organizationId),
          not(isNotHiddenFrom(owner.organizationId, conversations.physicianId)),
        ),
      )
      .limit(1);
    if (hidden) throw conversationNotFound();
  }
  const text =
    templateId === undefined
      ? body
      : await templateMessageBody({ db, member: owner, conversationId, templateId, tempMsgId });
  const stored = await storeMessage({
    db,
    batcher,
    conversationId,
    sender: {
      side: 'employer',
      userId: owner.userId,
      organizationId: owner.organizationId,
      isDelegate: isDelegate(owner),
    },
    body: text,
    tempMsgId,
    now,
    hiddenError: conversationNotFound,
  });
  if (!stored) throw conversationNotFound();
  // The send's statement stored the physician's notification when none of this conversation
  // waited unread (one per conversation: a lively conversation does not ring the phone for every
  // line). Its delivery job (socket, then push or e-mail) is queued now that it has committed; a
  // job that cannot be queued is logged and the sweep queues it (notify.ts).
  if (stored.isNew && stored.physicianNotificationId) {
    await queueNotificationDelivery({
      db,
      notificationIds: [stored.physicianNotificationId],
      log: log ?? { error: () => {} },
    });
  }
  // Without a name (the member's row is gone) toMessage says "A former member".
  const senderNames = new Map(
    stored.row.senderUserId && stored.senderName
      ? [[stored.row.senderUserId, { fullName: stored.senderName }]]
      : [],
  );
  return {
    conversationId,
    message: toMessage(stored.row, senderNames),
    isNew: stored.isNew,
    physicianUserId: stored.physicianUserId,
  };
}
