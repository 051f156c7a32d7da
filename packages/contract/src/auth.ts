import { z } from 'zod';
import { ZCandidatePreferences, ZPreferenceProbe, ZSession, ZSessionCode, ZUser } from './account.ts';
import { PROBE_IDS } from './preference-probes.ts';

/** Password policy, shared by the server and the forms that ask for a new password. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`,
  repeated: 'Your password cannot be one character repeated.',
  sameAsEmail: 'Your password cannot be your e-mail address.',
  sameAsOld: 'Choose a new password that differs from your current one.',
} as const;

/** E-mail addresses are compared lower-cased and trimmed everywhere. */
export const ZEmail = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'This e-mail address is too long.')
  .regex(z.regexes.email, 'Enter a valid e-mail address.');

/** A password being chosen (register, set, reset): the policy applies. */
export const ZNewPassword = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
  .refine((password) => new Set(password).size > 1, PASSWORD_MESSAGES.repeated);

/** A password being presented (sign in, current password): no policy, only sane bounds. */
export const ZPresentedPassword = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(1024, 'This password is too long.');

/** A person's own name as colleagues and physicians see it. */
export const ZFullName = z
  .string({ error: 'Enter your full name.' })
  .trim()
  .min(2, 'Enter your full name.')
  .max(120, 'Use at most 120 characters for your name.');

