import type { TUser } from '@medhire/contract/account';
import type { TUpdateCandidatePreferenceBody, TUpdatePreferenceProbesBody } from '@medhire/contract/auth';
import { http } from '../../../lib/http.ts';

const auth = (path: string, userId: string) => `/employer/auth${path}/${encodeURIComponent(userId)}`;

export const preferencesApi = {
  updatePreferenceProbes: (userId: string, body: TUpdatePreferenceProbesBody) =>
    http.patch<TUser>(auth('/v1/update-preference-probes', userId), body),
  updateCandidatePreference: (userId: string, body: TUpdateCandidatePreferenceBody) =>
    http.patch<TUser>(auth('/v1/update-candidate-preference', userId), body),
};
