import { ZSession } from '@medhire/contract/account';
import { ZPhysicianSession } from '@medhire/contract/physicians';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/db/schema/accounts.ts';
import { oidcIdentities, oidcLogins } from '../../../src/db/schema/oidc.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { EMPLOYER_EMAIL_FOR_PHYSICIAN_MESSAGE } from '../../../src/domain/auth/oidc/link-oidc-account.ts';
import { hashToken } from '../../../src/domain/auth/secret-token.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, setAccountStatus, uniqueEmail, uniqueIp } from '../employer/auth-kit.ts';
import {
  followProviderRedirects,
  type ProviderAccount,
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from '../employer/oidc-provider-kit.ts';
import { callApi, PHYSICIAN_PASSWORD, registerBody, signedInPhysician } from './physician-kit.ts';

/**
 * The physician app's professional-network (Doximity) sign-in: its own start, the shared code
 * exchange answering a physician session, and the wall between employer and physician accounts.
 */

const PUBLIC_URL = 'http://localhost:5180';
const PHYSICIAN_REDIRECT_URI = `${PUBLIC_URL}/physician/oidc-callback`;
const EMPLOYER_REDIRECT_URI = `${PUBLIC_URL}/auth/doximity/success`;
const CONFIG_URL = '/api/employee/auth/v1/oidc/config';
const AUTHORIZE_URL = '/api/employee/auth/v1/oidc/authorize';
const EXPIRED_MESSAGE = 'This sign-in link has expired. Please try again.';

type AccountKind = 'employer' | 'physician';

let provider: TestOpenIdProvider;
let app: FastifyInstance;
let subjects = 0;

beforeAll(async () => {
  provider = await startTestOpenIdProvider([EMPLOYER_REDIRECT_URI, PHYSICIAN_REDIRECT_URI]);
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
function providerPerson(email = uniqueEmail('doctor'), claims: Omit<ProviderAccount, 'email'> = {}) {
  subjects += 1;
  const subject = `dox-physician-${subjects}-${Date.now().toString(36)}`;
  provider.accounts.set(subject, { email, emailVerified: true, ...claims });
  return { subject, email: email.toLowerCase() };
}

interface Callback {
  code: string;
  state: string;
  cookie: string;
}

/** The browser's part: start in one of the apps, sign in at the provider, come back with a code. */
async function signInAtProvider(subject: string, startedIn: AccountKind = 'physician'): Promise<Callback> {
  const started = await app.inject({
    method: 'GET',
    url: startedIn === 'physician' ? AUTHORIZE_URL : '/api/employer/auth/oidc/authorize',
    remoteAddress: uniqueIp(),
  });
  expect(started.statusCode, started.body).toBe(302);
  const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
  provider.signInAs(subject);
  const callback = await followProviderRedirects(
    String(started.headers.location),
    startedIn === 'physician' ? PHYSICIAN_REDIRECT_URI : EMPLOYER_REDIRECT_URI,
  );
  expect(callback.searchParams.get('error'), callback.href).toBeNull();
  return {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    cookie,
  };
}

/** The exchange as an app calls it: the physician app names itself, the employer app does not. */
function exchange(
  callback: { code: string; state?: string; cookie?: string },
  askingApp: AccountKind | 'unnamed' = 'physician',
) {
  const query = new URLSearchParams();
  if (callback.state !== undefined) query.set('state', callback.state);
  if (askingApp !== 'unnamed') query.set('accountKind', askingApp);
  return app.inject({
    method: 'GET',
    url: `/api/employee/auth/v1/exchange-code-with-token/${encodeURIComponent(callback.code)}?${query}`,
    headers: callback.cookie ? { cookie: callback.cookie } : {},
    remoteAddress: uniqueIp(),
  });
}

async function exchangeForPhysicianSession(callback: Callback) {
  const response = await exchange(callback);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return ZPhysicianSession.parse(response.json().data);
}

function expectExpiredLink(response: Awaited<ReturnType<typeof exchange>>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    success: false,
    error: { code: 'BAD_REQUEST', message: EXPIRED_MESSAGE },
  });
}

async function identitiesOf(subject: string) {
  return app.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, subject));
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await app.db.select({ total: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.total ?? 0;
}

async function userRow(userId: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function pendingLoginOf(state: string) {
  const [row] = await app.db
    .select()
    .from(oidcLogins)
    .where(eq(oidcLogins.stateHash, hashToken(state)));
  return row;
}

describe('GET /api/employee/auth/v1/oidc/config', () => {
  it("offers Doximity sign-in to physicians, starting at the physician app's authorize call", async () => {
    const response = await app.inject({ method: 'GET', url: CONFIG_URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        enabled: true,
        authorizeUrl: `${PUBLIC_URL}${AUTHORIZE_URL}`,
        providerName: 'Doximity',
      },
    });
  });
});

describe('GET /api/employee/auth/v1/oidc/authorize', () => {
  it("sends the provider back to the physician app's callback page, with state, nonce and PKCE", async () => {
    const response = await app.inject({ method: 'GET', url: AUTHORIZE_URL, remoteAddress: uniqueIp() });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      scope: 'openid email profile',
      redirect_uri: PHYSICIAN_REDIRECT_URI,
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same browser binding as the employer app's: the exchange call is shared.
    expect(String(response.headers['set-cookie'])).toMatch(
      /^medhire_oidc_browser=[A-Za-z0-9_-]{43}; Path=\/api\/employee\/auth\/v1\/exchange-code-with-token; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('records each pending sign-in with the kind of account its app opens', async () => {
    const physicianStart = await app.inject({ method: 'GET', url: AUTHORIZE_URL, remoteAddress: uniqueIp() });
    const employerStart = await app.inject({
      method: 'GET',
      url: '/api/employer/auth/oidc/authorize',
      remoteAddress: uniqueIp(),
    });
    const stateOf = (response: typeof physicianStart) =>
      new URL(String(response.headers.location)).searchParams.get('state') ?? '';
    expect((await pendingLoginOf(stateOf(physicianStart)))?.accountKind).toBe('physician');
    expect((await pendingLoginOf(stateOf(employerStart)))?.accountKind).toBe('employer');
    expect(new URL(String(employerStart.headers.location)).searchParams.get('redirect_uri')).toBe(
      EMPLOYER_REDIRECT_URI,
    );
  });
});

describe('GET /api/employee/auth/v1/exchange-code-with-token/{code}?accountKind=physician', () => {
  it('creates a physician account for a new person, e-mail confirmed by the provider, and its token works', async () => {
    const person = providerPerson(uniqueEmail('new-doctor'), { givenName: 'Amara', familyName: 'Nwosu' });
    const session = await exchangeForPhysicianSession(await signInAtProvider(person.subject));

    expect(session.physician).toMatchObject({ email: person.email, firstName: 'Amara', lastName: 'Nwosu' });
    const stored = await userRow(session.physician.userId);
    expect(stored).toMatchObject({ role: 'physician', accountStatus: 'approved', passwordHash: null });
    expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await identitiesOf(person.subject)).toEqual([
      expect.objectContaining({
        userId: session.physician.userId,
        issuer: provider.issuer,
        email: person.email,
      }),
    ]);

    const profile = await callApi(app, 'GET', '/api/employee/profile/get-profile', session.token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data._id).toBe(session.physician._id);
    // A physician's session, not an employer's.
    const employerRoute = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${session.physician.userId}`,
      headers: { authorization: session.token },
    });
    expect(employerRoute.statusCode).toBe(403);
  });

  it('takes the name from the full `name` claim when the provider gives no parts, and leaves it empty without one', async () => {
    const named = providerPerson(uniqueEmail('named'), { name: 'Maria de la Cruz' });
    const namedSession = await exchangeForPhysicianSession(await signInAtProvider(named.subject));
    expect(namedSession.physician).toMatchObject({ firstName: 'Maria de la', lastName: 'Cruz' });

    const nameless = providerPerson(uniqueEmail('nameless'));
    const namelessSession = await exchangeForPhysicianSession(await signInAtProvider(nameless.subject));
    expect(namelessSession.physician).toMatchObject({ email: nameless.email, firstName: '', lastName: '' });
  });

  it('signs the same person in to the same physician account the next time, even after their e-mail changed', async () => {
    const person = providerPerson();
    const first = await exchangeForPhysicianSession(await signInAtProvider(person.subject));
    provider.accounts.set(person.subject, { email: uniqueEmail('renamed'), emailVerified: true });
    const second = await exchangeForPhysicianSession(await signInAtProvider(person.subject));

    expect(second.physician._id).toBe(first.physician._id);
    expect(second.physician.email).toBe(person.email);
    expect(second.token).not.toBe(first.token);
    expect(await identitiesOf(person.subject)).toHaveLength(1);
  });

  it('links an existing physician account with the same e-mail, keeping its profile and password', async () => {
    const physician = await signedInPhysician(app);
    const person = providerPerson(physician.email.toUpperCase(), { givenName: 'Other', familyName: 'Name' });
    const session = await exchangeForPhysicianSession(await signInAtProvider(person.subject));

    expect(session.physician._id).toBe(physician.profile._id);
    expect(session.physician).toMatchObject({
      firstName: physician.profile.firstName,
      lastName: physician.profile.lastName,
      isComplete: true,
    });
    expect(await identitiesOf(person.subject)).toEqual([
      expect.objectContaining({ userId: physician.profile.userId }),
    ]);
    const passwordSignIn = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: physician.email,
      password: physician.password,
    });
    expect(passwordSignIn.statusCode, passwordSignIn.body).toBe(200);
  });

  it('finishes an unconfirmed sign-up with the same e-mail, and drops the password nobody confirmed', async () => {
    const body = registerBody();
    const registered = await callApi(app, 'POST', '/api/employee/auth/register', undefined, body);
    expect(registered.statusCode, registered.body).toBe(200);
    const person = providerPerson(body.email);
    const session = await exchangeForPhysicianSession(await signInAtProvider(person.subject));

    expect(session.physician).toMatchObject({ email: person.email, firstName: 'Maya', lastName: 'Okafor' });
    const stored = await userRow(session.physician.userId);
    expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(stored?.passwordHash).toBeNull();
    const passwordSignIn = await callApi(app, 'POST', '/api/employee/auth/login', undefined, {
      email: body.email,
      password: PHYSICIAN_PASSWORD,
    });
    expect(passwordSignIn.statusCode).toBe(401);
  });

  it("refuses a person whose e-mail is an employer account's, and touches no account", async () => {
    const employer = await createEmployer(app, { hasEstablishedProfile: true });
    const before = await userRow(employer.id);
    const person = providerPerson(employer.email);
    const response = await exchange(await signInAtProvider(person.subject));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: {
        code: 'FORBIDDEN',
        message: EMPLOYER_EMAIL_FOR_PHYSICIAN_MESSAGE,
        details: { reason: 'EMPLOYER_ACCOUNT' },
      },
    });
    expect(await userRow(employer.id)).toEqual(before);
    expect(await identitiesOf(person.subject)).toEqual([]);
    expect(await sessionCount(employer.id)).toBe(0);
    const [physicianRows] = await app.db
      .select({ total: count() })
      .from(physicians)
      .where(eq(physicians.userId, employer.id));
    expect(physicianRows?.total).toBe(0);
  });

  it('refuses a blocked physician account like password sign-in does, without a session', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    await setAccountStatus(app, physician.profile.userId, 'block');
    const sessionsBefore = await sessionCount(physician.profile.userId);
    const response = await exchange(await signInAtProvider(providerPerson(physician.email).subject));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toEqual({ reason: 'ACCOUNT_BLOCKED' });
    expect(await sessionCount(physician.profile.userId)).toBe(sessionsBefore);
  });

  it('refuses an e-mail the provider says is not verified, and creates no account', async () => {
    const person = providerPerson(uniqueEmail('unverified'), { emailVerified: false });
    const response = await exchange(await signInAtProvider(person.subject));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toEqual({ reason: 'OIDC_EMAIL_NOT_VERIFIED' });
    expect(await app.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(0);
  });

  it('answers 400 when the asking app is neither of the two', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/employee/auth/v1/exchange-code-with-token/some-code?state=some-state&accountKind=nurse',
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('state, browser and expiry, as in the employer app', () => {
  it('refuses a state that was used already', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    await exchangeForPhysicianSession(callback);
    expectExpiredLink(await exchange(callback));
  });

  it('refuses a wrong or missing state, and the right state still works afterwards', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    expectExpiredLink(await exchange({ ...callback, state: `${callback.state}x` }));
    expectExpiredLink(await exchange({ ...callback, state: undefined }));
    await exchangeForPhysicianSession(callback);
  });

  it('refuses a callback finished in another browser than the one that started the sign-in', async () => {
    const callback = await signInAtProvider(providerPerson().subject);
    expectExpiredLink(await exchange({ ...callback, cookie: undefined }));
    expectExpiredLink(await exchange({ ...callback, cookie: `medhire_oidc_browser=${'A'.repeat(43)}` }));
    await exchangeForPhysicianSession(callback);
  });

  it('refuses a sign-in that was not finished within ten minutes, and creates no account', async () => {
    const person = providerPerson();
    const callback = await signInAtProvider(person.subject);
    await app.db
      .update(oidcLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcLogins.stateHash, hashToken(callback.state)));
    expectExpiredLink(await exchange(callback));
    expect(await app.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(0);
  });
});

describe('the wall between the two apps', () => {
  it("does not let the employer app finish a physician's sign-in, which the physician app still can", async () => {
    const person = providerPerson();
    const callback = await signInAtProvider(person.subject, 'physician');
    expectExpiredLink(await exchange(callback, 'unnamed'));
    expectExpiredLink(await exchange(callback, 'employer'));
    expect((await pendingLoginOf(callback.state))?.consumedAt).toBeNull();
    expect(await app.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(0);

    await exchangeForPhysicianSession(callback);
  });

  it("does not let the physician app finish an employer's sign-in, which the employer app still can", async () => {
    const callback = await signInAtProvider(providerPerson().subject, 'employer');
    expectExpiredLink(await exchange(callback, 'physician'));

    const response = await exchange(callback, 'unnamed');
    expect(response.statusCode, response.body).toBe(200);
    const session = ZSession.parse(response.json().data);
    expect(session.user.accountStatus).toBe('pending');
  });

  it("refuses an employer-app sign-in to a physician account's e-mail, and links nothing", async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const before = await userRow(physician.profile.userId);
    const sessionsBefore = await sessionCount(physician.profile.userId);
    const person = providerPerson(physician.email);
    const response = await exchange(await signInAtProvider(person.subject, 'employer'), 'unnamed');

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      error: {
        code: 'FORBIDDEN',
        message: 'This is a physician account. Sign in with an employer account.',
        details: { reason: 'PHYSICIAN_ACCOUNT' },
      },
    });
    expect(await identitiesOf(person.subject)).toEqual([]);
    expect(await userRow(physician.profile.userId)).toEqual(before);
    expect(await sessionCount(physician.profile.userId)).toBe(sessionsBefore);
  });

  it('refuses the employer app to a person whose Doximity account is linked to a physician account', async () => {
    const person = providerPerson();
    const physicianSession = await exchangeForPhysicianSession(await signInAtProvider(person.subject));
    const sessionsBefore = await sessionCount(physicianSession.physician.userId);

    const response = await exchange(await signInAtProvider(person.subject, 'employer'), 'unnamed');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toEqual({ reason: 'PHYSICIAN_ACCOUNT' });
    expect(await sessionCount(physicianSession.physician.userId)).toBe(sessionsBefore);
  });

  it('refuses the physician app to a person whose Doximity account is linked to an employer account', async () => {
    const person = providerPerson();
    const employerResponse = await exchange(await signInAtProvider(person.subject, 'employer'), 'unnamed');
    expect(employerResponse.statusCode, employerResponse.body).toBe(200);
    const employerSession = ZSession.parse(employerResponse.json().data);
    const sessionsBefore = await sessionCount(employerSession.user._id);

    const response = await exchange(await signInAtProvider(person.subject, 'physician'));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.details).toEqual({ reason: 'EMPLOYER_ACCOUNT' });
    expect(await sessionCount(employerSession.user._id)).toBe(sessionsBefore);
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

  it('tells the physician app it is not offered, and its calls answer 404', async () => {
    const config = await plainApp.inject({ method: 'GET', url: CONFIG_URL });
    expect(config.json()).toEqual({
      success: true,
      data: { enabled: false, authorizeUrl: null, providerName: 'Doximity' },
    });

    const authorize = await plainApp.inject({ method: 'GET', url: AUTHORIZE_URL, remoteAddress: uniqueIp() });
    expect(authorize.statusCode).toBe(404);
    expect(authorize.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect(authorize.headers.location).toBeUndefined();
    expect(authorize.headers['set-cookie']).toBeUndefined();

    const exchanged = await plainApp.inject({
      method: 'GET',
      url: '/api/employee/auth/v1/exchange-code-with-token/some-code?state=some-state&accountKind=physician',
      remoteAddress: uniqueIp(),
    });
    expect(exchanged.statusCode).toBe(404);
    expect(exchanged.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('when the provider cannot be reached', () => {
  let unreachableApp: FastifyInstance;
  beforeAll(async () => {
    const closed = await startTestOpenIdProvider(PHYSICIAN_REDIRECT_URI);
    await closed.close();
    unreachableApp = await buildTestApp({
      publicUrl: PUBLIC_URL,
      oidc: { issuer: closed.issuer, clientId: closed.clientId, clientSecret: closed.clientSecret },
    });
  });
  afterAll(async () => {
    await unreachableApp?.close();
  });

  it("sends the browser back to the physician app's callback page with an explanation", async () => {
    const response = await unreachableApp.inject({
      method: 'GET',
      url: AUTHORIZE_URL,
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(PHYSICIAN_REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(location.searchParams.get('error_description')).toMatch(/^Sign-in with Doximity is not available/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
