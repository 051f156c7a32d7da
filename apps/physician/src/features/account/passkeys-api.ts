import type { TPasskeyList, TPasskeyOptions, TPasskeyRegistration } from '@medhire/contract/passkeys';
import type { PasskeysApi } from '@medhire/ui/passkeys-section.tsx';
import { request } from '../../lib/http.ts';

const base = '/employee/auth';

/** The physician's passkeys (/api/employee/auth/passkeys, passkey/*). */
export const passkeysApi: PasskeysApi = {
  list: (signal) => request<TPasskeyList>('GET', `${base}/passkeys`, { signal }),
  registrationOptions: () =>
    request<TPasskeyOptions>('POST', `${base}/passkey/registration-options`, { body: {} }),
  register: (name, credential) =>
    request<TPasskeyList>('POST', `${base}/passkey/register`, {
      body: { name, credential: credential as TPasskeyRegistration },
    }),
  rename: (id, name) =>
    request<TPasskeyList>('PATCH', `${base}/passkey/${encodeURIComponent(id)}`, { body: { name } }),
  remove: (id) => request<TPasskeyList>('DELETE', `${base}/passkey/${encodeURIComponent(id)}`),
};
