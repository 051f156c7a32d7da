import type { TDeviceList, TRevokedDevices } from '@medhire/contract/devices';
import { http } from '../../../lib/http.ts';

const base = '/employer/auth';

/** The signed-in member's own devices (issue 31): list, sign one out, sign all others out. */
export const devicesApi = {
  getDevices: (signal?: AbortSignal) => http.get<TDeviceList>(`${base}/get-devices`, { signal }),
  revokeDevice: (sessionId: string) =>
    http.delete<null>(`${base}/revoke-device/${encodeURIComponent(sessionId)}`),
  revokeOtherDevices: () => http.post<TRevokedDevices>(`${base}/revoke-other-devices`),
};
