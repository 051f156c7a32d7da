import type { TNotification } from '@medhire/contract/notifications';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addNotificationCentreReducer, initialNotificationsState } from './notifications-slice.ts';

/** The panel keeps this many; older ones are on the notifications page. */
export const LATEST_NOTIFICATIONS_KEPT = 20;

function markRead(notification: TNotification): void {
  notification.read = true;
}

export const notificationCentreSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** The latest page from the server replaces the list; its unread count is the truth. */
    notificationsLoaded(
      state,
      action: PayloadAction<{ notifications: TNotification[]; unreadCount: number }>,
    ) {
      state.notifications = action.payload.notifications.slice(0, LATEST_NOTIFICATIONS_KEPT);
      state.unreadCount = action.payload.unreadCount;
    },
    /**
     * A live notification (socket `onNotification`) goes on top of the list, once, and takes the
     * server's unread count; it also becomes the latest match, conversation or message
     * notification according to its type.
     */
    notificationReceived(state, action: PayloadAction<{ notification: TNotification; unreadCount: number }>) {
      const { notification, unreadCount } = action.payload;
      state.unreadCount = unreadCount;
      const others = state.notifications.filter((item) => item._id !== notification._id);
      state.notifications = [notification, ...others].slice(0, LATEST_NOTIFICATIONS_KEPT);
      const { type, conversation } = notification.data;
      if (type === 'INVITE_ACCEPTED' || type === 'INVITE_REJECTED') state.matchNotification = notification;
      if (conversation) state.conversationNotification = notification;
      if (type === 'SEND_MSG_TO_EMPLOYER') state.messageNotification = notification;
    },
    /** One notification was marked read; the answer carries the new unread count. */
    notificationRead(state, action: PayloadAction<{ notification: TNotification; unreadCount: number }>) {
      const { notification, unreadCount } = action.payload;
      state.unreadCount = unreadCount;
      state.notifications = state.notifications.map((item) =>
        item._id === notification._id ? { ...notification, read: true } : item,
      );
    },
    /** "Mark all as read": nothing is unread any more. */
    allNotificationsRead(state) {
      state.unreadCount = 0;
      state.notifications.forEach(markRead);
    },
    /** Opening a conversation marks its notifications read (the conversation call). */
    conversationNotificationsRead(
      state,
      action: PayloadAction<{ conversationId: string; unreadCount: number }>,
    ) {
      const { conversationId, unreadCount } = action.payload;
      state.unreadCount = unreadCount;
      for (const notification of state.notifications) {
        if (notification.data.conversation === conversationId) markRead(notification);
      }
      if (state.conversationNotification?.data.conversation === conversationId)
        state.conversationNotification = null;
      if (state.messageNotification?.data.conversation === conversationId) state.messageNotification = null;
    },
  },
});

export const {
  notificationsLoaded,
  notificationReceived,
  notificationRead,
  allNotificationsRead,
  conversationNotificationsRead,
} = notificationCentreSlice.actions;

addNotificationCentreReducer(notificationCentreSlice.reducer);
