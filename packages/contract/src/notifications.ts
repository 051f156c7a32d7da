import { z } from 'zod';

/** Events that notify an employer (spec §2, ARCHITECTURE.md). */
export const NOTIFICATION_TYPES = [
  'EMPLOYEE_REGISTERED',
  'APPLY_ON_JOB',
  'INVITE_ACCEPTED',
  'INVITE_REJECTED',
  'SEND_MSG_TO_EMPLOYER',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/**
 * A notification as the API and the socket carry it: the spec's push payload (§3) —
 * `data{type, markAsRead, conversation}`, `notification{title, body, image, icon}`,
 * `fcmOptions.link` (the route a click opens, §2) — plus `_id`, `read` and `createdAt` (ISO).
 */
export const ZNotification = z.object({
  _id: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  data: z.object({
    type: ZNotificationType,
    markAsRead: z.boolean(),
    conversation: z.string().nullable(),
  }),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    image: z.string().nullable(),
    icon: z.string().nullable(),
  }),
  fcmOptions: z.object({ link: z.string() }),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZGetAllNotificationsQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  pageNumber: z.coerce.number().int().min(1).default(1),
  /** `true` lists only unread notifications. */
  unread: z.enum(['true', 'false']).optional(),
});
export type TGetAllNotificationsQuery = z.input<typeof ZGetAllNotificationsQuery>;

/** One page of the user's notifications, newest first, with the unread count of all of them. */
export const ZNotificationListData = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int().min(0),
  total: z.number().int().min(0),
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type TNotificationListData = z.infer<typeof ZNotificationListData>;

export const ZMarkAllReadData = z.object({ unreadCount: z.literal(0), updated: z.number().int().min(0) });
export type TMarkAllReadData = z.infer<typeof ZMarkAllReadData>;

export const ZMarkOneReadData = z.object({
  notification: ZNotification,
  unreadCount: z.number().int().min(0),
});
export type TMarkOneReadData = z.infer<typeof ZMarkOneReadData>;

export const ZMarkConversationReadData = z.object({
  unreadCount: z.number().int().min(0),
  updated: z.number().int().min(0),
});
export type TMarkConversationReadData = z.infer<typeof ZMarkConversationReadData>;

/** Delivery channels besides in-app, which is always on. */
export const ZNotificationPreference = z.object({
  type: ZNotificationType,
  inApp: z.literal(true),
  push: z.boolean(),
  email: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

export const ZNotificationPreferencesData = z.object({ preferences: z.array(ZNotificationPreference) });
export type TNotificationPreferencesData = z.infer<typeof ZNotificationPreferencesData>;

export const ZUpdateNotificationPreferencesBody = z.object({
  preferences: z.array(
    z.object({ type: ZNotificationType, push: z.boolean().optional(), email: z.boolean().optional() }),
  ),
});
export type TUpdateNotificationPreferencesBody = z.infer<typeof ZUpdateNotificationPreferencesBody>;

export const ZPushPublicKeyData = z.object({ publicKey: z.string() });
export type TPushPublicKeyData = z.infer<typeof ZPushPublicKeyData>;

/** The socket event `onNotification` to the user's room. */
export const ZNotificationEvent = z.object({
  notification: ZNotification,
  unreadCount: z.number().int().min(0),
});
export type TNotificationEvent = z.infer<typeof ZNotificationEvent>;
