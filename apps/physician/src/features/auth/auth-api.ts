import type { TVerifyOtpBody } from '@medhire/contract/auth';
import type {
  TPhysicianLoginBody,
  TPhysicianRegisterBody,
  TPhysicianSession,
} from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';

/**
 * What sign-up answers: a session at once, or (once sign-up confirms the e-mail) where the
 * 6-digit code went, which `verify-otp` then exchanges for the session.
 */
export type SignUpAnswer = TPhysicianSession | { email: string };

export function isSession(answer: SignUpAnswer): answer is TPhysicianSession {
  return 'token' in answer && typeof answer.token === 'string';
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<TPhysicianSession, TPhysicianLoginBody>({
      query: (body) => ({ path: '/employee/auth/login', method: 'POST', body }),
    }),
    signUp: build.mutation<SignUpAnswer, TPhysicianRegisterBody>({
      query: (body) => ({ path: '/employee/auth/register', method: 'POST', body }),
    }),
    verifySignUpCode: build.mutation<TPhysicianSession, TVerifyOtpBody>({
      query: (body) => ({ path: '/employee/auth/verify-otp', method: 'POST', body }),
    }),
    resendSignUpCode: build.mutation<{ email: string }, { email: string }>({
      query: (body) => ({ path: '/employee/auth/resend-otp', method: 'POST', body }),
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useVerifySignUpCodeMutation,
  useResendSignUpCodeMutation,
} = authApi;
