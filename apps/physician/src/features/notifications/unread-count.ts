import type {
  TPhysicianNotificationSocketPayload,
  TUnreadCountData,
} from '@medhire/contract/physician-notifications';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../lib/api.ts';

/**
 * The header's unread count, on its own: every screen's first download carries the bell, the
 * notifications screen's calls come with that screen.
 */

/** The list pages and the badge's count are refreshed separately: a new notification changes both. */
export const LIST_TAG = { type: 'Notifications', id: 'LIST' } as const;
export const COUNT_TAG = { type: 'Notifications', id: 'COUNT' } as const;

export const unreadCountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnreadCount: build.query<TUnreadCountData, void>({
      query: () => ({ path: '/employee/notification/unread-count' }),
      providesTags: [COUNT_TAG],
    }),
  }),
});

export const { useGetUnreadCountQuery } = unreadCountApi;

type Thunk = ThunkAction<void, { api: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

/** The badge's count as the server last said it. */
export function unreadCountChanged(unreadCount: number): Thunk {
  return (dispatch) => {
    dispatch(unreadCountApi.util.upsertQueryData('getUnreadCount', undefined, { unreadCount }));
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
