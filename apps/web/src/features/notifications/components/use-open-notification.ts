import { notificationLink, type TNotification } from '@medhire/contract/notifications';
import { notifyError } from '@medhire/ui/toast.ts';
import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/http.ts';
import { notificationsApi } from '../api/notifications-api.ts';
import { notificationRead } from '../notification-centre-slice.ts';

/**
 * Where a notification's click goes: the job (with the applicant in view), or the conversation
 * its payload names, else the spec's route for its type (spec §2). The server's push link and the
 * e-mail digest come from the same contract function, so every way in leads to the same place.
 */
export function destinationOf(notification: TNotification): string {
  return notificationLink(notification.data);
}

/**
 * Marks a notification read when it is opened (its link navigates on its own). The answer's
 * unread count moves the bell; a failure is shown but does not hold the person back.
 */
export function useMarkNotificationRead(onRead?: (notification: TNotification) => void) {
  const dispatch = useAppDispatch();
  return useCallback(
    async (notification: TNotification) => {
      if (notification.read) return;
      try {
        const answer = await notificationsApi.markOneRead(notification._id);
        dispatch(notificationRead(answer));
        onRead?.(answer.notification);
      } catch (error) {
        notifyError(errorMessage(error));
      }
    },
    [dispatch, onRead],
  );
}
