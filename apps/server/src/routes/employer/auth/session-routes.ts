import { ZSession } from '@medhire/contract/account';
import { ZLoginBody, ZLoginV1Data, ZUserIdParams } from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import { ZSyncUserDetailData } from '@medhire/contract/organization';
import { SECURITY_MESSAGES, ZSecondStepChallenge } from '@medhire/contract/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signIn } from '../../../domain/auth/sign-in.ts';
import { signOut } from '../../../domain/auth/sign-out.ts';
import { syncUserDetailWithOrganization } from '../../../domain/organizations/get-organization.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';
import { disconnectSession } from '../../../sockets/disconnect-sessions.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY, userAgentOf } from './route-options.ts';

const LOGIN_IP_LIMIT = 30;

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: limitPerIp(LOGIN_IP_LIMIT),
      schema: {
        tags: ['employer auth'],
        summary:
          'Sign in with e-mail and password: the session, or, when the account has a second factor on, the ticket of the second step',
        body: ZLoginBody,
        response: { 200: ok(z.union([ZSession, ZSecondStepChallenge])), ...FAILURES },
      },
    },
    async (request) => {
      const data = await signIn({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      });
      if ('secondStep' in data) {
        return { success: true as const, message: SECURITY_MESSAGES.secondStepNeeded, data };
      }
      return { success: true as const, data };
    },
  );

  app.post(
    '/v1/login',
    {
      config: limitPerIp(LOGIN_IP_LIMIT),
      schema: {
        tags: ['employer auth'],
        summary: 'Sign in (v1): the session plus the flag to show specialty params',
        body: ZLoginBody,
        response: { 200: ok(z.union([ZLoginV1Data, ZSecondStepChallenge])), ...FAILURES },
      },
    },
    async (request) => {
      const session = await signIn({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      });
      if ('secondStep' in session) {
        return { success: true as const, message: SECURITY_MESSAGES.secondStepNeeded, data: session };
      }
      return { success: true as const, data: { ...session, showSpecialtyParams: true as const } };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'Sign out: the session token stops working',
        response: { 200: ok(z.null()), ...FAILURES },
      },
    },
    async (request) => {
      const { sessionId } = requireAccount(request);
      await signOut({ db: app.db, sessionId });
      disconnectSession(app.io, sessionId);
      return { success: true as const, message: 'You are signed out.', data: null };
    },
  );

  app.get(
    '/sync-user-detail/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'The signed-in employer, the session code and the organisation',
        params: ZUserIdParams,
        response: { 200: ok(ZSyncUserDetailData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return { success: true as const, data: await syncUserDetailWithOrganization({ db: app.db, userId }) };
    },
  );
};

export default sessionRoutes;
