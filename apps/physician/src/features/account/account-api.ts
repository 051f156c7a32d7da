import type { TAccountEmailData } from '@medhire/contract/auth';
import type { TVerifyUpdateEmailOtpBody } from '@medhire/contract/organization';
import type {
  TPhysicianChangePasswordBody,
  TPhysicianDeleteAccountBody,
  TPhysicianDeleteAccountData,
  TPhysicianUpdateEmailBody,
} from '@medhire/contract/physician-account';
import type { TPhysicianProfile } from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<TAccountEmailData, TPhysicianChangePasswordBody>({
      query: (body) => ({ path: '/employee/auth/change-password', method: 'POST', body }),
    }),
    requestEmailChange: build.mutation<TAccountEmailData, TPhysicianUpdateEmailBody>({
      query: (body) => ({ path: '/employee/auth/update-email', method: 'POST', body }),
    }),
    confirmEmailChange: build.mutation<TPhysicianProfile, TVerifyUpdateEmailOtpBody>({
      query: (body) => ({ path: '/employee/auth/verify-otp-update-email', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    deleteAccount: build.mutation<TPhysicianDeleteAccountData, TPhysicianDeleteAccountBody>({
      query: (body) => ({ path: '/employee/auth/delete-account', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useDeleteAccountMutation,
} = accountApi;
