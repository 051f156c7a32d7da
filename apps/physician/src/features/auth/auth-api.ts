import type {
  TPhysicianLoginBody,
  TPhysicianRegisterBody,
  TPhysicianSession,
} from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<TPhysicianSession, TPhysicianLoginBody>({
      query: (body) => ({ path: '/employee/auth/login', method: 'POST', body }),
    }),
    signUp: build.mutation<TPhysicianSession, TPhysicianRegisterBody>({
      query: (body) => ({ path: '/employee/auth/register', method: 'POST', body }),
    }),
  }),
});

export const { useSignInMutation, useSignUpMutation } = authApi;
