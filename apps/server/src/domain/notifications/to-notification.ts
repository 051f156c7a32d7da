import { notificationLink, type TNotification } from '@medhire/contract/notifications';
import type { TNotificationRow } from '../../db/schema/hiring.ts';

/** MedHire's icon, shown by the browser beside a push notification. */
export const NOTIFICATION_ICON = '/favicon.svg';

/** A stored notification in the spec's push payload shape (spec §3), with its route (spec §2). */
export function toNotification(row: TNotificationRow): TNotification {
  const conversation = row.data.conversation ?? null;
  return {
    _id: row.id,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    data: { type: row.type, markAsRead: true, conversation },
    notification: { title: row.title, body: row.body, image: null, icon: NOTIFICATION_ICON },
    fcmOptions: { link: notificationLink(row.type, conversation) },
  };
}
