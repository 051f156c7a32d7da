import type { TSession } from '@medhire/contract/account';
import type { TLoginBody, TLoginV1Data, TSyncUserData } from '@medhire/contract/auth';
import { http } from '../../../lib/http.ts';

export const authApi = {
  login: (body: TLoginBody) => http.post<TSession>('/employer/auth/login', body),
  loginV1: (body: TLoginBody) => http.post<TLoginV1Data>('/employer/auth/v1/login', body),
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
