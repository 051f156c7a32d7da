import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { connectRealtime } from '../../../lib/socket.ts';
import { logout } from '../../auth/auth-slice.ts';
import {
  liveMessageReceived,
  pushReceivedForConversation,
  realtimeReconnected,
} from '../../conversations/conversations-slice.ts';
import { applyMatchUpdate } from '../../matches/apply-match-update.ts';
import { notificationReceived } from '../../notifications/notification-centre-slice.ts';

/**
 * The signed-in person's live connection (spec §7 "Realtime"), one per session: it opens when
 * a session exists and closes on sign-out or when the signed-in shell goes away.
 * - onMessage is a live new message (spec §4); the app's listener raises the newMessage flag
 *   and the toast 'New message recieved.'.
 * - onNewMatch is handled as a match accept, which also updates the user's subscriptionMeta.
 * - onNotification moves the bell's unread count and list; a message notification for a
 *   conversation other than the open one raises that conversation's unread count by 1.
 * - After a lost connection comes back, screens re-fetch what was sent meanwhile.
 */
export function RealtimeConnection() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector((state) => state.auth.session?.token);
  const uid = useAppSelector((state) => state.auth.session?.user._id);

  useEffect(() => {
    if (!token || !uid) return;
    const connection = connectRealtime({
      token,
      uid,
      handlers: {
        onMessage: (event) => dispatch(liveMessageReceived(event)),
        onNewMatch: (update) => applyMatchUpdate(dispatch, update),
        onNotification: (event) => {
          dispatch(notificationReceived(event));
          const { type, conversation } = event.notification.data;
          if (type === 'SEND_MSG_TO_EMPLOYER' && conversation) {
            dispatch(pushReceivedForConversation({ conversationId: conversation }));
          }
        },
        onReconnect: () => dispatch(realtimeReconnected()),
        // A removed member's or a revoked session's page: the server disconnected it and refuses
        // the reconnection, so this browser signs out and shows sign-in.
        onSessionEnded: () => {
          void dispatch(logout()).then(() => navigate('/signIn', { replace: true }));
        },
      },
    });
    return connection.close;
  }, [dispatch, navigate, token, uid]);

  return null;
}
