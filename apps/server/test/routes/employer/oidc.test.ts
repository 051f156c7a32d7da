import { ZSession } from '@medhire/contract/account';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { oidcIdentities, oidcLogins } from '../../../src/db/schema/oidc.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, setAccountStatus, signedInEmployer, uniqueEmail, uniqueIp } from './auth-kit.ts';
import {
  followProviderRedirects,
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from './oidc-provider-kit.ts';
import { enrolTotp, get, post, totpCode } from './second-factor-kit.ts';

const PUBLIC_URL = 'http://localhost:5180';
const REDIRECT_URI = `${PUBLIC_URL}/auth/doximity/success`;
const EXPIRED_MESSAGE = 'This sign-in link has expired. Please try again.';

let provider: TestOpenIdProvider;
let app: FastifyInstance;
let subjects = 0;

beforeAll(async () => {
  provider = await startTestOpenIdProvider(REDIRECT_URI);
  app = await buildTestApp({
    publicUrl: PUBLIC_URL,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** A person known to the provider, with a fresh subject. */
function providerPerson(email = uniqueEmail('doctor'), emailVerified: boolean | undefined = true) {
  subjects += 1;
  const subject = `dox-${subjects}-${Date.now().toString(36)}`;
  provider.accounts.set(subject, { email, emailVerified });
  return { subject, email };
}

interface Callback {
  code: string;
  state: string;
  /** The browser's binding cookie, as it would send it to the exchange call. */
  cookie: string;
  authorizationUrl: URL;
}

/** The browser's part: start at MedHire, sign in at the provider, come back with a code. */
async function signInAtProvider(subject: string): Promise<Callback> {
  const started = await app.inject({
    method: 'GET',
    url: '/api/employer/auth/oidc/authorize',
    remoteAddress: uniqueIp(),
  });
  expect(started.statusCode, started.body).toBe(302);
  const setCookie = String(started.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const authorizationUrl = new URL(String(started.headers.location));

  provider.signInAs(subject);
  const callback = await followProviderRedirects(authorizationUrl.href, REDIRECT_URI);
  expect(callback.searchParams.get('error'), callback.href).toBeNull();
  return {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    cookie,
    authorizationUrl,
  };
}

function exchange(callback: { code: string; state?: string; cookie?: string }) {
  const query = callback.state === undefined ? '' : `?state=${encodeURIComponent(callback.state)}`;
  return app.inject({
    method: 'GET',
    url: `/api/employee/auth/v1/exchange-code-with-token/${encodeURIComponent(callback.code)}${query}`,
    headers: callback.cookie ? { cookie: callback.cookie } : {},
    remoteAddress: uniqueIp(),
  });
}

async function exchangeForSession(callback: Callback) {
  const response = await exchange(callback);
  expect(response.statusCode, response.body).toBe(200);
  return ZSession.parse(response.json().data);
}

function expectExpiredLink(response: Awaited<ReturnType<typeof exchange>>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    success: false,
    error: { code: 'BAD_REQUEST', message: EXPIRED_MESSAGE },
  });
}

describe('GET /api/employer/auth/oidc/config', () => {
  it('offers Doximity sign-in, starting at the authorize call', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/employer/auth/oidc/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        enabled: true,
        authorizeUrl: `${PUBLIC_URL}/api/employer/auth/oidc/authorize`,
        providerName: 'Doximity',
      },
    });
  });
});

