import type { TSession } from '@medhire/contract/account';
import type { TLoginBody, TLoginV1Data, TSyncUserData } from '@medhire/contract/auth';
import type { TPasskeyOptions, TPasskeySignInBody } from '@medhire/contract/passkeys';
import type { TSecondStepBody, TSecondStepChallenge } from '@medhire/contract/security';
import { http } from '../../../lib/http.ts';

export const authApi = {
  /** The session, or the second step's ticket when the account has a second factor on. */
  login: (body: TLoginBody) => http.post<TSession | TSecondStepChallenge>('/employer/auth/login', body),
  secondStep: (body: TSecondStepBody) => http.post<TSession>('/employer/auth/second-step', body),
  /** A passkey challenge: for a sign-in with a passkey alone, or, with the ticket, for the second step. */
  passkeyOptions: (ticket?: string) =>
    http.post<TPasskeyOptions>('/employer/auth/passkey/authentication-options', ticket ? { ticket } : {}),
  passkeySignIn: (body: TPasskeySignInBody) => http.post<TSession>('/employer/auth/passkey/sign-in', body),
  loginV1: (body: TLoginBody) =>
    http.post<TLoginV1Data | TSecondStepChallenge>('/employer/auth/v1/login', body),
  syncUserDetail: (userId: string) =>
    http.get<TSyncUserData>(`/employer/auth/sync-user-detail/${encodeURIComponent(userId)}`),
  logout: (token: string) => http.post<null>('/employer/auth/logout', undefined, { token }),
  deletePushToken: (token: string, userId: string, value: string) =>
    http.delete<{ value: string }>(
      `/employer/auth/delete-fcm-token/${encodeURIComponent(userId)}`,
      { value },
      { token },
    ),
};
