import type { TOidcConfigData } from '@medhire/contract/oidc';
import { http } from '../../../lib/http.ts';

/**
 * Kept apart from the other account calls: the sign-in screen imports it, and it must pull in
 * nothing beyond the http client the entry already has.
 */
export const oidcConfigApi = {
  get: (signal?: AbortSignal) => http.get<TOidcConfigData>('/employer/auth/oidc/config', { signal }),
};
