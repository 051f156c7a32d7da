import type { TNotificationType } from '@medhire/contract/notifications';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** An in-app notification as the list shows it. */
export interface NotificationRecord {
  _id: string;
  type: TNotificationType;
  title?: string;
  body?: string;
  markAsRead?: boolean;
  /** The conversation a message notification points at. */
  conversation?: string;
  [field: string]: unknown;
}

/** Notification state, field names as spec §3 gives them. */
export interface NotificationsState {
  notifications: NotificationRecord[];
  matchNotification: NotificationRecord | null;
  conversationNotification: NotificationRecord | null;
  messageNotification: NotificationRecord | null;
  /** This browser's push token as saved on the server. */
  notificationToken: string | null;
  /** The token the push provider issued to this browser. */
  fireBaseToken: string | null;
  /** Set when a live message arrives, until the messages screen has shown it. */
  newMessage: boolean;
}

export const initialNotificationsState: NotificationsState = {
  notifications: [],
  matchNotification: null,
  conversationNotification: null,
  messageNotification: null,
  notificationToken: null,
  fireBaseToken: null,
  newMessage: false,
};

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notificationsLoaded(state, action: PayloadAction<NotificationRecord[]>) {
      state.notifications = action.payload;
    },
    newMessageFlagged(state, action: PayloadAction<boolean>) {
      state.newMessage = action.payload;
    },
    notificationTokenSet(state, action: PayloadAction<string | null>) {
      state.notificationToken = action.payload;
    },
    fireBaseTokenSet(state, action: PayloadAction<string | null>) {
      state.fireBaseToken = action.payload;
    },
  },
});

export const { notificationsLoaded, newMessageFlagged, notificationTokenSet, fireBaseTokenSet } =
  notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
