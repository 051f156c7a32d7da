import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { BellIcon } from '@medhire/ui/icons.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { PUSH_MESSAGES, PushError, pushPermission } from '../../../lib/push.ts';
import { notificationTokenSet } from '../notifications-slice.ts';
import { turnOffPush, turnOnPush } from '../push-registration.ts';
import './notifications.css';

export const PUSH_TURNED_ON_MESSAGE = 'Browser notifications are on for this browser.';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof PushError ? error.message : fallback;
}

/**
 * The visible "Turn on browser notifications" control: permission is only ever asked from here,
 * never on page load (spec §4 and §8 for the messages).
 */
export function PushControl() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.session?.user._id);
  const token = useAppSelector((state) => state.notifications.notificationToken);
  const [permission, setPermission] = useState(pushPermission);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (permission === 'unsupported') {
    return (
      <Alert variant="info" className="push-control" title={PUSH_MESSAGES.unsupported}>
        This browser cannot show notifications from MedHire while the app is in the background. The bell still
        shows every notification.
      </Alert>
    );
  }

  const turnOn = async () => {
    if (!userId) return;
    setIsBusy(true);
    setError(null);
    try {
      const value = await turnOnPush(userId);
      dispatch(notificationTokenSet(value));
      notifySuccess(PUSH_TURNED_ON_MESSAGE);
    } catch (turnOnError) {
      const message = messageOf(turnOnError, PUSH_MESSAGES.subscribe);
      setError(message);
      notifyError(message);
    } finally {
      setPermission(pushPermission());
      setIsBusy(false);
    }
  };

  const turnOff = async () => {
    if (!userId) return;
    setIsBusy(true);
    setError(null);
    try {
      await turnOffPush(userId);
      dispatch(notificationTokenSet(null));
    } catch (turnOffError) {
      const message = messageOf(turnOffError, PUSH_MESSAGES.unsubscribe);
      setError(message);
      notifyError(message);
    } finally {
      setIsBusy(false);
    }
  };

  const isOn = permission === 'granted' && token !== null;

  return (
    <div className="push-control">
      {permission === 'denied' ? (
        <Alert variant="warning" title="Browser notifications are blocked">
          {PUSH_MESSAGES.blocked}
        </Alert>
      ) : isOn ? (
        <>
          <span>{PUSH_TURNED_ON_MESSAGE}</span>
          <Button variant="secondary" size="sm" onClick={turnOff} isLoading={isBusy}>
            Turn off browser notifications
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          leadingIcon={<BellIcon size={18} />}
          onClick={turnOn}
          isLoading={isBusy}
        >
          Turn on browser notifications
        </Button>
      )}
      {error && permission !== 'denied' && (
        <Alert variant="danger" title="Browser notifications">
          {error}
        </Alert>
      )}
    </div>
  );
}
