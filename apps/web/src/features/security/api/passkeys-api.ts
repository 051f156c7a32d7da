import type { TPasskeyList, TPasskeyOptions, TPasskeyRegistration } from '@medhire/contract/passkeys';
import type { PasskeysApi } from '@medhire/ui/passkeys-section.tsx';
import { http } from '../../../lib/http.ts';

const base = '/employer/auth';

/** The signed-in member's passkeys (/api/employer/auth/passkeys, passkey/*). */
export const passkeysApi: PasskeysApi = {
  list: (signal) => http.get<TPasskeyList>(`${base}/passkeys`, { signal }),
  registrationOptions: () => http.post<TPasskeyOptions>(`${base}/passkey/registration-options`, {}),
  register: (name, credential) =>
    http.post<TPasskeyList>(`${base}/passkey/register`, {
      name,
      credential: credential as TPasskeyRegistration,
    }),
  rename: (id, name) => http.patch<TPasskeyList>(`${base}/passkey/${encodeURIComponent(id)}`, { name }),
  remove: (id) => http.delete<TPasskeyList>(`${base}/passkey/${encodeURIComponent(id)}`),
};
