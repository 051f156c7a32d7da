import type {
  TMarkAllNotificationsReadData,
  TMarkConversationNotificationsReadData,
  TMarkNotificationReadData,
  TNotificationListData,
  TNotificationPreferencesData,
  TPushPublicKeyData,
  TUpdateNotificationPreferencesBody,
  TWeeklySummarySetting,
} from '@medhire/contract/notifications';
import { http } from '../../../lib/http.ts';

const id = encodeURIComponent;

export interface NotificationListQuery {
  pageSize?: number;
  pageNumber?: number;
  /** Only unread notifications. */
  unread?: boolean;
}

/** The employer's notification calls (/api/employer/notification, spec §7). */
export const notificationsApi = {
  /** One page of the user's notifications, newest first, with the unread count. */
  getAll: (userId: string, { unread, ...query }: NotificationListQuery = {}, signal?: AbortSignal) =>
    http.get<TNotificationListData>(`/employer/notification/get-all-notification/${id(userId)}`, {
      query: { ...query, unread: unread ? 'true' : undefined },
      signal,
    }),
  /** Every notification of the user read. */
  markAllRead: (userId: string) =>
    http.patch<TMarkAllNotificationsReadData>(
      `/employer/notification/mark-as-read-notification/${id(userId)}`,
    ),
  /** One notification read. */
  markOneRead: (notificationId: string) =>
    http.patch<TMarkNotificationReadData>(
      `/employer/notification/${id(notificationId)}/mark-as-read-notification`,
    ),
  /** Every notification of one conversation read. */
  markConversationRead: (userId: string, conversationId: string) =>
    http.patch<TMarkConversationNotificationsReadData>(
      `/employer/notification/${id(userId)}/mark-as-read-conversation-notification/${id(conversationId)}`,
    ),
  getPreferences: (userId: string, signal?: AbortSignal) =>
    http.get<TNotificationPreferencesData>(`/employer/notification/preferences/${id(userId)}`, { signal }),
  updatePreferences: (userId: string, body: TUpdateNotificationPreferencesBody) =>
    http.patch<TNotificationPreferencesData>(`/employer/notification/preferences/${id(userId)}`, body),
  /** The weekly hiring summary e-mail (owners and admins): whether it reaches the member. */
  getWeeklySummary: (userId: string, signal?: AbortSignal) =>
    http.get<TWeeklySummarySetting>(`/employer/notification/weekly-summary/${id(userId)}`, { signal }),
  updateWeeklySummary: (userId: string, isEnabled: boolean) =>
    http.patch<TWeeklySummarySetting>(`/employer/notification/weekly-summary/${id(userId)}`, { isEnabled }),
  getPushPublicKey: () => http.get<TPushPublicKeyData>('/employer/notification/push-public-key'),
  /** Stores this browser's PushSubscription (its JSON text) for the user. */
  savePushSubscription: (userId: string, value: string) =>
    http.patch<unknown>(`/employer/auth/save-fcm-token/${id(userId)}`, { value }),
  deletePushSubscription: (userId: string, value: string) =>
    http.delete<unknown>(`/employer/auth/delete-fcm-token/${id(userId)}`, { value }),
};
