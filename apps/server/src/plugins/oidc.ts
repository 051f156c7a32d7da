import fp from 'fastify-plugin';
import {
  createOidcProviderClient,
  type OidcProviderClient,
} from '../domain/auth/oidc/oidc-provider-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The professional-network (OpenID Connect) provider; null unless OIDC_* is configured. */
    oidcProvider: OidcProviderClient | null;
  }
}

/** One provider client per app, so its discovered metadata and keys are fetched once. */
export default fp(
  async (app) => {
    const { oidc, publicUrl } = app.config;
    app.decorate('oidcProvider', oidc ? createOidcProviderClient({ oidc, publicUrl }) : null);
  },
  { name: 'oidc', dependencies: ['config'] },
);
