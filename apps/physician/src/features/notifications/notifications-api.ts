import type { TPushTokenBody, TPushTokenData } from '@medhire/contract/auth';
import type { TMarkAllNotificationsReadData, TPushPublicKeyData } from '@medhire/contract/notifications';
import type {
  TPhysicianMarkReadData,
  TPhysicianNotificationList,
  TPhysicianNotificationPreferencesData,
  TUpdatePhysicianNotificationPreferencesBody,
} from '@medhire/contract/physician-notifications';
import { api } from '../../lib/api.ts';
import { LIST_TAG, unreadCountChanged } from './unread-count.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<TPhysicianNotificationList, { pageNumber: number }>({
      query: ({ pageNumber }) => ({
        path: '/employee/notification/get-all-notification',
        query: { pageNumber, pageSize: NOTIFICATIONS_PAGE_SIZE },
      }),
      providesTags: [LIST_TAG],
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
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  useLazyGetPushPublicKeyQuery,
  useSavePushSubscriptionMutation,
  useDeletePushSubscriptionMutation,
} = notificationsApi;
