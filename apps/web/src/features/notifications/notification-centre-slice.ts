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
     * A live notification (socket `onNotification`) joins the list once, in its place by time
     * (newest first; a delivery that was queued while the server was down arrives late and
     * older than what is shown), and takes the server's unread count. The newest of each kind
     * becomes the match, conversation or message notification.
     */
    notificationReceived(state, action: PayloadAction<{ notification: TNotification; unreadCount: number }>) {
      const { notification, unreadCount } = action.payload;
      state.unreadCount = unreadCount;
      const others = state.notifications.filter((item) => item._id !== notification._id);
      const index = others.findIndex((item) => item.createdAt <= notification.createdAt);
      others.splice(index === -1 ? others.length : index, 0, notification);
      state.notifications = others.slice(0, LATEST_NOTIFICATIONS_KEPT);
      const isNewest = (current: TNotification | null) =>
        current === null || current.createdAt <= notification.createdAt;
      const { type, conversation } = notification.data;
      if ((type === 'INVITE_ACCEPTED' || type === 'INVITE_REJECTED') && isNewest(state.matchNotification)) {
        state.matchNotification = notification;
      }
      if (conversation && isNewest(state.conversationNotification)) {
        state.conversationNotification = notification;
      }
      if (type === 'SEND_MSG_TO_EMPLOYER' && isNewest(state.messageNotification)) {
        state.messageNotification = notification;
      }
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
