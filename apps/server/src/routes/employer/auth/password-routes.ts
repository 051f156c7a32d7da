import { ZSession } from '@medhire/contract/account';
import {
  ZAccountEmailData,
  ZResetPasswordBody,
  ZSendRecoveryOtpBody,
  ZSendRecoveryOtpData,
  ZSetPasswordBody,
  ZUpdatePasswordByOtpBody,
  ZUserIdParams,
  ZVerifyRecoveryOtpBody,
  ZVerifyRecoveryOtpData,
} from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword } from '../../../domain/auth/change-password.ts';
import {
  RECOVERY_SENT_MESSAGE,
  sendRecoveryOtp,
  updatePasswordByOtp,
  verifyRecoveryOtp,
} from '../../../domain/auth/password-recovery.ts';
import { readAuthorizationToken } from '../../../domain/auth/secret-token.ts';
import { setPassword } from '../../../domain/auth/set-password.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';
import { disconnectUserSessions } from '../../../sockets/disconnect-sessions.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY, userAgentOf } from './route-options.ts';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/set-password',
    {
      config: limitPerIp(10),
      schema: {
        tags: ['employer auth'],
        summary: "Choose the first password of a claimed practice's account (needs the e-mailed token)",
        body: ZSetPasswordBody,
        response: { 200: ok(ZSession), ...FAILURES },
      },
    },
    async (request) => {
      const session = await setPassword({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      });
      // Every earlier session ended with the new password: their sockets go too, on every
      // instance (the new session has none yet).
      disconnectUserSessions(app.io, session.user._id);
      return { success: true as const, message: 'Your password is set.', data: session };
    },
  );

  app.post(
    '/v1/send-otp-password-recovery',
    {
      config: limitPerIp(10),
      schema: {
        tags: ['employer auth'],
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
    '/v1/verify-otp-password-recovery',
    {
      config: limitPerIp(20),
      schema: {
        tags: ['employer auth'],
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
    '/v1/update-password-by-otp',
    {
      config: limitPerIp(10),
      schema: {
        tags: ['employer auth'],
        summary: 'Set a new password with the reset token (Authorization header or body resetToken)',
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
      // Recovery ends every session of the account: their sockets go too, on every instance.
      disconnectUserSessions(app.io, userId);
      return {
        success: true as const,
        message: 'Your password has been changed. Sign in with your new password.',
        data: { email },
      };
    },
  );

  app.post(
    '/v1/reset-password/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'Change the password of the signed-in employer; other sessions end',
        params: ZUserIdParams,
        body: ZResetPasswordBody,
        response: { 200: ok(ZAccountEmailData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId } = assertOwnUser(request, request.params.id);
      const data = await changePassword({ context: app.authContext, userId, sessionId, ...request.body });
      disconnectUserSessions(app.io, userId, sessionId);
      return {
        success: true as const,
        message: 'Your password has been changed. Other devices have been signed out.',
        data,
      };
    },
  );
};

export default passwordRoutes;
