import type { TOidcAccountKind } from '@medhire/contract/oidc';
import * as client from 'openid-client';
import type { Db } from '../../../db/index.ts';
import { generateToken } from '../secret-token.ts';
import { OIDC_SCOPE, type OidcProviderClient } from './oidc-provider-client.ts';
import { savePendingLogin } from './pending-logins.ts';

export interface StartOidcLoginOptions {
  db: Db;
  provider: OidcProviderClient;
  /** The browser's binding cookie when it already has one; a new one is made otherwise. */
  browserBinding: string | undefined;
  /** The app the sign-in is started from: the kind of account it may open. */
  accountKind: TOidcAccountKind;
}

export interface StartedOidcLogin {
  /** Where to send the browser: the provider's authorisation endpoint with this sign-in's parameters. */
  authorizationUrl: string;
  /** The value the binding cookie must hold for the sign-in to be finished. */
  browserBinding: string;
}

/**
 * Begins an authorisation-code sign-in with PKCE: fresh state, nonce and code verifier, kept in
 * the database until the callback comes back, and the URL that asks the provider for a code.
 */
export async function startOidcLogin({
  db,
  provider,
  browserBinding,
  accountKind,
}: StartOidcLoginOptions): Promise<StartedOidcLogin> {
  const configuration = await provider.configuration();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  // Reusing the cookie a browser already holds lets two sign-ins started in two tabs both finish.
  const binding = browserBinding ?? generateToken();
  await savePendingLogin(db, { state, nonce, codeVerifier, browserBinding: binding, accountKind });

  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    response_type: 'code',
    redirect_uri: provider.redirectUris[accountKind],
    scope: OIDC_SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: authorizationUrl.href, browserBinding: binding };
}
