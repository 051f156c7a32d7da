import { ZAccountEmailData, ZUserIdParams } from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import {
  ZArchiveProfileData,
  ZUpdateEmailBody,
  ZVerifyUpdateEmailOtpBody,
  ZVerifyUpdateEmailOtpData,
} from '@medhire/contract/organization';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archiveAccount } from '../../../domain/organizations/archive-account.ts';
import { confirmEmailChange, requestEmailChange } from '../../../domain/organizations/change-email.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';
/** Changing the signed-in employer's e-mail, and deleting the account. */
import { disconnectUserSessions } from '../../../sockets/disconnect-sessions.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY } from './route-options.ts';

const accountEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/v1/update-email/:id',
    {
      config: limitPerIp(10),
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'E-mail a 6-digit code to the new address',
        params: ZUserIdParams,
        body: ZUpdateEmailBody,
        response: { 200: ok(ZAccountEmailData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId } = assertOwnUser(request, request.params.id);
      const data = await requestEmailChange({
        context: app.authContext,
        userId,
        sessionId,
        email: request.body.email,
      });
      return { success: true as const, message: `We sent a 6-digit code to ${data.email}.`, data };
    },
  );

  app.post(
    '/v1/verify-otp-update-email/:id',
    {
      config: limitPerIp(20),
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: "Change the account's e-mail with the code; other sessions end",
        params: ZUserIdParams,
        body: ZVerifyUpdateEmailOtpBody,
        response: { 200: ok(ZVerifyUpdateEmailOtpData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId } = assertOwnUser(request, request.params.id);
      const data = await confirmEmailChange({ context: app.authContext, userId, sessionId, ...request.body });
      disconnectUserSessions(app.io, userId, sessionId);
      return {
        success: true as const,
        message: 'Your e-mail address is changed. Other devices have been signed out.',
        data,
      };
    },
  );

  app.patch(
    '/v1/archive-profile/:id',
    {
      config: limitPerIp(5),
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'Delete the account: it can no longer sign in and its personal data is erased',
        params: ZUserIdParams,
        response: { 200: ok(ZArchiveProfileData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, sessionId } = assertOwnUser(request, request.params.id);
      const data = await archiveAccount({ db: app.db, storage: app.storage, userId, sessionId });
      disconnectUserSessions(app.io, userId);
      return {
        success: true as const,
        message: 'Your account has been deleted.',
        data,
      };
    },
  );
};

export default accountEmailRoutes;
