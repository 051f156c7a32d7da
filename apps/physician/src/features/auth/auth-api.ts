import type {
  TAccountEmailData,
  TSendRecoveryOtpBody,
  TSendRecoveryOtpData,
  TUpdatePasswordByOtpBody,
  TVerifyOtpBody,
  TVerifyRecoveryOtpBody,
  TVerifyRecoveryOtpData,
} from '@medhire/contract/auth';
import type { TOidcConfigData } from '@medhire/contract/oidc';
import type { TPhysicianRegisterData, TPhysicianResendOtpBody } from '@medhire/contract/physician-account';
import type {
  TPhysicianLoginBody,
  TPhysicianRegisterBody,
  TPhysicianSession,
} from '@medhire/contract/physicians';
import type { TSecondStepBody, TSecondStepChallenge } from '@medhire/contract/security';
import { api } from '../../lib/api.ts';

/**
 * Sign-in answers 403 with this reason for an account whose e-mail is not confirmed yet; the
 * server has sent a fresh code, so the app asks for it instead of showing a dead end.
 */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** What the professional network's redirect brought back to the callback screen. */
export interface OidcCallbackParams {
  code: string;
  state: string | null;
  iss: string | null;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The session, or the second step's ticket when the account has a second factor on. */
    signIn: build.mutation<TPhysicianSession | TSecondStepChallenge, TPhysicianLoginBody>({
      query: (body) => ({ path: '/employee/auth/login', method: 'POST', body }),
    }),
    completeSecondStep: build.mutation<TPhysicianSession, TSecondStepBody>({
      query: (body) => ({ path: '/employee/auth/second-step', method: 'POST', body }),
    }),
    signUp: build.mutation<TPhysicianRegisterData, TPhysicianRegisterBody>({
      query: (body) => ({ path: '/employee/auth/register', method: 'POST', body }),
    }),
    verifySignUpCode: build.mutation<TPhysicianSession, TVerifyOtpBody>({
      query: (body) => ({ path: '/employee/auth/verify-otp', method: 'POST', body }),
    }),
    resendSignUpCode: build.mutation<TPhysicianRegisterData, TPhysicianResendOtpBody>({
      query: (body) => ({ path: '/employee/auth/resend-otp', method: 'POST', body }),
    }),
    sendRecoveryCode: build.mutation<TSendRecoveryOtpData, TSendRecoveryOtpBody>({
      query: (body) => ({ path: '/employee/auth/send-otp-password-recovery', method: 'POST', body }),
    }),
    verifyRecoveryCode: build.mutation<TVerifyRecoveryOtpData, TVerifyRecoveryOtpBody>({
      query: (body) => ({ path: '/employee/auth/verify-otp-password-recovery', method: 'POST', body }),
    }),
    updatePasswordByCode: build.mutation<TAccountEmailData, TUpdatePasswordByOtpBody>({
      query: (body) => ({ path: '/employee/auth/update-password-by-otp', method: 'POST', body }),
    }),
    /** Whether sign-in with Doximity is offered, and the server URL that starts it. */
    getOidcConfig: build.query<TOidcConfigData, void>({
      query: () => ({ path: '/employee/auth/v1/oidc/config' }),
    }),
    /**
     * Trades the code of a Doximity sign-in started in this app for a physician session. A GET,
     * but a mutation here: a code is single-use, so the call is never cached or repeated.
     */
    /** The session, or the second step's ticket when the account has a second factor on. */
    exchangeOidcCode: build.mutation<TPhysicianSession | TSecondStepChallenge, OidcCallbackParams>({
      query: ({ code, state, iss }) => ({
        path: `/employee/auth/v1/exchange-code-with-token/${encodeURIComponent(code)}`,
        query: { state, iss, accountKind: 'physician' },
      }),
    }),
  }),
});

export const {
  useSignInMutation,
  useCompleteSecondStepMutation,
  useSignUpMutation,
  useVerifySignUpCodeMutation,
  useResendSignUpCodeMutation,
  useSendRecoveryCodeMutation,
  useVerifyRecoveryCodeMutation,
  useUpdatePasswordByCodeMutation,
  useGetOidcConfigQuery,
  useExchangeOidcCodeMutation,
} = authApi;
