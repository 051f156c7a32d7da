import { DEVICE_MESSAGES } from '@medhire/contract/devices';
import { Card } from '@medhire/ui/card.tsx';
import {
  DeviceList,
  type DeviceListItem,
  type DeviceListState,
  deviceName,
} from '@medhire/ui/device-list.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { devicesApi } from '../api/devices-api.ts';

/**
 * Settings → Security, "Signed-in devices": every browser signed in to the member's account,
 * and a way to sign out one that is lost or not theirs. A signed-out device's open page signs
 * out at once (the server closes its live connection).
 */
export function SignedInDevices() {
  const [state, setState] = useState<DeviceListState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [pending, setPending] = useState<string | 'others' | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads re-runs the load.
  useEffect(() => {
    const controller = new AbortController();
    devicesApi
      .getDevices(controller.signal)
      .then(({ devices }) => setState({ status: 'ready', devices }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [reloads]);

  function withoutDevices(keep: (device: DeviceListItem) => boolean) {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', devices: current.devices.filter(keep) } : current,
    );
  }

  async function onRevoke(device: DeviceListItem) {
    setPending(device._id);
    try {
      await devicesApi.revokeDevice(device._id);
      withoutDevices((kept) => kept._id !== device._id);
      notifySuccess(`${deviceName(device)} is signed out.`);
    } catch (error) {
      notifyError(errorMessage(error));
      setReloads((count) => count + 1);
    } finally {
      setPending(null);
    }
  }

  async function onRevokeOthers() {
    setPending('others');
    try {
      const { revoked } = await devicesApi.revokeOtherDevices();
      withoutDevices((kept) => kept.isCurrent);
      notifySuccess(DEVICE_MESSAGES.revokedOthers(revoked));
    } catch (error) {
      notifyError(errorMessage(error));
      setReloads((count) => count + 1);
    } finally {
      setPending(null);
    }
  }

  return (
    <Card
      title="Signed-in devices"
      description="The browsers signed in to your account. Sign out any you don't recognize or no longer use."
    >
      <DeviceList
        state={state}
        pending={pending}
        onRetry={() => {
          setState({ status: 'loading' });
          setReloads((count) => count + 1);
        }}
        onRevoke={(device) => void onRevoke(device)}
        onRevokeOthers={() => void onRevokeOthers()}
      />
    </Card>
  );
}
