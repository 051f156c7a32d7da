import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  /** Left out of the claims when undefined, as some providers do. */
  emailVerified?: boolean;
  /** `given_name`, `family_name` and `name`, each left out when undefined. */
  givenName?: string;
  familyName?: string;
  name?: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people known to the provider, by subject. */
  accounts: Map<string, ProviderAccount>;
  /** Paths of every request the provider received, oldest first. */
  requestedPaths: string[];
  /** The subject the next login at the provider signs in as. */
  signInAs(subject: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1, with one confidential client that must
 * use PKCE and may be sent back to each of `redirectUris` (the employer app's and the physician
 * app's callback pages). Its login and consent steps complete by themselves for the chosen
 * account, so a test can walk the whole browser journey with plain HTTP requests.
 */
export async function startTestOpenIdProvider(
  redirectUris: string | readonly string[],
): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const requestedPaths: string[] = [];
  let nextSubject: string | undefined;
  let provider: Provider | undefined;

  const server = createServer((request, response) => {
    requestedPaths.push(new URL(request.url ?? '/', 'http://provider').pathname);
    if (!provider) {
      response.writeHead(503).end();
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      completeInteraction(provider, request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clientId = 'medhire-web';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', use: 'sig' };

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: typeof redirectUris === 'string' ? [redirectUris] : [...redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [signingKey as JWK] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    findAccount: (_context, subject) => {
      const account = accounts.get(subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          email: account.email,
          ...(account.emailVerified === undefined ? {} : { email_verified: account.emailVerified }),
          ...(account.givenName === undefined ? {} : { given_name: account.givenName }),
          ...(account.familyName === undefined ? {} : { family_name: account.familyName }),
          ...(account.name === undefined ? {} : { name: account.name }),
        }),
      };
    },
  });

  async function completeInteraction(oidc: Provider, request: IncomingMessage, response: ServerResponse) {
    const interaction = await oidc.interactionDetails(request, response);
    if (interaction.prompt.name === 'login') {
      if (!nextSubject) throw new Error('signInAs() was not called');
      await oidc.interactionFinished(
        request,
        response,
        { login: { accountId: nextSubject } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = interaction.session?.accountId;
    const grant = interaction.grantId
      ? await oidc.Grant.find(interaction.grantId)
      : new oidc.Grant({ accountId, clientId: String(interaction.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    await oidc.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    requestedPaths,
    signInAs(subject) {
      nextSubject = subject;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Walks a browser's redirects from the provider's authorisation URL, keeping the provider's
 * cookies, until the provider sends the browser back to `redirectUri`; returns that URL.
 */
export async function followProviderRedirects(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(`${redirectUri}?`)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    const location = response.headers.get('location');
    const body = await response.text();
    if (!location) throw new Error(`The provider stopped at ${url} with ${response.status}: ${body}`);
    url = new URL(location, url).href;
  }
  throw new Error('The provider never redirected back to the app');
}