export const ZOtp = z
  .string({ error: 'Enter the 6-digit code from your e-mail.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your e-mail.');

const passwordIsNotEmail = (body: { email: string; password: string }) =>
  body.password.trim().toLowerCase() !== body.email;
const passwordIsNotEmailIssue = { message: PASSWORD_MESSAGES.sameAsEmail, path: ['password'] };

export const ZLoginBody = z.object({ email: ZEmail, password: ZPresentedPassword });
export type TLoginBody = z.infer<typeof ZLoginBody>;

/** Sign-in v1 answers the session plus the flag that tells the client to show specialty params. */
export const ZLoginV1Data = ZSession.omit({ enrolmentRequired: true }).extend({
  showSpecialtyParams: z.literal(true),
  // Last, as the compiled serializer writes optional fields after the required ones.
  enrolmentRequired: ZSession.shape.enrolmentRequired,
});
export type TLoginV1Data = z.infer<typeof ZLoginV1Data>;

/**
 * `POST /api/employer/auth/v1/register`: the spec's {email, password}, plus the owner's own name,
 * optional so a caller that sends only the spec's fields still registers.
 */
export const ZRegisterBody = z
  .object({ email: ZEmail, password: ZNewPassword, fullName: ZFullName.optional() })
  .refine(passwordIsNotEmail, passwordIsNotEmailIssue);
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

/** The registration form asks the name: without it the team and the account menu show only an e-mail. */
export const ZRegisterForm = z
  .object({ fullName: ZFullName, email: ZEmail, password: ZNewPassword })
  .refine(passwordIsNotEmail, passwordIsNotEmailIssue);
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZRegisterData = z.object({ email: z.string() });
export type TRegisterData = z.infer<typeof ZRegisterData>;

export const ZVerifyOtpBody = z.object({ email: ZEmail, otp: ZOtp });
export type TVerifyOtpBody = z.infer<typeof ZVerifyOtpBody>;

/**
 * Setting the first password of a claimed organisation's account. `token` comes from the
 * link e-mailed when the organisation was claimed; without it the server refuses.
 */
export const ZSetPasswordBody = z
  .object({
    email: ZEmail,
    password: ZNewPassword,
    token: z.string().trim().min(1).max(200).optional(),
  })
  .refine(passwordIsNotEmail, passwordIsNotEmailIssue);
export type TSetPasswordBody = z.infer<typeof ZSetPasswordBody>;

export const ZSendRecoveryOtpBody = z.object({ email: ZEmail });
export type TSendRecoveryOtpBody = z.infer<typeof ZSendRecoveryOtpBody>;

export const ZSendRecoveryOtpData = z.object({ email: z.string() });
export type TSendRecoveryOtpData = z.infer<typeof ZSendRecoveryOtpData>;

export const ZVerifyRecoveryOtpBody = z.object({ email: ZEmail, otp: ZOtp });
export type TVerifyRecoveryOtpBody = z.infer<typeof ZVerifyRecoveryOtpBody>;

/** The reset token is short-lived (15 minutes) and good for one password change. */
export const ZVerifyRecoveryOtpData = z.object({ resetToken: z.string(), expiresAt: z.string() });
export type TVerifyRecoveryOtpData = z.infer<typeof ZVerifyRecoveryOtpData>;

/** The reset token travels in the Authorization header, or in the body as `resetToken`. */
export const ZUpdatePasswordByOtpBody = z.object({
  password: ZNewPassword,
  resetToken: z.string().trim().min(1).max(200).optional(),
});
export type TUpdatePasswordByOtpBody = z.infer<typeof ZUpdatePasswordByOtpBody>;

export const ZAccountEmailData = z.object({ email: z.string() });
export type TAccountEmailData = z.infer<typeof ZAccountEmailData>;

export const ZResetPasswordBody = z
  .object({ oldPassword: ZPresentedPassword, newPassword: ZNewPassword })
  .refine((body) => body.oldPassword !== body.newPassword, {
    message: PASSWORD_MESSAGES.sameAsOld,
    path: ['newPassword'],
  });
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

/** Path parameter of every `/{id}` call: the caller's own user id. */
export const ZUserIdParams = z.object({ id: z.string().min(1).max(100) });
export type TUserIdParams = z.infer<typeof ZUserIdParams>;

/** Session sync: the stored user and the session code the client routes by. */
export const ZSyncUserData = z.object({ user: ZUser, code: ZSessionCode });
export type TSyncUserData = z.infer<typeof ZSyncUserData>;

export const ZUpdateCurrentProfileStepBody = z.object({
  currentProfileStep: z
    .number({ error: 'Give the profile step as a whole number.' })
    .int('Give the profile step as a whole number.')
    .min(0, 'The profile step cannot be negative.')
    .max(100, 'The profile step is out of range.'),
});
export type TUpdateCurrentProfileStepBody = z.infer<typeof ZUpdateCurrentProfileStepBody>;

/** `PATCH /api/employer/auth/v1/update-full-name/{id}`: the signed-in person's own name. */
export const ZUpdateFullNameBody = z.object({ fullName: ZFullName });
export type TUpdateFullNameBody = z.infer<typeof ZUpdateFullNameBody>;

export const ZUpdatePreferenceProbesBody = z.object({
  preferenceProbe: z
    .array(ZPreferenceProbe, { error: 'Answer at least one question.' })
    .min(1, 'Answer at least one question.')
    .max(100, 'Too many answers.')
    .refine(
      (answers) => answers.every((answer) => PROBE_IDS.includes(answer.probeId)),
      'One of the answers is for a question MedHire does not ask.',
    )
    .refine(
      (answers) => new Set(answers.map((answer) => answer.probeId)).size === answers.length,
      'Each question can be answered once.',
    ),
});
export type TUpdatePreferenceProbesBody = z.infer<typeof ZUpdatePreferenceProbesBody>;

export const ZUpdateCandidatePreferenceBody = z.object({ candidatePreferences: ZCandidatePreferences });
export type TUpdateCandidatePreferenceBody = z.infer<typeof ZUpdateCandidatePreferenceBody>;

/**
 * `save-fcm-token` / `delete-fcm-token` body: `value` is the browser's PushSubscription as JSON
 * (`JSON.stringify(subscription)`: endpoint and keys.p256dh / keys.auth). The endpoint must be an
 * `https:` URL of a browser push service (or a host of the server's PUSH_ALLOWED_HOSTS); anything
 * else answers 400 naming `value`. A user may register several browsers.
 */
export const ZPushTokenBody = z.object({
  value: z
    .string({ error: 'The push token is missing.' })
    .trim()
    .min(1, 'The push token is missing.')
    .max(4096),
});
export type TPushTokenBody = z.infer<typeof ZPushTokenBody>;

/** The stored subscription JSON (endpoint and keys only). */
export const ZPushTokenData = z.object({ value: z.string() });
export type TPushTokenData = z.infer<typeof ZPushTokenData>;
