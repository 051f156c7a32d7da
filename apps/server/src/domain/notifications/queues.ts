/** Delivers new notifications: socket event, then one push job per subscription. */
export const NOTIFICATION_DELIVERY_QUEUE = 'notification-delivery';
/** Sends one Web Push message to one browser subscription. */
export const NOTIFICATION_PUSH_QUEUE = 'notification-push';
/** E-mails a physician one notification they get no push for (send-notification-email.ts). */
export const NOTIFICATION_EMAIL_QUEUE = 'notification-email';
/** Queues the delivery of notifications stored without a delivery job (scheduled). */
export const NOTIFICATION_SWEEP_QUEUE = 'notification-sweep';
/** Sends the e-mail digests that are due (scheduled). */
export const NOTIFICATION_DIGEST_QUEUE = 'notification-digest';

/**
 * A sweep's job: the scheduled ones carry nothing (notifications a minute old); the one queued
 * when the database is back after an outage takes every undelivered notification at once.
 */
export interface NotificationSweepJob {
  olderThanMs?: number;
}

export interface NotificationDeliveryJob {
  notificationIds: string[];
}

export interface NotificationPushJob {
  notificationId: string;
  pushTokenId: string;
}

export interface NotificationEmailJob {
  notificationId: string;
}
