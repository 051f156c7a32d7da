import type { TSession } from '@medhire/contract/account';
import type { TLoginBody, TLoginV1Data, TSyncUserData } from '@medhire/contract/auth';
import type { TSecondStepBody, TSecondStepChallenge } from '@medhire/contract/security';
import { http } from '../../../lib/http.ts';

export const authApi = {
  /** The session, or the second step's ticket when the account has a second factor on. */
  login: (body: TLoginBody) => http.post<TSession | TSecondStepChallenge>('/employer/auth/login', body),
  secondStep: (body: TSecondStepBody) => http.post<TSession>('/employer/auth/second-step', body),
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
