import { z } from 'zod';
import { ZPasskeyAssertion } from './passkeys.ts';

/**
 * Sign-in security of one account, the same for employers (/api/employer/auth/…) and physicians
 * (/api/employee/auth/…): an authenticator app (TOTP), recovery codes, and the second step of a
 * sign-in when the account has a second factor on.
 */

/**
 * How a session was proven: the password (or a sign-in with Doximity, 'oidc'), then optionally
 * one second factor.
 */
export const SESSION_FACTORS = ['password', 'oidc', 'totp', 'recovery_code', 'passkey'] as const;
export const ZSessionFactor = z.enum(SESSION_FACTORS);
export type TSessionFactor = z.infer<typeof ZSessionFactor>;

/** What the second step of a sign-in accepts ('passkey' when the account has registered one). */
export const SECOND_STEP_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export const ZSecondStepMethod = z.enum(SECOND_STEP_METHODS);
export type TSecondStepMethod = z.infer<typeof ZSecondStepMethod>;

/** Recovery codes issued at once; each works one time. */
export const RECOVERY_CODE_COUNT = 10;

/** Minutes a second-step ticket stays usable after the password was accepted. */
export const SECOND_STEP_VALID_MINUTES = 5;

/** Sensitive changes by an account with a second factor on need a second step this recent. */
export const FRESH_SECOND_STEP_MINUTES = 10;

/** Six digits, spaces allowed as people type them from the app ("123 456"). */
export const ZTotpCode = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** A recovery code as printed (`abcde-fghij`); case, spaces and dashes are forgiven. */
export const ZRecoveryCodeInput = z
  .string()
  .trim()
  .min(1, 'Enter one of your recovery codes.')
  .max(40, 'This is not a recovery code.');

/**
 * Sign-in with a second factor on answers this instead of a session (200): the password was
 * right, and the ticket, used once within SECOND_STEP_VALID_MINUTES, trades a code for the session
 * at `…/auth/second-step`.
 */
export const ZSecondStepChallenge = z.object({
  secondStep: z.object({
    ticket: z.string(),
    methods: z.array(ZSecondStepMethod),
    expiresAt: z.string(),
  }),
});
export type TSecondStepChallenge = z.infer<typeof ZSecondStepChallenge>;

/**
 * `POST …/auth/second-step`: the ticket of the sign-in and one code, or the assertion of one of the
 * account's passkeys (its challenge from `…/auth/passkey/authentication-options` with the ticket).
 */
export const ZSecondStepBody = z.discriminatedUnion('method', [
  z.object({ ticket: z.string().min(20).max(200), method: z.literal('totp'), code: ZTotpCode }),
  z.object({
    ticket: z.string().min(20).max(200),
    method: z.literal('recovery_code'),
    code: ZRecoveryCodeInput,
  }),
  z.object({
    ticket: z.string().min(20).max(200),
    method: z.literal('passkey'),
    passkey: ZPasskeyAssertion,
  }),
]);
export type TSecondStepBody = z.input<typeof ZSecondStepBody>;

/**
 * `POST …/auth/confirm-second-step`: a code, or a passkey assertion (its challenge from
 * `…/auth/passkey/authentication-options` with `forSession`), that makes the signed-in session's
 * second step fresh.
 */
export const ZConfirmSecondStepBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: ZTotpCode }),
  z.object({ method: z.literal('recovery_code'), code: ZRecoveryCodeInput }),
  z.object({ method: z.literal('passkey'), passkey: ZPasskeyAssertion }),
]);
export type TConfirmSecondStepBody = z.input<typeof ZConfirmSecondStepBody>;

/** `GET …/auth/security`: what protects the account, and how the current session was proven. */
export const ZSecurityStatus = z.object({
  totp: z.object({ isEnabled: z.boolean(), enabledAt: z.string().nullable() }),
  recoveryCodes: z.object({ remaining: z.number().int(), generatedAt: z.string().nullable() }),
  currentSession: z.object({
    factors: z.array(ZSessionFactor),
    secondFactorAt: z.string().nullable(),
    /** The organisation requires two-step sign-in and this session has not enrolled yet. */
    enrolmentRequired: z.boolean(),
  }),
});
export type TSecurityStatus = z.infer<typeof ZSecurityStatus>;

/** `POST …/auth/totp/start-enrolment`: the new secret, as a QR code and as text to type. */
export const ZTotpEnrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG data URL, drawn by the server (nothing leaves MedHire). */
  qrCodeDataUrl: z.string(),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

/** `POST …/auth/totp/confirm-enrolment`: a code from the app proves it holds the secret. */
export const ZConfirmTotpBody = z.object({ code: ZTotpCode });
export type TConfirmTotpBody = z.input<typeof ZConfirmTotpBody>;

/** New recovery codes, shown once, and the account's state after the change. */
export const ZRecoveryCodesData = z.object({
  recoveryCodes: z.array(z.string()),
  security: ZSecurityStatus,
});
export type TRecoveryCodesData = z.infer<typeof ZRecoveryCodesData>;

/**
 * `POST …/auth/totp/disable`: turning the authenticator off needs the current password, or a code
 * (six digits from the app, or a recovery code).
 */
export const ZDisableTotpBody = z
  .object({
    password: z.string().min(1).max(200).optional(),
    code: z.string().trim().min(1).max(40).optional(),
  })
  .refine((body) => Boolean(body.password) !== Boolean(body.code), {
    message: 'Enter your current password or a code from your authenticator app.',
    path: ['password'],
  });
export type TDisableTotpBody = z.input<typeof ZDisableTotpBody>;

export const SECURITY_MESSAGES = {
  enrolled: 'The authenticator app is on. Keep your recovery codes somewhere safe.',
  disabled: 'The authenticator app is off. Signing in now needs only your password.',
  regenerated: 'New recovery codes are ready. The old ones no longer work.',
  secondStepNeeded: 'Enter the code from your authenticator app to finish signing in.',
  freshSecondStepNeeded: 'For this change, confirm it is you: enter the code from your authenticator app.',
  secondStepConfirmed: 'Thank you. You can make the change now.',
  enrolmentRequired:
    'Your organization requires two-step sign-in. Set up an authenticator app to continue using MedHire.',
} as const;

/** Recovery codes as people write them: lower case, without spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}
