import type {
  TDisableTotpBody,
  TRecoveryCodesData,
  TSecurityStatus,
  TTotpEnrolment,
} from '@medhire/contract/security';
import { http } from '../../../lib/http.ts';

const base = '/employer/auth';

/** The signed-in member's own sign-in security (/api/employer/auth/security, totp/*, recovery-codes/*). */
export const securityApi = {
  getSecurity: (signal?: AbortSignal) => http.get<TSecurityStatus>(`${base}/security`, { signal }),
  startTotpEnrolment: () => http.post<TTotpEnrolment>(`${base}/totp/start-enrolment`, {}),
  confirmTotpEnrolment: (code: string) =>
    http.post<TRecoveryCodesData>(`${base}/totp/confirm-enrolment`, { code }),
  disableTotp: (body: TDisableTotpBody) => http.post<TSecurityStatus>(`${base}/totp/disable`, body),
  regenerateRecoveryCodes: () => http.post<TRecoveryCodesData>(`${base}/recovery-codes/regenerate`, {}),
};
