import { ok, ZFailure } from '@medhire/contract/envelope';
import { OIDC_PROVIDER_NAME, type TOidcAccountKind, ZOidcConfigData } from '@medhire/contract/oidc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browserBindingCookie, readBrowserBinding } from '../../../domain/auth/oidc/browser-binding.ts';
import { requireOidcProvider } from '../../../domain/auth/oidc/oidc-provider-client.ts';
import { type StartedOidcLogin, startOidcLogin } from '../../../domain/auth/oidc/start-oidc-login.ts';
import { isAppError } from '../../../lib/app-error.ts';
import { limitPerIp } from './route-options.ts';

export interface OidcSignInRoutesOptions {
  /** The kind of account the sign-ins started here open. */
  accountKind: TOidcAccountKind;
  /** The full path of this plugin's authorize call, for the config's `authorizeUrl`. */
  authorizePath: string;
  tags: string[];
  /** Who signs in, for the OpenAPI summaries ("" for the employer app's own routes). */
  audience: string;
}

/**
 * Professional-network (Doximity, OpenID Connect) sign-in's config and authorize calls, when
 * configured. Both apps mount them: the employer app at /api/employer/auth/oidc, the physician
 * app at /api/employee/auth/v1/oidc; each starts sign-ins for its own kind of account.
 */
export function oidcSignInRoutes({
  accountKind,
  authorizePath,
  tags,
  audience,
}: OidcSignInRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config',
      {
        schema: {
          tags,
          summary: `Whether sign-in with Doximity is offered${audience}, and the URL that starts it`,
          response: { 200: ok(ZOidcConfigData) },
        },
      },
      async () => ({
        success: true as const,
        data: {
          enabled: app.oidcProvider !== null,
          authorizeUrl: app.oidcProvider ? `${app.config.publicUrl}${authorizePath}` : null,
          providerName: OIDC_PROVIDER_NAME,
        },
      }),
    );

    app.get(
      '/authorize',
      {
        config: limitPerIp(30),
        schema: {
          tags,
          summary: `Start sign-in with Doximity${audience}: redirects (302) to the provider's authorisation endpoint (code flow with PKCE), or to the callback page with \`error\` when the provider cannot be reached`,
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
            accountKind,
          });
        } catch (error) {
          if (!isAppError(error) || error.code !== 'UNAVAILABLE') throw error;
          request.log.error({ err: error }, 'OpenID provider unavailable');
          // The browser got here by following a link, so a JSON failure would be all it shows;
          // the callback page explains a sign-in the provider could not finish.
          const failed = new URL(provider.redirectUris[accountKind]);
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
}

/** /api/employer/auth/oidc: the employer app's professional-network sign-in. */
const oidcRoutes = oidcSignInRoutes({
  accountKind: 'employer',
  authorizePath: '/api/employer/auth/oidc/authorize',
  tags: ['employer auth'],
  audience: '',
});

export default oidcRoutes;
