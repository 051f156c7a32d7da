import {
  notificationLink,
  type TNotification,
  type TNotificationType,
} from '@medhire/contract/notifications';
import type { TNotificationRow } from '../../db/schema/hiring.ts';

/** MedHire's icon, shown by the browser beside a push notification. */
export const NOTIFICATION_ICON = '/favicon.svg';

/**
 * A stored notification in the spec's push payload shape (spec §3), with the job and physician it
 * is about and the route a click opens (as precise as those ids allow; spec §2 as the fallback).
 */
export function toNotification(row: TNotificationRow): TNotification {
  const data = {
    // Employer users only ever hold the employer's types; physicians' rows are shown by
    // physician-notification-view.ts.
    type: row.type as TNotificationType,
    markAsRead: true,
    conversation: row.data.conversation ?? null,
    jobId: row.data.jobId ?? null,
    physicianId: row.data.physicianId ?? null,
  };
  return {
    _id: row.id,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    data,
    notification: { title: row.title, body: row.body, image: null, icon: NOTIFICATION_ICON },
    fcmOptions: { link: notificationLink(data) },
  };
}
