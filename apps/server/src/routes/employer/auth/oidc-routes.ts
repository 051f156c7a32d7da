import { ok, ZFailure } from '@medhire/contract/envelope';
import { OIDC_PROVIDER_NAME, ZOidcConfigData } from '@medhire/contract/oidc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browserBindingCookie, readBrowserBinding } from '../../../domain/auth/oidc/browser-binding.ts';
import { requireOidcProvider } from '../../../domain/auth/oidc/oidc-provider-client.ts';
import { type StartedOidcLogin, startOidcLogin } from '../../../domain/auth/oidc/start-oidc-login.ts';
import { isAppError } from '../../../lib/app-error.ts';
import { limitPerIp } from './route-options.ts';

const AUTHORIZE_PATH = '/api/employer/auth/oidc/authorize';

/** /api/employer/auth/oidc: professional-network (Doximity, OpenID Connect) sign-in, when configured. */
const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['employer auth'],
        summary: 'Whether sign-in with Doximity is offered, and the URL that starts it',
        response: { 200: ok(ZOidcConfigData) },
      },
    },
    async () => ({
      success: true as const,
      data: {
        enabled: app.oidcProvider !== null,
        authorizeUrl: app.oidcProvider ? `${app.config.publicUrl}${AUTHORIZE_PATH}` : null,
        providerName: OIDC_PROVIDER_NAME,
      },
    }),
  );

  app.get(
    '/authorize',
    {
      config: limitPerIp(30),
      schema: {
        tags: ['employer auth'],
        summary:
          "Start sign-in with Doximity: redirects (302) to the provider's authorisation endpoint (code flow with PKCE), or to the callback page with `error` when the provider cannot be reached",
        response: { 404: ZFailure, 429: ZFailure, 503: ZFailure },
      },
    },
    async (request, reply) => {
      const provider = requireOidcProvider(app.oidcProvider);
      reply.header('cache-control', 'no-store');
      let started: StartedOidcLogin;
      try {
        started = await startOidcLogin({
          db: app.db,
          provider,
          browserBinding: readBrowserBinding(request.headers.cookie),
        });
      } catch (error) {
        if (!isAppError(error) || error.code !== 'UNAVAILABLE') throw error;
        request.log.error({ err: error }, 'OpenID provider unavailable');
        // The browser got here by following a link, so a JSON failure would be all it shows;
        // the callback page explains a sign-in the provider could not finish.
        const failed = new URL(provider.redirectUri);
        failed.searchParams.set('error', 'temporarily_unavailable');
        failed.searchParams.set('error_description', error.message);
        return reply.redirect(failed.href, 302);
      }
      const isSecure = app.config.publicUrl.startsWith('https:');
      return reply
        .header('set-cookie', browserBindingCookie(started.browserBinding, isSecure))
        .redirect(started.authorizationUrl, 302);
    },
  );
};

export default oidcRoutes;
