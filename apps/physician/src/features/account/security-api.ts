import type {
  TDisableTotpBody,
  TRecoveryCodesData,
  TSecurityStatus,
  TTotpEnrolment,
} from '@medhire/contract/security';
import { api } from '../../lib/api.ts';

const base = '/employee/auth';

/** The physician's own sign-in security (/api/employee/auth/security, totp/*, recovery-codes/*). */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSecurity: build.query<TSecurityStatus, void>({
      query: () => ({ path: `${base}/security` }),
      providesTags: ['Security'],
    }),
    startTotpEnrolment: build.mutation<TTotpEnrolment, void>({
      query: () => ({ path: `${base}/totp/start-enrolment`, method: 'POST', body: {} }),
    }),
    confirmTotpEnrolment: build.mutation<TRecoveryCodesData, { code: string }>({
      query: (body) => ({ path: `${base}/totp/confirm-enrolment`, method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    disableTotp: build.mutation<TSecurityStatus, TDisableTotpBody>({
      query: (body) => ({ path: `${base}/totp/disable`, method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    regenerateRecoveryCodes: build.mutation<TRecoveryCodesData, void>({
      query: () => ({ path: `${base}/recovery-codes/regenerate`, method: 'POST', body: {} }),
      invalidatesTags: ['Security'],
    }),
  }),
});

export const {
  useGetSecurityQuery,
  useStartTotpEnrolmentMutation,
  useConfirmTotpEnrolmentMutation,
  useDisableTotpMutation,
  useRegenerateRecoveryCodesMutation,
} = securityApi;
