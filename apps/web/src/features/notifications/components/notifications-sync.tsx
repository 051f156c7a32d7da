import { notifyError } from '@medhire/ui/toast.ts';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/http.ts';
import { isPushSupported } from '../../../lib/push.ts';
import { pushTokenStore } from '../../../lib/storage.ts';
import { notificationsApi } from '../api/notifications-api.ts';
import { conversationNotificationsRead, notificationRead } from '../notification-centre-slice.ts';
import { notificationTokenSet } from '../notifications-slice.ts';
import { syncPushRegistration } from '../push-registration.ts';

/** What the service worker posts when a notification of a background tab is clicked. */
interface NotificationClickMessage {
  type: 'notification-click';
  link: string;
  notificationId?: string;
}

function isNotificationClick(data: unknown): data is NotificationClickMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'notification-click' &&
    typeof (data as { link?: unknown }).link === 'string'
  );
}

/**
 * The signed-in shell's notification duties that have no screen of their own:
 * - after sign-in, this browser's push registration is saved, and renewed after seven days;
 * - a click on a background notification (service worker) opens its route in this tab;
 * - opening a conversation marks its notifications read (the conversation call), and so does a
 *   message notification that arrives for the conversation already open.
 */
export function NotificationsSync() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = useAppSelector((state) => state.auth.session?.user._id);
  const openConversationId = useAppSelector((state) => state.conversations.activeConversation?._id);
  const latestForConversation = useAppSelector((state) => state.notifications.conversationNotification);

  useEffect(() => {
    if (!userId) return;
    dispatch(notificationTokenSet(pushTokenStore.read()?.value ?? null));
    let isCurrent = true;
    syncPushRegistration(userId).then(
      (value) => {
        if (isCurrent) dispatch(notificationTokenSet(value));
      },
      (error: unknown) => {
        if (isCurrent) notifyError(errorMessage(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dispatch, userId]);

  useEffect(() => {
    if (!isPushSupported()) return;
    const onMessage = (event: MessageEvent) => {
      if (!isNotificationClick(event.data)) return;
      const link = new URL(event.data.link, window.location.origin);
      if (link.origin !== window.location.origin) return;
      void navigate(`${link.pathname}${link.search}`);
      if (event.data.notificationId) {
        notificationsApi.markOneRead(event.data.notificationId).then(
          (answer) => dispatch(notificationRead(answer)),
          () => undefined,
        );
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [dispatch, navigate]);

  const unreadForOpenConversation =
    latestForConversation !== null &&
    !latestForConversation.read &&
    latestForConversation.data.conversation === openConversationId
      ? latestForConversation._id
      : null;

  const markConversationRead = useCallback(
    (conversationId: string) => {
      if (!userId) return;
      // The answer is applied even after another conversation was opened: the server has
      // marked these read either way, and the bell must show it.
      notificationsApi.markConversationRead(userId, conversationId).then(
        (answer) => dispatch(conversationNotificationsRead({ conversationId, ...answer })),
        () => undefined,
      );
    },
    [dispatch, userId],
  );

  useEffect(() => {
    if (openConversationId) markConversationRead(openConversationId);
  }, [markConversationRead, openConversationId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new unread notification of the open conversation triggers this.
  useEffect(() => {
    if (unreadForOpenConversation && openConversationId) markConversationRead(openConversationId);
  }, [unreadForOpenConversation]);

  return null;
}