describe('GET /api/employer/auth/oidc/authorize', () => {
  it('redirects to the provider with a code request protected by state, nonce and PKCE (S256)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/employer/auth/oidc/authorize',
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      scope: 'openid email profile',
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^medhire_oidc_browser=[A-Za-z0-9_-]{43}; Path=\/api\/employee\/auth\/v1\/exchange-code-with-token; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('keeps the pending sign-in in the database, valid for ten minutes, without the plain state', async () => {
    const before = Date.now();
    const response = await app.inject({
      method: 'GET',
      url: '/api/employer/auth/oidc/authorize',
      remoteAddress: uniqueIp(),
    });
    const state = new URL(String(response.headers.location)).searchParams.get('state') ?? '';
    const rows = await app.db.select().from(oidcLogins);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    const newest = rows.toSorted((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest?.consumedAt).toBeNull();
    const validForMs = (newest?.expiresAt.getTime() ?? 0) - before;
    expect(validForMs).toBeGreaterThan(9 * 60_000);
    expect(validForMs).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });
});

describe('GET /api/employee/auth/v1/exchange-code-with-token/{code}', () => {
  it('signs a new person in to a new pending account whose session token works', async () => {
    const person = providerPerson();
    const callback = await signInAtProvider(person.subject);
    const session = await exchangeForSession(callback);

    // The ID token's signature was checked against the provider's published keys.
    expect(provider.requestedPaths).toContain('/jwks');
    expect(session.code).toBe(201);
    expect(session.user).toMatchObject({ email: person.email, accountStatus: 'pending' });
    const [stored] = await app.db.select().from(users).where(eq(users.id, session.user._id));
    expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(stored?.passwordHash).toBeNull();
    const [identity] = await app.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, session.user._id));
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: person.subject, email: person.email });

    const synced = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${session.user._id}`,
      headers: { authorization: session.token },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data).toMatchObject({
      user: { _id: session.user._id, email: person.email },
      code: 201,
    });
  });

  it('signs the same person in to the same account the next time, even after their e-mail changed', async () => {
    const person = providerPerson();
    const first = await exchangeForSession(await signInAtProvider(person.subject));
    provider.accounts.set(person.subject, { email: uniqueEmail('renamed'), emailVerified: true });
    const second = await exchangeForSession(await signInAtProvider(person.subject));

    expect(second.user._id).toBe(first.user._id);
    expect(second.user.email).toBe(person.email);
    expect(second.token).not.toBe(first.token);
    const identities = await app.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.subject, person.subject));
    expect(identities).toHaveLength(1);
  });

  it('starts a new account for a person whose linked account was deleted', async () => {
    const person = providerPerson();
    const first = await exchangeForSession(await signInAtProvider(person.subject));
    await app.db
      .update(users)
      .set({ email: `deleted+${first.user._id}@medhire.invalid`, archivedAt: new Date() })
      .where(eq(users.id, first.user._id));

    const second = await exchangeForSession(await signInAtProvider(person.subject));
    expect(second.user._id).not.toBe(first.user._id);
    expect(second.user).toMatchObject({ email: person.email, accountStatus: 'pending' });
    const identities = await app.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.subject, person.subject));
    expect(identities.map((identity) => identity.userId)).toEqual([second.user._id]);
  });

  it('links an existing employer account with the same e-mail instead of creating another', async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const person = providerPerson(employer.email.toUpperCase());
    const session = await exchangeForSession(await signInAtProvider(person.subject));
    expect(session.user._id).toBe(employer.id);
    expect(session.code).toBe(200);
  });

  it('asks an account with the authenticator app on for its code: Doximity stands in for the password only', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const { secret } = await enrolTotp(app, '/api/employer/auth', employer.token);
    const person = providerPerson(employer.email);
    const response = await exchange(await signInAtProvider(person.subject));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).not.toHaveProperty('token');
    expect(data.secondStep.methods).toEqual(['totp', 'recovery_code']);

    const finished = await post(app, '/api/employer/auth/second-step', undefined, {
      ticket: data.secondStep.ticket,
      method: 'totp',
      code: totpCode(secret, 1),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const session = ZSession.parse(finished.json().data);
    const security = await get(app, '/api/employer/auth/security', session.token);
    expect(security.json().data.currentSession.factors).toEqual(['oidc', 'totp']);
  });

  it('finishes an unconfirmed employer sign-up with the same e-mail, and drops the password nobody confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const password = 'Typed-by-someone-else-2026';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/v1/register',
      remoteAddress: uniqueIp(),
      payload: { email, password },
    });
    expect(registered.statusCode, registered.body).toBe(200);

    const session = await exchangeForSession(await signInAtProvider(providerPerson(email).subject));
    const [stored] = await app.db.select().from(users).where(eq(users.id, session.user._id));
    expect(stored?.email).toBe(email);
    expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(stored?.passwordHash).toBeNull();
    const passwordSignIn = await app.inject({
      method: 'POST',
      url: '/api/employer/auth/login',
      remoteAddress: uniqueIp(),
      payload: { email, password },
    });
    expect(passwordSignIn.statusCode).toBe(401);
  });

  it('refuses a state that was used already', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    await exchangeForSession(callback);
    expectExpiredLink(await exchange(callback));
  });

  it('refuses a wrong or missing state, and the right state still works afterwards', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    expectExpiredLink(await exchange({ ...callback, state: `${callback.state}x` }));
    expectExpiredLink(await exchange({ ...callback, state: undefined }));
    await exchangeForSession(callback);
  });

  it('refuses a callback finished in another browser than the one that started the sign-in', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    expectExpiredLink(await exchange({ ...callback, cookie: undefined }));
    expectExpiredLink(await exchange({ ...callback, cookie: `medhire_oidc_browser=${'A'.repeat(43)}` }));
    await exchangeForSession(callback);
  });

  it('refuses a sign-in that was not finished within ten minutes', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    await app.db
      .update(oidcLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(oidcLogins.consumedAt));
    expectExpiredLink(await exchange(callback));
  });

  it('refuses a code that the provider did not issue for this sign-in', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    expectExpiredLink(await exchange({ ...callback, code: 'not-a-code-the-provider-issued' }));
  });

  it('sends the PKCE verifier of this sign-in: another verifier gets no tokens', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    await app.db
      .update(oidcLogins)
      .set({ codeVerifier: 'a'.repeat(43) })
      .where(isNull(oidcLogins.consumedAt));
    expectExpiredLink(await exchange(callback));
  });

  it("refuses an ID token whose nonce is not this sign-in's", async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    await app.db.update(oidcLogins).set({ nonce: 'another-nonce' }).where(isNull(oidcLogins.consumedAt));
    const response = await exchange(callback);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      error: {
        code: 'UNAUTHENTICATED',
        message: 'We could not confirm your sign-in with Doximity. Please try again.',
      },
    });
  });

  it('refuses blocked and rejected accounts like password sign-in does, without a session', async () => {
    const blocked = await createEmployer(app, { accountStatus: 'block' });
    const blockedResponse = await exchange(await signInAtProvider(providerPerson(blocked.email).subject));
    expect(blockedResponse.statusCode).toBe(403);
    expect(blockedResponse.json().error.details).toEqual({ reason: 'ACCOUNT_BLOCKED' });

    const person = providerPerson();
    const session = await exchangeForSession(await signInAtProvider(person.subject));
    await setAccountStatus(app, session.user._id, 'rejected');
    const rejectedResponse = await exchange(await signInAtProvider(person.subject));
    expect(rejectedResponse.statusCode).toBe(403);
    expect(rejectedResponse.json().error.details).toEqual({ reason: 'ACCOUNT_REJECTED' });
    expect(rejectedResponse.json().data).toBeUndefined();
  });

  it('refuses an e-mail the provider says is not verified, and creates no account', async () => {
    const person = providerPerson(uniqueEmail('unverified'), false);
    const response = await exchange(await signInAtProvider(person.subject));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toEqual({ reason: 'OIDC_EMAIL_NOT_VERIFIED' });
    expect(await app.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(0);
  });

  it('accepts an e-mail without a verification claim', async () => {
    const person = providerPerson(uniqueEmail('unflagged'), undefined);
    const session = await exchangeForSession(await signInAtProvider(person.subject));
    expect(session.user.email).toBe(person.email);
  });
});

describe('when professional-network sign-in is not configured', () => {
  let plainApp: FastifyInstance;
  beforeAll(async () => {
    plainApp = await buildTestApp({ publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await plainApp?.close();
  });

  it('says it is not offered, and its calls answer 404', async () => {
    const config = await plainApp.inject({ method: 'GET', url: '/api/employer/auth/oidc/config' });
    expect(config.json()).toEqual({
      success: true,
      data: { enabled: false, authorizeUrl: null, providerName: 'Doximity' },
    });

    const authorize = await plainApp.inject({
      method: 'GET',
      url: '/api/employer/auth/oidc/authorize',
      remoteAddress: uniqueIp(),
    });
    expect(authorize.statusCode).toBe(404);
    expect(authorize.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect(authorize.headers.location).toBeUndefined();

    const exchanged = await plainApp.inject({
      method: 'GET',
      url: '/api/employee/auth/v1/exchange-code-with-token/some-code?state=some-state',
      remoteAddress: uniqueIp(),
    });
    expect(exchanged.statusCode).toBe(404);
    expect(exchanged.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('when the provider cannot be reached', () => {
  let unreachableApp: FastifyInstance;
  beforeAll(async () => {
    const closed = await startTestOpenIdProvider(REDIRECT_URI);
    await closed.close();
    unreachableApp = await buildTestApp({
      publicUrl: PUBLIC_URL,
      oidc: { issuer: closed.issuer, clientId: closed.clientId, clientSecret: closed.clientSecret },
    });
  });
  afterAll(async () => {
    await unreachableApp?.close();
  });

  it('sends the browser back to the callback page with an explanation instead of a JSON failure', async () => {
    const response = await unreachableApp.inject({
      method: 'GET',
      url: '/api/employer/auth/oidc/authorize',
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(location.searchParams.get('error_description')).toMatch(/^Sign-in with Doximity is not available/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers the exchange call with 503 and the same explanation', async () => {
    const response = await unreachableApp.inject({
      method: 'GET',
      url: '/api/employee/auth/v1/exchange-code-with-token/some-code?state=some-state',
      headers: { cookie: `medhire_oidc_browser=${'B'.repeat(43)}` },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      success: false,
      error: {
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/^Sign-in with Doximity is not available/),
      },
    });
  });
});
