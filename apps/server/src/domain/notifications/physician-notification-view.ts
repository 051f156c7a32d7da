import {
  PHYSICIAN_NOTIFICATION_TYPES,
  physicianNotificationLink,
  type TPhysicianNotification,
  type TPhysicianNotificationType,
} from '@medhire/contract/physician-notifications';
import type { TNotificationRow } from '../../db/schema/hiring.ts';
import { NOTIFICATION_ICON, toNotification } from './to-notification.ts';

const PHYSICIAN_TYPES: ReadonlySet<string> = new Set(PHYSICIAN_NOTIFICATION_TYPES);

export function isPhysicianNotificationType(type: string): type is TPhysicianNotificationType {
  return PHYSICIAN_TYPES.has(type);
}

/** A stored physician notification in the shape the physician app, push and socket receive. */
export function toPhysicianNotification(row: TNotificationRow): TPhysicianNotification {
  const type = row.type as TPhysicianNotificationType;
  const data = {
    type,
    markAsRead: true,
    conversation: row.data.conversation ?? null,
    jobId: row.data.jobId ?? null,
    matchId: row.data.matchId ?? null,
    alertId: row.data.alertId ?? null,
    candidateStatus: row.data.candidateStatus ?? null,
  };
  return {
    _id: row.id,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    data,
    notification: { title: row.title, body: row.body, image: null, icon: NOTIFICATION_ICON },
    fcmOptions: { link: physicianNotificationLink(data) },
  };
}

/** Either side's view of a stored notification, chosen by its type (push and socket payloads). */
export function toAnyNotification(row: TNotificationRow) {
  return isPhysicianNotificationType(row.type) ? toPhysicianNotification(row) : toNotification(row);
}
