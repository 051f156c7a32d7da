import {
  ZAccountEmailData,
  ZSendRecoveryOtpBody,
  ZSendRecoveryOtpData,
  ZUpdatePasswordByOtpBody,
  ZVerifyRecoveryOtpBody,
  ZVerifyRecoveryOtpData,
} from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import { ZVerifyUpdateEmailOtpBody } from '@medhire/contract/organization';
import {
  PHYSICIAN_ACCOUNT_MESSAGES,
  ZPhysicianChangePasswordBody,
  ZPhysicianDeleteAccountBody,
  ZPhysicianDeleteAccountData,
  ZPhysicianUpdateEmailBody,
} from '@medhire/contract/physician-account';
import { ZPhysicianProfile } from '@medhire/contract/physicians';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword } from '../../../domain/auth/change-password.ts';
import {
  RECOVERY_SENT_MESSAGE,
  sendRecoveryOtp,
  updatePasswordByOtp,
  verifyRecoveryOtp,
} from '../../../domain/auth/password-recovery.ts';
import { readAuthorizationToken } from '../../../domain/auth/secret-token.ts';
import { confirmEmailChange, requestEmailChange } from '../../../domain/organizations/change-email.ts';
import { deletePhysicianAccount } from '../../../domain/physicians/account/delete-physician-account.ts';
import { getPhysicianProfile } from '../../../domain/physicians/get-physician-profile.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { disconnectUserSessions } from '../../../sockets/disconnect-sessions.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY } from '../../employer/auth/route-options.ts';

const TAGS = ['employee auth'];

/**
 * A physician's password and account settings. Recovery, password change and e-mail change are
 * the employer's own operations (domain/auth, domain/organizations/change-email.ts): the same
 * codes, limits and session endings for both kinds of account.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/send-otp-password-recovery',
    {
      config: limitPerIp(10),
      schema: {
        tags: TAGS,
        summary: 'E-mail a recovery code; the answer is the same whether or not the e-mail is registered',
        body: ZSendRecoveryOtpBody,
        response: { 200: ok(ZSendRecoveryOtpData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: RECOVERY_SENT_MESSAGE,
      data: await sendRecoveryOtp({ context: app.authContext, email: request.body.email }),
    }),
  );

  app.post(
    '/verify-otp-password-recovery',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary: 'Trade the recovery code for a reset token valid 15 minutes',
        body: ZVerifyRecoveryOtpBody,
        response: { 200: ok(ZVerifyRecoveryOtpData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await verifyRecoveryOtp({ context: app.authContext, ...request.body }),
    }),
  );

  app.post(
    '/update-password-by-otp',
    {
      config: limitPerIp(10),
      schema: {
        tags: TAGS,
        summary:
          'Set a new password with the reset token (Authorization header or body resetToken); every session ends',
        body: ZUpdatePasswordByOtpBody,
        response: { 200: ok(ZAccountEmailData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, email } = await updatePasswordByOtp({
        context: app.authContext,
        password: request.body.password,
        resetToken: request.body.resetToken ?? readAuthorizationToken(request.headers.authorization),
      });
      disconnectUserSessions(app.io, userId);
      return {
        success: true as const,
        message: 'Your password has been changed. Sign in with your new password.',
        data: { email },
      };
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: app.authenticatePhysician,
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: "Change the signed-in physician's password; other sessions end",
        body: ZPhysicianChangePasswordBody,
        response: { 200: ok(ZAccountEmailData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId } = requirePhysician(request);
      const data = await changePassword({ context: app.authContext, userId, sessionId, ...request.body });
      disconnectUserSessions(app.io, userId, sessionId);
      return { success: true as const, message: PHYSICIAN_ACCOUNT_MESSAGES.passwordChanged, data };
    },
  );

  app.post(
    '/update-email',
    {
      onRequest: app.authenticatePhysician,
      config: limitPerIp(10),
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: 'E-mail a 6-digit code to the new address',
        body: ZPhysicianUpdateEmailBody,
        response: { 200: ok(ZAccountEmailData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId } = requirePhysician(request);
      const data = await requestEmailChange({
        context: app.authContext,
        userId,
        sessionId,
        email: request.body.email,
      });
      return { success: true as const, message: PHYSICIAN_ACCOUNT_MESSAGES.codeSent(data.email), data };
    },
  );

  app.post(
    '/verify-otp-update-email',
    {
      onRequest: app.authenticatePhysician,
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: "Change the account's e-mail with the code; other sessions end; answers the profile",
        body: ZVerifyUpdateEmailOtpBody,
        response: { 200: ok(ZPhysicianProfile), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId, physicianId } = requirePhysician(request);
      await confirmEmailChange({ context: app.authContext, userId, sessionId, ...request.body });
      disconnectUserSessions(app.io, userId, sessionId);
      return {
        success: true as const,
        message: PHYSICIAN_ACCOUNT_MESSAGES.emailChanged,
        data: await getPhysicianProfile({ db: app.db, physicianId }),
      };
    },
  );

  app.delete(
    '/delete-account',
    {
      onRequest: app.authenticatePhysician,
      config: limitPerIp(5),
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary:
          'Delete the account (asks for the password): applications withdrawn, profile and files erased, sessions ended',
        body: ZPhysicianDeleteAccountBody,
        response: { 200: ok(ZPhysicianDeleteAccountData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, physicianId, sessionId } = requirePhysician(request);
      const data = await deletePhysicianAccount({
        db: app.db,
        storage: app.storage,
        limiter: app.authContext.limiter,
        userId,
        physicianId,
        password: request.body.password,
        sessionId,
      });
      disconnectUserSessions(app.io, userId);
      return { success: true as const, message: PHYSICIAN_ACCOUNT_MESSAGES.deleted, data };
    },
  );
};

export default accountRoutes;
