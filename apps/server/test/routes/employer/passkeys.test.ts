import { ZSession } from '@medhire/contract/account';
import { ZPasskeyList } from '@medhire/contract/passkeys';
import { ZPhysicianSession } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/accounts.ts';
import { passkeys, webauthnChallenges } from '../../../src/db/schema/security.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { hashToken } from '../../../src/domain/auth/secret-token.ts';
import { buildTestApp } from '../../helper.ts';
import { waitForSubject } from '../../mail-kit.ts';
import { PHYSICIAN_PASSWORD, signedInPhysician } from '../employee/physician-kit.ts';
import { PASSWORD, signedInEmployer, uniqueIp } from './auth-kit.ts';
import { enrolTotp, get, passwordStep, post, totpCode } from './second-factor-kit.ts';
import {
  authenticationOptions,
  type CreationOptions,
  FakeAuthenticator,
  registerPasskey,
} from './webauthn-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const BASE = '/api/employer/auth';
const PHYSICIAN_BASE = '/api/employee/auth';

function call(method: 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: token },
    remoteAddress: uniqueIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function passkeysOf(token: string, base: typeof BASE | typeof PHYSICIAN_BASE = BASE) {
  const response = await get(app, `${base}/passkeys`, token);
  expect(response.statusCode, response.body).toBe(200);
  return ZPasskeyList.parse(response.json().data).passkeys;
}

