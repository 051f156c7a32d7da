import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import {
  currentPushSubscription,
  isPushSupported,
  subscribeToPush,
  unsubscribeFromPush,
} from '../../lib/push.ts';
import {
  useDeletePushSubscriptionMutation,
  useLazyGetPushPublicKeyQuery,
  useSavePushSubscriptionMutation,
} from './notifications-api.ts';

type PushState = 'checking' | 'on' | 'off' | 'unsupported' | 'needs-install';

function initialState(needsInstall: boolean): PushState {
  if (needsInstall) return 'needs-install';
  return isPushSupported() ? 'checking' : 'unsupported';
}

export interface PushControlProps {
  /** Where asking cannot work until the app is installed (iPhone Safari): the coaching is shown instead. */
  needsInstall: boolean;
  installCoaching: ReactNode;
}

/**
 * "Turn on notifications" for this device: permission, a subscription through the app's
 * service worker with the server's key, and the subscription saved on the server (turning off
 * removes both). On an iPhone, Safari allows it only once MedHire is on the Home Screen.
 */
export function PushControl({ needsInstall, installCoaching }: PushControlProps) {
  const [state, setState] = useState<PushState>(() => initialState(needsInstall));
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [getPublicKey] = useLazyGetPushPublicKeyQuery();
  const [save] = useSavePushSubscriptionMutation();
  const [remove] = useDeletePushSubscriptionMutation();

  useEffect(() => {
    if (state !== 'checking') return;
    let isCurrent = true;
    void currentPushSubscription()
      .then((subscription) => {
        if (isCurrent) setState(subscription ? 'on' : 'off');
      })
      .catch(() => {
        if (isCurrent) setState('off');
      });
    return () => {
      isCurrent = false;
    };
  }, [state]);

  const run = async (action: () => Promise<PushState>, success: string) => {
    setIsBusy(true);
    setFailure(null);
    setDone(null);
    try {
      setState(await action());
      setDone(success);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const { publicKey } = await getPublicKey(undefined, true).unwrap();
      const value = await subscribeToPush(publicKey);
      await save({ value }).unwrap();
      return 'on';
    }, 'This device will get your notifications.');

  const turnOff = () =>
    run(async () => {
      const value = await unsubscribeFromPush();
      if (value) await remove({ value }).unwrap();
      return 'off';
    }, 'This device will no longer get your notifications.');

  if (state === 'needs-install') {
    return (
      <div className="push-control">
        <p>
          To get notifications on your iPhone, add MedHire to your Home Screen first, then open it from there.
        </p>
        {installCoaching}
      </div>
    );
  }
  if (state === 'unsupported') {
    return <p className="push-control">This browser cannot show notifications from MedHire.</p>;
  }

  return (
    <div className="push-control">
      <p>
        {state === 'on'
          ? 'Notifications are on for this device.'
          : 'Get invites and messages from employers on this device, even when MedHire is closed.'}
      </p>
      {failure && <Alert variant="danger">{failure}</Alert>}
      {done && <Alert variant="success">{done}</Alert>}
      {state === 'on' ? (
        <Button variant="secondary" isLoading={isBusy} onClick={() => void turnOff()}>
          Turn off notifications
        </Button>
      ) : (
        <Button isLoading={isBusy || state === 'checking'} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
      )}
    </div>
  );
}
