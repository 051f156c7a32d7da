import type { TDeviceList, TRevokedDevices } from '@medhire/contract/devices';
import { api } from '../../lib/api.ts';

/** The physician's own signed-in devices (issue 31): list, sign one out, sign all others out. */
export const devicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<TDeviceList, void>({
      query: () => ({ path: '/employee/auth/get-devices' }),
      providesTags: ['Devices'],
    }),
    revokeDevice: build.mutation<null, string>({
      query: (sessionId) => ({
        path: `/employee/auth/revoke-device/${encodeURIComponent(sessionId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Devices'],
    }),
    revokeOtherDevices: build.mutation<TRevokedDevices, void>({
      query: () => ({ path: '/employee/auth/revoke-other-devices', method: 'POST' }),
      invalidatesTags: ['Devices'],
    }),
  }),
});

export const { useGetDevicesQuery, useRevokeDeviceMutation, useRevokeOtherDevicesMutation } = devicesApi;