async function staleSession(token: string) {
  await app.db
    .update(sessions)
    .set({ secondFactorAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

describe('registering passkeys', () => {
  it('registers several named passkeys, lists them, logs and mails the change', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    expect(await passkeysOf(employer.token)).toEqual([]);

    const started = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    expect(started.statusCode, started.body).toBe(200);
    const options = started.json().data.options as CreationOptions & Record<string, unknown>;
    expect(options.rp.id).toBe(new URL(app.config.publicUrl).hostname);
    expect(options.user.name).toBe(employer.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    const first = new FakeAuthenticator(app.config.publicUrl);
    const registered = await post(app, `${BASE}/passkey/register`, employer.token, {
      name: '  Work laptop ',
      credential: first.register(options),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data.passkeys).toHaveLength(1);

    // The registration counts as a fresh second step, so a second passkey may follow at once.
    await registerPasskey(app, BASE, employer.token, 'iPhone');
    const listed = await passkeysOf(employer.token);
    expect(listed.map((passkey) => passkey.name)).toEqual(['Work laptop', 'iPhone']);
    for (const passkey of listed) {
      expect(passkey.lastUsedAt).toBeNull();
      expect(Number.isNaN(Date.parse(passkey.createdAt))).toBe(false);
    }
    // The second options excluded the passkeys already registered.
    const again = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    const excluded = (again.json().data.options.excludeCredentials as { id: string }[]).map((c) => c.id);
    expect(excluded).toContain(first.id);
    expect(excluded).toHaveLength(2);

    await waitForSubject(app, employer.email, 'A new passkey can sign in to your MedHire account');
    const logged = await app.db
      .select({ summary: activityLog.summary })
      .from(activityLog)
      .where(and(eq(activityLog.actorUserId, employer.id), eq(activityLog.type, 'auth.second_factor_added')));
    expect(logged).toHaveLength(2);
  });

  it('refuses a response for another origin, a reused challenge and a passkey registered twice', async () => {
    const employer = await signedInEmployer(app);
    const started = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    const options = started.json().data.options as CreationOptions;
    const authenticator = new FakeAuthenticator(app.config.publicUrl);
    const wrongOrigin = await post(app, `${BASE}/passkey/register`, employer.token, {
      name: 'Phishing',
      credential: authenticator.register(options, { origin: 'https://medhire.example.evil' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().error.details).toEqual({ reason: 'PASSKEY_RESPONSE_INVALID' });
    // The failed answer spent its challenge: the right answer to it is refused too.
    const reused = await post(app, `${BASE}/passkey/register`, employer.token, {
      name: 'Laptop',
      credential: authenticator.register(options),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.details).toEqual({ reason: 'PASSKEY_CHALLENGE_INVALID' });
    expect(await passkeysOf(employer.token)).toEqual([]);

    const fresh = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    const credential = authenticator.register(fresh.json().data.options);
    expect(
      (await post(app, `${BASE}/passkey/register`, employer.token, { name: 'Laptop', credential }))
        .statusCode,
    ).toBe(200);
    const twice = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    const duplicate = await post(app, `${BASE}/passkey/register`, employer.token, {
      name: 'Laptop again',
      credential: authenticator.register(twice.json().data.options),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await passkeysOf(employer.token)).toHaveLength(1);
  });

  it("refuses another account's challenge", async () => {
    const owner = await signedInEmployer(app);
    const other = await signedInEmployer(app);
    const started = await post(app, `${BASE}/passkey/registration-options`, owner.token);
    const credential = new FakeAuthenticator(app.config.publicUrl).register(started.json().data.options);
    const stolen = await post(app, `${BASE}/passkey/register`, other.token, { name: 'Mine', credential });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.details).toEqual({ reason: 'PASSKEY_CHALLENGE_INVALID' });
    expect(await passkeysOf(other.token)).toEqual([]);
  });

  it('validates the body (400) and changes nothing', async () => {
    const employer = await signedInEmployer(app);
    const started = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    const credential = new FakeAuthenticator(app.config.publicUrl).register(started.json().data.options);
    for (const body of [
      { name: '', credential },
      { name: 'x'.repeat(61), credential },
      { name: 'Laptop' },
      { name: 'Laptop', credential: { ...credential, type: 'password' } },
      { name: 'Laptop', credential: { ...credential, response: { clientDataJSON: 'not base64!' } } },
    ]) {
      const response = await post(app, `${BASE}/passkey/register`, employer.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await passkeysOf(employer.token)).toEqual([]);
    // The challenge was not spent by the invalid bodies.
    const registered = await post(app, `${BASE}/passkey/register`, employer.token, {
      name: 'Laptop',
      credential,
    });
    expect(registered.statusCode, registered.body).toBe(200);
  });

  it('needs a session of the right kind', async () => {
    expect((await get(app, `${BASE}/passkeys`, undefined)).statusCode).toBe(401);
    expect((await post(app, `${BASE}/passkey/registration-options`, undefined)).statusCode).toBe(401);
    const physician = await signedInPhysician(app, { isComplete: false });
    expect((await post(app, `${BASE}/passkey/registration-options`, physician.token)).statusCode).toBe(403);
  });
});

describe('renaming and removing passkeys', () => {
  it('renames and removes its own passkeys; removing is mailed and logged', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    await registerPasskey(app, BASE, employer.token, 'Laptop');
    const [passkey] = await passkeysOf(employer.token);
    const renamed = await call('PATCH', `${BASE}/passkey/${passkey?.id}`, employer.token, {
      name: 'Old laptop',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.passkeys[0].name).toBe('Old laptop');

    const invalid = await call('PATCH', `${BASE}/passkey/${passkey?.id}`, employer.token, { name: '   ' });
    expect(invalid.statusCode).toBe(400);
    const badId = await call('PATCH', `${BASE}/passkey/not-a-uuid`, employer.token, { name: 'Laptop' });
    expect(badId.statusCode).toBe(400);
    expect((await passkeysOf(employer.token))[0]?.name).toBe('Old laptop');

    const removed = await call('DELETE', `${BASE}/passkey/${passkey?.id}`, employer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.passkeys).toEqual([]);
    await waitForSubject(app, employer.email, 'A passkey was removed from your MedHire account');
    const logged = await app.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(
        and(eq(activityLog.actorUserId, employer.id), eq(activityLog.type, 'auth.second_factor_removed')),
      );
    expect(logged).toHaveLength(1);
  });

  it("answers 404 for another account's passkey and leaves it alone", async () => {
    const owner = await signedInEmployer(app);
    await registerPasskey(app, BASE, owner.token, 'Owner laptop');
    const [passkey] = await passkeysOf(owner.token);
    const other = await signedInEmployer(app);
    const physician = await signedInPhysician(app, { isComplete: false });

    const rename = await call('PATCH', `${BASE}/passkey/${passkey?.id}`, other.token, { name: 'Mine' });
    expect(rename.statusCode).toBe(404);
    const remove = await call('DELETE', `${BASE}/passkey/${passkey?.id}`, other.token);
    expect(remove.statusCode).toBe(404);
    const fromPhysician = await call('DELETE', `${PHYSICIAN_BASE}/passkey/${passkey?.id}`, physician.token);
    expect(fromPhysician.statusCode).toBe(404);
    expect((await passkeysOf(owner.token)).map((p) => p.name)).toEqual(['Owner laptop']);
  });

  it('asks for a fresh second step before adding or removing a passkey, and a passkey can give it', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token, 'Laptop');
    const [passkey] = await passkeysOf(employer.token);
    await staleSession(employer.token);

    const add = await post(app, `${BASE}/passkey/registration-options`, employer.token);
    expect(add.statusCode).toBe(403);
    expect(add.json().error.code).toBe('SECOND_STEP_REQUIRED');
    expect(add.json().error.details.methods).toEqual(['passkey']);
    const remove = await call('DELETE', `${BASE}/passkey/${passkey?.id}`, employer.token);
    expect(remove.statusCode).toBe(403);
    // The password change, guarded by the same check, is refused too.
    const password = await post(app, `${BASE}/v1/reset-password/${employer.id}`, employer.token, {
      oldPassword: PASSWORD,
      newPassword: 'Another-strong-pass-2027',
    });
    expect(password.json().error.code).toBe('SECOND_STEP_REQUIRED');

    const options = await post(app, `${BASE}/passkey/confirm-options`, employer.token);
    expect(options.statusCode, options.body).toBe(200);
    const confirmed = await post(app, `${BASE}/confirm-second-step`, employer.token, {
      method: 'passkey',
      passkey: authenticator.assert(options.json().data.options),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.currentSession.factors).toEqual(['password', 'passkey']);
    expect((await call('DELETE', `${BASE}/passkey/${passkey?.id}`, employer.token)).statusCode).toBe(200);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session with the passkey alone, and records when it was used', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token, 'Laptop');

    const options = await authenticationOptions(app, BASE);
    expect((options as unknown as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    expect((options as unknown as { userVerification: string }).userVerification).toBe('required');
    const signedIn = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(options),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = ZSession.parse(signedIn.json().data);
    expect(session.user.email).toBe(employer.email);
    const security = await get(app, `${BASE}/security`, session.token);
    expect(security.json().data.currentSession.factors).toEqual(['passkey']);
    expect(security.json().data.currentSession.secondFactorAt).not.toBeNull();
    expect((await passkeysOf(session.token))[0]?.lastUsedAt).not.toBeNull();
  });

  it('refuses a reused challenge', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token);
    const options = await authenticationOptions(app, BASE);
    const first = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(options),
    });
    expect(first.statusCode, first.body).toBe(200);
    // The same challenge with a fresh, rightly signed answer (a higher counter) is still refused.
    const replay = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(options),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.details).toEqual({ reason: 'PASSKEY_CHALLENGE_INVALID' });
  });

  it('refuses an expired challenge', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token);
    const options = await authenticationOptions(app, BASE);
    await app.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    const late = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(options),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.details).toEqual({ reason: 'PASSKEY_CHALLENGE_INVALID' });
  });

  it('refuses a signature counter that does not grow', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token);
    authenticator.counter = 10; // the next assertion reports 11
    const first = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(await authenticationOptions(app, BASE)),
    });
    expect(first.statusCode, first.body).toBe(200);
    for (const counter of [11, 5]) {
      const cloned = await post(app, `${BASE}/passkey/sign-in`, undefined, {
        credential: authenticator.assert(await authenticationOptions(app, BASE), { counter }),
      });
      expect(cloned.statusCode).toBe(400);
      expect(cloned.json().error.details).toEqual({ reason: 'PASSKEY_COUNTER_REPLAYED' });
    }
    const [stored] = await app.db.select().from(passkeys).where(eq(passkeys.userId, employer.id));
    expect(stored?.counter).toBe(11);
    const next = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(await authenticationOptions(app, BASE), { counter: 12 }),
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('refuses an unknown passkey, a bad signature and invalid bodies', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token);
    const stranger = new FakeAuthenticator(app.config.publicUrl);
    const unknown = await post(app, `${BASE}/passkey/sign-in`, undefined, {
      credential: stranger.assert(await authenticationOptions(app, BASE)),
    });
    expect(unknown.statusCode).toBe(401);

    const assertion = authenticator.assert(await authenticationOptions(app, BASE));
    const forged = {
      ...assertion,
      response: { ...assertion.response, signature: stranger.assert({ challenge: 'x' }).response.signature },
    };
    const badSignature = await post(app, `${BASE}/passkey/sign-in`, undefined, { credential: forged });
    expect(badSignature.statusCode).toBe(400);

    for (const body of [{}, { credential: { id: 'abc' } }, { credential: { ...assertion, type: 'x' } }]) {
      const response = await post(app, `${BASE}/passkey/sign-in`, undefined, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const badTicket = await post(app, `${BASE}/passkey/authentication-options`, undefined, {
      ticket: 'short',
    });
    expect(badTicket.statusCode).toBe(400);
  });

  it('keeps each app to its own kind of account', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token);
    const onPhysicianApp = await post(app, `${PHYSICIAN_BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(await authenticationOptions(app, PHYSICIAN_BASE)),
    });
    expect(onPhysicianApp.statusCode).toBe(403);
    expect(onPhysicianApp.json()).not.toHaveProperty('data');
  });

  it('signs a physician in with a passkey on the physician API', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const authenticator = await registerPasskey(app, PHYSICIAN_BASE, physician.token, 'Phone');
    expect((await passkeysOf(physician.token, PHYSICIAN_BASE)).map((p) => p.name)).toEqual(['Phone']);
    const signedIn = await post(app, `${PHYSICIAN_BASE}/passkey/sign-in`, undefined, {
      credential: authenticator.assert(await authenticationOptions(app, PHYSICIAN_BASE)),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(ZPhysicianSession.parse(signedIn.json().data).physician.email).toBe(physician.email);
  });
});

describe('a passkey as the second step after the password', () => {
  it('offers the passkey after the password and opens the session with it', async () => {
    const employer = await signedInEmployer(app);
    const authenticator = await registerPasskey(app, BASE, employer.token);
    const step = await passwordStep(app, BASE, employer.email, PASSWORD);
    expect(step.methods).toEqual(['passkey']);

    const options = await authenticationOptions(app, BASE, step.ticket);
    expect((options.allowCredentials ?? []).map((credential) => credential.id)).toEqual([authenticator.id]);
    const done = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: authenticator.assert(options),
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = ZSession.parse(done.json().data);
    const security = await get(app, `${BASE}/security`, session.token);
    expect(security.json().data.currentSession.factors).toEqual(['password', 'passkey']);
    // The ticket worked once.
    const again = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: authenticator.assert(await authenticationOptions(app, BASE)),
    });
    expect(again.statusCode).toBe(401);
  });

  it('adds the passkey to the methods of an account with the authenticator app too', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const { secret } = await enrolTotp(app, PHYSICIAN_BASE, physician.token);
    const authenticator = await registerPasskey(app, PHYSICIAN_BASE, physician.token);
    const step = await passwordStep(app, PHYSICIAN_BASE, physician.email, PHYSICIAN_PASSWORD);
    expect(step.methods).toEqual(['totp', 'recovery_code', 'passkey']);
    const done = await post(app, `${PHYSICIAN_BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: authenticator.assert(await authenticationOptions(app, PHYSICIAN_BASE, step.ticket)),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(ZPhysicianSession.parse(done.json().data).token).toBeTruthy();
    expect(secret).toBeTruthy();
  });

  it("refuses another account's passkey, or a sign-in challenge, for the second step, and keeps the ticket", async () => {
    const employer = await signedInEmployer(app);
    const own = await registerPasskey(app, BASE, employer.token);
    const other = await signedInEmployer(app);
    const foreign = await registerPasskey(app, BASE, other.token);
    const step = await passwordStep(app, BASE, employer.email, PASSWORD);

    const withForeign = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: foreign.assert(await authenticationOptions(app, BASE, step.ticket)),
    });
    expect(withForeign.statusCode).toBe(401);
    const withSignInChallenge = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: own.assert(await authenticationOptions(app, BASE)),
    });
    expect(withSignInChallenge.statusCode).toBe(400);
    expect(withSignInChallenge.json().error.details).toEqual({ reason: 'PASSKEY_CHALLENGE_INVALID' });
    const invalid = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: { id: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');

    const done = await post(app, `${BASE}/second-step`, undefined, {
      ticket: step.ticket,
      method: 'passkey',
      passkey: own.assert(await authenticationOptions(app, BASE, step.ticket)),
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('answers no options for a ticket of the other app', async () => {
    const employer = await signedInEmployer(app);
    await registerPasskey(app, BASE, employer.token);
    const step = await passwordStep(app, BASE, employer.email, PASSWORD);
    const response = await post(app, `${PHYSICIAN_BASE}/passkey/authentication-options`, undefined, {
      ticket: step.ticket,
    });
    expect(response.statusCode).toBe(401);
    // The TOTP code path is unchanged for an account with the app.
    const withApp = await signedInEmployer(app);
    const { secret } = await enrolTotp(app, BASE, withApp.token);
    const appStep = await passwordStep(app, BASE, withApp.email, PASSWORD);
    expect(appStep.methods).toEqual(['totp', 'recovery_code']);
    const done = await post(app, `${BASE}/second-step`, undefined, {
      ticket: appStep.ticket,
      method: 'totp',
      code: totpCode(secret, 1),
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});
