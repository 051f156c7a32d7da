import { ZSession } from '@medhire/contract/account';
import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZExchangeCodeParams, ZExchangeCodeQuery } from '@medhire/contract/oidc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readBrowserBinding } from '../../../domain/auth/oidc/browser-binding.ts';
import { completeOidcLogin } from '../../../domain/auth/oidc/complete-oidc-login.ts';
import { requireOidcProvider } from '../../../domain/auth/oidc/oidc-provider-client.ts';
import { FAILURES, limitPerIp, userAgentOf } from '../../employer/auth/route-options.ts';

/** /api/employee/auth: the professional-network sign-in's code exchange lives here, as the spec names it. */
const employeeAuthRoutes: FastifyPluginAsyncZod = async (app) => {
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
