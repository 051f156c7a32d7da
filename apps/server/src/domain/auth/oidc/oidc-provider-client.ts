import type { TOidcAccountKind } from '@medhire/contract/oidc';
import * as client from 'openid-client';
import type { OidcConfig } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';

export const OIDC_SCOPE = 'openid email profile';
/** The web page the provider sends the person back to; it trades the code for a session. */
export const OIDC_CALLBACK_PATH = '/auth/doximity/success';
/**
 * The physician app's page for the same (the app is served under /physician/). The provider must
 * list it as a redirect URI of the client beside the employer app's.
 */
export const PHYSICIAN_OIDC_CALLBACK_PATH = '/physician/oidc-callback';
/** Seconds any single call to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'Sign-in with Doximity is not available right now. Try again in a few minutes, or sign in with your e-mail.';

/** 503 for the person; the provider's own error stays in the server log as the cause. */
export function providerUnavailable(cause: unknown): AppError {
  const failure = new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE);
  failure.cause = cause;
  return failure;
}

export interface OidcProviderClient {
  issuer: string;
  clientId: string;
  /**
   * Where the provider returns the authorisation response: PUBLIC_URL + the callback page of the
   * app the sign-in was started in.
   */
  redirectUris: Record<TOidcAccountKind, string>;
  /** The provider's metadata, discovered on first use and reused; a failed discovery is retried next time. */
  configuration(): Promise<client.Configuration>;
}

/** The configured provider, or 404 where professional-network sign-in is not set up. */
export function requireOidcProvider(provider: OidcProviderClient | null): OidcProviderClient {
  if (!provider) throw new AppError('NOT_FOUND', 'Sign-in with Doximity is not offered here.');
  return provider;
}

export interface CreateOidcProviderClientOptions {
  oidc: OidcConfig;
  publicUrl: string;
}

function extensionsFor(issuer: URL): ((configuration: client.Configuration) => void)[] {
  // The ID token comes straight from the token endpoint, where TLS alone would vouch for it;
  // checking its signature against the provider's JWKS as well keeps a plain-HTTP issuer
  // (OIDC_ISSUER may be http: for a provider on the same host) just as strict.
  const extensions = [client.enableNonRepudiationChecks];
  if (issuer.protocol === 'http:') extensions.push(client.allowInsecureRequests);
  return extensions;
}

/**
 * Picks how the client secret reaches the token endpoint: HTTP Basic unless the provider only
 * takes it in the form body. The specification's default, and so what a provider that does not
 * say supports, is Basic.
 */
function clientAuthenticationFor(metadata: client.ServerMetadata, clientSecret: string): client.ClientAuth {
  const supported = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return supported.includes('client_secret_basic') || !supported.includes('client_secret_post')
    ? client.ClientSecretBasic(clientSecret)
    : client.ClientSecretPost(clientSecret);
}

async function discover(oidc: OidcConfig): Promise<client.Configuration> {
  const issuer = new URL(oidc.issuer);
  const extensions = extensionsFor(issuer);
  const discovered = await client.discovery(issuer, oidc.clientId, undefined, undefined, {
    execute: extensions,
    timeout: PROVIDER_TIMEOUT_SECONDS,
  });
  const metadata = discovered.serverMetadata();
  const configuration = new client.Configuration(
    metadata,
    oidc.clientId,
    undefined,
    clientAuthenticationFor(metadata, oidc.clientSecret),
  );
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  for (const extend of extensions) extend(configuration);
  return configuration;
}

export function createOidcProviderClient({
  oidc,
  publicUrl,
}: CreateOidcProviderClientOptions): OidcProviderClient {
  let pending: Promise<client.Configuration> | undefined;
  return {
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    redirectUris: {
      employer: `${publicUrl}${OIDC_CALLBACK_PATH}`,
      physician: `${publicUrl}${PHYSICIAN_OIDC_CALLBACK_PATH}`,
    },
    configuration() {
      pending ??= discover(oidc).catch((error: unknown) => {
        pending = undefined;
        throw providerUnavailable(error);
      });
      return pending;
    },
  };
}
