import { DEVICE_MESSAGES } from '@medhire/contract/devices';
import {
  DeviceList,
  type DeviceListItem,
  type DeviceListState,
  deviceName,
} from '@medhire/ui/device-list.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useState } from 'react';
import { useGetDevicesQuery, useRevokeDeviceMutation, useRevokeOtherDevicesMutation } from './devices-api.ts';

function failureMessage(error: unknown): string {
  return (error as { message?: string } | undefined)?.message ?? "We couldn't reach MedHire. Try again.";
}

/**
 * Settings, "Signed-in devices": every browser signed in to the physician's account, and a way
 * to sign out one that is lost or not theirs; its open page signs out at once.
 */
export function SignedInDevices() {
  const devices = useGetDevicesQuery();
  const [revokeDevice] = useRevokeDeviceMutation();
  const [revokeOtherDevices] = useRevokeOtherDevicesMutation();
  const [pending, setPending] = useState<string | 'others' | null>(null);

  const state: DeviceListState = devices.data
    ? { status: 'ready', devices: devices.data.devices }
    : devices.isError
      ? { status: 'failed', message: failureMessage(devices.error) }
      : { status: 'loading' };

  async function onRevoke(device: DeviceListItem) {
    setPending(device._id);
    try {
      await revokeDevice(device._id).unwrap();
      notifySuccess(`${deviceName(device)} is signed out.`);
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setPending(null);
    }
  }

  async function onRevokeOthers() {
    setPending('others');
    try {
      const { revoked } = await revokeOtherDevices().unwrap();
      notifySuccess(DEVICE_MESSAGES.revokedOthers(revoked));
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <DeviceList
      state={state}
      pending={pending}
      onRetry={() => void devices.refetch()}
      onRevoke={(device) => void onRevoke(device)}
      onRevokeOthers={() => void onRevokeOthers()}
    />
  );
}
