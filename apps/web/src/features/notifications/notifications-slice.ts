import type { TNotification } from '@medhire/contract/notifications';
import { type Action, createSlice, type PayloadAction, type Reducer } from '@reduxjs/toolkit';

/** Notification state, field names as spec §3 gives them, plus the unread count the bell shows. */
export interface NotificationsState {
  /** The latest notifications, newest first (the bell's panel). */
  notifications: TNotification[];
  /** Unread notifications of the signed-in person, all pages counted; null until first loaded. */
  unreadCount: number | null;
  /** The latest answer to a match invite (INVITE_ACCEPTED, INVITE_REJECTED). */
  matchNotification: TNotification | null;
  /** The latest notification that points at a conversation. */
  conversationNotification: TNotification | null;
  /** The latest message from a physician (SEND_MSG_TO_EMPLOYER). */
  messageNotification: TNotification | null;
  /** This browser's push registration as saved on the server (the PushSubscription JSON). */
  notificationToken: string | null;
  /** The push service's endpoint this browser was given. */
  fireBaseToken: string | null;
  /** Set when a live message arrives, until the messages screen has shown it. */
  newMessage: boolean;
}

export const initialNotificationsState: NotificationsState = {
  notifications: [],
  unreadCount: null,
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

export const { newMessageFlagged, notificationTokenSet, fireBaseTokenSet } = notificationsSlice.actions;

/**
 * The notification centre's rules (list, unread count, mark read) live with the bell in the
 * signed-in shell's chunk and join this reducer when that chunk loads, so the sign-in page's
 * download (which carries the store) does not grow with them.
 */
let centreReducer: Reducer<NotificationsState> | null = null;

export function addNotificationCentreReducer(reducer: Reducer<NotificationsState>): void {
  centreReducer = reducer;
}

export function notificationsReducer(
  state: NotificationsState | undefined,
  action: Action,
): NotificationsState {
  const next = notificationsSlice.reducer(state, action);
  return centreReducer ? centreReducer(next, action) : next;
}
