import type { TExchangeCodeData, TOidcAccountKind } from '@medhire/contract/oidc';
import { PHYSICIAN_LIMITS } from '@medhire/contract/physicians';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import * as client from 'openid-client';
import type { TUserRow } from '../../../db/schema/accounts.ts';
import { AppError } from '../../../lib/app-error.ts';
import { startPhysicianSession } from '../../physicians/start-physician-session.ts';
import { accessRefusal } from '../account-access.ts';
import type { AuthContext } from '../context.ts';
import { recordNewDeviceSignIn } from '../new-device.ts';
import { secondStepMethodsFor } from '../second-factor/second-factor.ts';
import { issueSecondStepTicket } from '../second-factor/second-step.ts';
import { startSession } from '../sessions.ts';
import { linkOidcAccount, type ProviderName } from './link-oidc-account.ts';
import { type OidcProviderClient, providerUnavailable } from './oidc-provider-client.ts';
import { consumePendingLogin } from './pending-logins.ts';

export const SIGN_IN_LINK_EXPIRED_MESSAGE = 'This sign-in link has expired. Please try again.';
export const SIGN_IN_NOT_CONFIRMED_MESSAGE =
  'We could not confirm your sign-in with Doximity. Please try again.';

/** What this module logs when the provider answers something it cannot accept. */
export interface ProviderFailureLog {
  warn(details: object, message: string): void;
}

export interface CompleteOidcLoginOptions {
  context: AuthContext;
  provider: OidcProviderClient;
  code: string;
  state: string | undefined;
  /** The `iss` of the authorisation response, when the client passed it on. */
  issuer: string | undefined;
  browserBinding: string | undefined;
  /** The app that asks: a sign-in started in the other app is refused as unknown. */
  accountKind: TOidcAccountKind;
  userAgent: string | undefined;
  log: ProviderFailureLog;
}

function linkExpired(): AppError {
  return new AppError('BAD_REQUEST', SIGN_IN_LINK_EXPIRED_MESSAGE, { reason: 'OIDC_STATE_INVALID' });
}

const UNREACHABLE_CODES = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_TIMEOUT', 'OAUTH_ABORT']);

/** No answer, a timeout, or an error page instead of a protocol answer: the provider is down. */
function isProviderUnreachable(error: unknown): boolean {
  if (error instanceof client.ClientError) return UNREACHABLE_CODES.has(error.code ?? '');
  return error instanceof TypeError && error.message === 'fetch failed';
}

/** The provider's refusal or an answer that fails validation, as the person should read it. */
function providerFailure(error: unknown, log: ProviderFailureLog): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
    // The code was used already, expired at the provider, or was not issued for this sign-in.
    return linkExpired();
  }
  if (isProviderUnreachable(error)) return providerUnavailable(error);
  log.warn({ err: error }, 'OpenID Connect sign-in answer refused');
  return new AppError('UNAUTHENTICATED', SIGN_IN_NOT_CONFIRMED_MESSAGE, { reason: 'OIDC_RESPONSE_INVALID' });
}

/** A claim's text, trimmed and cut to what a profile name holds; empty when absent. */
function nameClaim(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, PHYSICIAN_LIMITS.nameMax) : '';
}

/**
 * The person's name for a new physician profile: `given_name` and `family_name`, or else the
 * full `name` split before its last word. Empty where the provider shares neither; the new
 * physician then fills it in on the profile, as the app asks them to.
 */
