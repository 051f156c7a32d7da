import type { TSession } from '@medhire/contract/account';
import type {
  TRegisterBody,
  TRegisterData,
  TSendRecoveryOtpBody,
  TSendRecoveryOtpData,
  TSetPasswordBody,
  TUpdatePasswordByOtpBody,
  TVerifyOtpBody,
  TVerifyRecoveryOtpBody,
  TVerifyRecoveryOtpData,
} from '@medhire/contract/auth';
import type { TClaimBody, TClaimData } from '@medhire/contract/organization';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { http } from '../../../lib/http.ts';

/** Registration, recovery and first-password calls: everything a visitor does before a session. */
export const accountAccessApi = {
  register: (body: TRegisterBody) => http.post<TRegisterData>('/employer/auth/v1/register', body),
  verifyRegistrationOtp: (body: TVerifyOtpBody) => http.post<TSession>('/employer/auth/v1/verify-otp', body),
  sendRecoveryOtp: (body: TSendRecoveryOtpBody) =>
    http.post<TSendRecoveryOtpData>('/employer/auth/v1/send-otp-password-recovery', body),
  verifyRecoveryOtp: (body: TVerifyRecoveryOtpBody) =>
    http.post<TVerifyRecoveryOtpData>('/employer/auth/v1/verify-otp-password-recovery', body),
  /** The reset token goes in the body (the contract also allows the Authorization header). */
  updatePasswordByOtp: (body: TUpdatePasswordByOtpBody) =>
    http.post<{ email: string }>('/employer/auth/v1/update-password-by-otp', body),
  /** Claiming a listed organisation: the server e-mails a link to set the first password. */
  claim: (body: TClaimBody) => http.post<TClaimData>('/employer/auth/claim', body),
  setPassword: (body: TSetPasswordBody) => http.post<TSession>('/employer/auth/set-password', body),
  /** Professional-network (OpenID Connect) sign-in: trade the authorisation code for a session. */
  /** The session, or the second step's ticket when the account has a second factor on. */
  exchangeNetworkCode: (code: string, state: string | null) =>
    http.get<TSession | TSecondStepChallenge>(
      `/employee/auth/v1/exchange-code-with-token/${encodeURIComponent(code)}`,
      {
        query: { state },
      },
    ),
};
