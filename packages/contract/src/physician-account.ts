import { z } from 'zod';
import { ZEmail, ZNewPassword, ZPresentedPassword } from './auth.ts';

/**
 * A physician's own account under /api/employee/auth: sign-up confirmed by an e-mailed code,
 * password recovery, changing the password or the e-mail, and deleting the account. The
 * bodies of the calls the employer side shares (recovery, codes) come from auth.ts.
 */

/** `POST /api/employee/auth/register` → data: where the 6-digit code went. */
export const ZPhysicianRegisterData = z.object({ email: z.string() });
export type TPhysicianRegisterData = z.infer<typeof ZPhysicianRegisterData>;

/** `POST /api/employee/auth/resend-otp`: another sign-up code to the same address. */
export const ZPhysicianResendOtpBody = z.object({ email: ZEmail });
export type TPhysicianResendOtpBody = z.infer<typeof ZPhysicianResendOtpBody>;

/** `POST /api/employee/auth/change-password`: other sessions end. */
export const ZPhysicianChangePasswordBody = z
  .object({ oldPassword: ZPresentedPassword, newPassword: ZNewPassword })
  .refine((body) => body.oldPassword !== body.newPassword, {
    message: 'Choose a new password that differs from the current one.',
    path: ['newPassword'],
  });
export type TPhysicianChangePasswordBody = z.infer<typeof ZPhysicianChangePasswordBody>;

/** `POST /api/employee/auth/update-email`: a code goes to the new address. */
export const ZPhysicianUpdateEmailBody = z.object({ email: ZEmail });
export type TPhysicianUpdateEmailBody = z.infer<typeof ZPhysicianUpdateEmailBody>;

/** `DELETE /api/employee/auth/delete-account`: the password confirms it is the physician. */
export const ZPhysicianDeleteAccountBody = z.object({ password: ZPresentedPassword });
export type TPhysicianDeleteAccountBody = z.infer<typeof ZPhysicianDeleteAccountBody>;

export const ZPhysicianDeleteAccountData = z.object({
  deleted: z.literal(true),
  applicationsWithdrawn: z.number().int().min(0),
  invitesDeclined: z.number().int().min(0),
});
export type TPhysicianDeleteAccountData = z.infer<typeof ZPhysicianDeleteAccountData>;

/** How employers see a physician whose account was deleted (conversations keep their messages). */
export const DELETED_PHYSICIAN_NAME = { firstName: 'Deleted', lastName: 'physician' } as const;

export const PHYSICIAN_ACCOUNT_MESSAGES = {
  codeSent: (email: string) => `We sent a 6-digit code to ${email}.`,
  resendSent: 'If this e-mail is waiting for its confirmation, we sent it a new 6-digit code.',
  emailNotVerified: (email: string) =>
    `Confirm your e-mail address first: enter the 6-digit code we sent to ${email}.`,
  emailNotVerifiedOnRoute: 'Confirm your e-mail address with the 6-digit code we sent before using MedHire.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  emailChanged: 'Your e-mail address is changed. Other devices have been signed out.',
  wrongPassword: 'Your password is not correct.',
  deleted: 'Your account has been deleted.',
} as const;