function readNameClaims(claims: Record<string, unknown>): ProviderName {
  const firstName = nameClaim(claims.given_name);
  const lastName = nameClaim(claims.family_name);
  if (firstName || lastName) return { firstName, lastName };
  const words = nameClaim(claims.name).split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

function hasName(name: ProviderName): boolean {
  return Boolean(name.firstName || name.lastName);
}

function readEmailClaims(claims: Record<string, unknown>): { email?: string; isVerified?: boolean } {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
  const verified = claims.email_verified;
  // Some providers send the flag as a string.
  const isVerified = verified === undefined ? undefined : verified === true || verified === 'true';
  return { email: email || undefined, isVerified };
}

/** Opens the session the app that started the sign-in expects, as its password sign-in answers it. */
async function startSessionFor(
  context: AuthContext,
  user: TUserRow,
  userAgent: string | undefined,
): Promise<TExchangeCodeData | TSecondStepChallenge> {
  // Doximity stands in for the password only: an account with a second factor on still asks for it.
  const methods = await secondStepMethodsFor(context.db, user.id);
  if (methods.length > 0) return issueSecondStepTicket(context.db, user.id, methods, userAgent, 'oidc');
  if (user.role === 'physician') return startPhysicianSession(context.db, user, userAgent);
  return context.db.transaction(async (tx) => {
    await recordNewDeviceSignIn(tx, user, userAgent);
    return startSession(tx, user, userAgent, { factors: ['oidc'] });
  });
}

/**
 * Finishes a professional-network sign-in: checks the state against the pending sign-in of
 * this browser and app (single use), trades the code and the PKCE verifier for tokens,
 * validates the ID token (issuer, audience, nonce, signature), reads the verified e-mail, and
 * answers a session for the linked account of the kind the sign-in was started for — an
 * employer's or a physician's — exactly like that app's password sign-in does.
 */
export async function completeOidcLogin(
  options: CompleteOidcLoginOptions,
): Promise<TExchangeCodeData | TSecondStepChallenge> {
  const { context, provider, code, state, browserBinding, accountKind, log } = options;
  if (!state || !browserBinding) throw linkExpired();
  const configuration = await provider.configuration();
  const pending = await consumePendingLogin(context.db, state, browserBinding, accountKind);
  if (!pending) throw linkExpired();

  const metadata = configuration.serverMetadata();
  // The token endpoint checks that this is the redirect URI the code was requested with.
  const callbackUrl = new URL(provider.redirectUris[pending.accountKind]);
  callbackUrl.searchParams.set('code', code);
  callbackUrl.searchParams.set('state', state);
  // RFC 9207's `iss` guards clients that talk to several providers against mixing up their
  // answers. This server trusts exactly one provider, so when the callback page does not pass
  // the parameter on, the only issuer it could be is filled in; one that is passed is checked.
  callbackUrl.searchParams.set('iss', options.issuer ?? metadata.issuer);

  let identity: { subject: string; email: string };
  let name: ProviderName | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new AppError('UNAUTHENTICATED', SIGN_IN_NOT_CONFIRMED_MESSAGE);
    let emailClaims = readEmailClaims(idToken);
    // A new physician profile needs a name; employer accounts keep theirs in the organisation.
    name = pending.accountKind === 'physician' ? readNameClaims(idToken) : undefined;
    // Providers commonly leave profile claims out of the ID token of a code flow.
    if (!emailClaims.email || (name && !hasName(name))) {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      if (!emailClaims.email) emailClaims = readEmailClaims(userInfo);
      if (name && !hasName(name)) name = readNameClaims(userInfo);
    }
    if (!emailClaims.email) {
      throw new AppError(
        'BUSINESS_RULE',
        'Doximity did not share your e-mail address, which MedHire needs for your account. Allow access to your e-mail and try again.',
        { reason: 'OIDC_EMAIL_MISSING' },
      );
    }
    if (emailClaims.isVerified === false) {
      throw new AppError(
        'FORBIDDEN',
        'Your e-mail address is not verified at Doximity yet. Verify it there, then sign in again.',
        { reason: 'OIDC_EMAIL_NOT_VERIFIED' },
      );
    }
    identity = { subject: idToken.sub, email: emailClaims.email };
  } catch (error) {
    throw providerFailure(error, log);
  }

  const user = await linkOidcAccount(context.db, {
    identity: { issuer: metadata.issuer, ...identity },
    accountKind: pending.accountKind,
    name,
  });
  const refusal = accessRefusal(user);
  if (refusal) throw refusal;
  return startSessionFor(context, user, options.userAgent);
}
