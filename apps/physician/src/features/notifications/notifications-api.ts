import type { TPushTokenBody, TPushTokenData } from '@medhire/contract/auth';
import type { TMarkAllNotificationsReadData, TPushPublicKeyData } from '@medhire/contract/notifications';
import type {
  TPhysicianMarkReadData,
  TPhysicianNotificationList,
  TPhysicianNotificationPreferencesData,
  TPhysicianNotificationSocketPayload,
  TUnreadCountData,
  TUpdatePhysicianNotificationPreferencesBody,
} from '@medhire/contract/physician-notifications';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../lib/api.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The list pages and the badge's count are refreshed separately: a new notification changes both. */
const LIST_TAG = { type: 'Notifications', id: 'LIST' } as const;
const COUNT_TAG = { type: 'Notifications', id: 'COUNT' } as const;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<TPhysicianNotificationList, { pageNumber: number }>({
      query: ({ pageNumber }) => ({
        path: '/employee/notification/get-all-notification',
        query: { pageNumber, pageSize: NOTIFICATIONS_PAGE_SIZE },
      }),
      providesTags: [LIST_TAG],
    }),
    getUnreadCount: build.query<TUnreadCountData, void>({
      query: () => ({ path: '/employee/notification/unread-count' }),
      providesTags: [COUNT_TAG],
    }),
    markNotificationRead: build.mutation<TPhysicianMarkReadData, string>({
      query: (notificationId) => ({
        path: `/employee/notification/mark-as-read/${encodeURIComponent(notificationId)}`,
        method: 'PATCH',
      }),
      async onQueryStarted(_notificationId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(unreadCountChanged(data.unreadCount));
        dispatch(api.util.invalidateTags([LIST_TAG]));
      },
    }),
    markAllNotificationsRead: build.mutation<TMarkAllNotificationsReadData, void>({
      query: () => ({ path: '/employee/notification/mark-all-as-read', method: 'PATCH' }),
      async onQueryStarted(_argument, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(unreadCountChanged(data.unreadCount));
        dispatch(api.util.invalidateTags([LIST_TAG]));
      },
    }),
    getNotificationPreferences: build.query<TPhysicianNotificationPreferencesData, void>({
      query: () => ({ path: '/employee/notification/preferences' }),
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: build.mutation<
      TPhysicianNotificationPreferencesData,
      TUpdatePhysicianNotificationPreferencesBody
    >({
      query: (body) => ({ path: '/employee/notification/preferences', method: 'PATCH', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          dispatch(notificationsApi.util.upsertQueryData('getNotificationPreferences', undefined, data));
        }
      },
    }),
    getPushPublicKey: build.query<TPushPublicKeyData, void>({
      query: () => ({ path: '/employee/notification/push-public-key' }),
    }),
    savePushSubscription: build.mutation<TPushTokenData, TPushTokenBody>({
      query: (body) => ({ path: '/employee/notification/save-push-subscription', method: 'POST', body }),
    }),
    deletePushSubscription: build.mutation<TPushTokenData, TPushTokenBody>({
      query: (body) => ({ path: '/employee/notification/delete-push-subscription', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useGetUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  useLazyGetPushPublicKeyQuery,
  useSavePushSubscriptionMutation,
  useDeletePushSubscriptionMutation,
} = notificationsApi;

type Thunk = ThunkAction<void, { api: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

/** The badge's count as the server last said it; the count is fetched when nothing is cached yet. */
export function unreadCountChanged(unreadCount: number): Thunk {
  return (dispatch) => {
    dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, { unreadCount }));
  };
}

/**
 * A notification pushed over the live connection (`onNotification`): the badge takes the
 * server's count at once, and the list, when open, reloads its pages to show it first.
 */
export function notificationArrived(payload: TPhysicianNotificationSocketPayload): Thunk {
  return (dispatch) => {
    dispatch(unreadCountChanged(payload.unreadCount));
    dispatch(api.util.invalidateTags([LIST_TAG]));
  };
}
