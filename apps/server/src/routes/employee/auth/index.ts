import { ZSession } from '@medhire/contract/account';
import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZExchangeCodeParams, ZExchangeCodeQuery } from '@medhire/contract/oidc';
import { ZPhysicianLoginBody, ZPhysicianRegisterBody, ZPhysicianSession } from '@medhire/contract/physicians';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBrowserBinding } from '../../../domain/auth/oidc/browser-binding.ts';
import { completeOidcLogin } from '../../../domain/auth/oidc/complete-oidc-login.ts';
import { requireOidcProvider } from '../../../domain/auth/oidc/oidc-provider-client.ts';
import { signOut } from '../../../domain/auth/sign-out.ts';
import { registerPhysician } from '../../../domain/physicians/register-physician.ts';
import { signInPhysician } from '../../../domain/physicians/sign-in-physician.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { disconnectSession } from '../../../sockets/disconnect-sessions.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY, userAgentOf } from '../../employer/auth/route-options.ts';

const TAGS = ['employee auth'];

/**
 * /api/employee/auth: physician accounts (register, sign in, sign out). The professional-network
 * sign-in's code exchange lives here too, as the spec names it.
 */
const employeeAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary: 'Create a physician account; answers a session, signed in at once',
        body: ZPhysicianRegisterBody,
        response: { 200: ok(ZPhysicianSession), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Welcome to MedHire. Complete your profile to apply to jobs.',
      data: await registerPhysician({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      }),
    }),
  );

  app.post(
    '/login',
    {
      config: limitPerIp(30),
      schema: {
        tags: TAGS,
        summary: 'Sign in to a physician account with e-mail and password',
        body: ZPhysicianLoginBody,
        response: { 200: ok(ZPhysicianSession), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signInPhysician({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      }),
    }),
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticatePhysician,
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: "Sign out: the physician's session token stops working",
        response: { 200: ok(z.null()), ...FAILURES },
      },
    },
    async (request) => {
      const { sessionId } = requirePhysician(request);
      await signOut({ db: app.db, sessionId });
      disconnectSession(app.io, sessionId);
      return { success: true as const, message: 'You are signed out.', data: null };
    },
  );

  app.get(
    '/v1/exchange-code-with-token/:code',
    {
      config: limitPerIp(20),
      schema: {
        tags: ['employee auth'],
        summary:
          'Finish sign-in with Doximity: trade the authorisation code (and its state) for a session, like login',
        params: ZExchangeCodeParams,
        querystring: ZExchangeCodeQuery,
        response: { 200: ok(ZSession), ...FAILURES, 404: ZFailure, 503: ZFailure },
      },
    },
    async (request, reply) => {
      const session = await completeOidcLogin({
        context: app.authContext,
        provider: requireOidcProvider(app.oidcProvider),
        code: request.params.code,
        state: request.query.state,
        issuer: request.query.iss,
        browserBinding: readBrowserBinding(request.headers.cookie),
        userAgent: userAgentOf(request),
        log: request.log,
      });
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: session };
    },
  );
};

export default employeeAuthRoutes;
