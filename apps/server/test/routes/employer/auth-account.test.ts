import { PREFERENCE_PROBES } from '@medhire/contract/preference-probes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPushTokens } from '../../../src/domain/auth/push-tokens.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer, signedInEmployer } from './auth-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Method = 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | undefined, payload: Record<string, unknown>) =>
  app.inject({
    method,
    url: `/api/employer/auth${url}`,
    payload,
    headers: token ? { authorization: token } : {},
  });

const [firstProbe, secondProbe] = PREFERENCE_PROBES;

/** A browser PushSubscription's JSON (toJSON()) on Chrome's push service. */
function subscription(name: string, endpoint = `https://fcm.googleapis.com/fcm/send/${name}`): string {
  return JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  });
}

/** What save-fcm-token stores for it: the endpoint and keys only. */
function stored(value: string): string {
  const { endpoint, keys } = JSON.parse(value);
  return JSON.stringify({ endpoint, keys });
}

const CANDIDATE_PREFERENCES = {
  specialty: 'Family Medicine',
  subSpecialty: ['Sports Medicine', 'Geriatric Medicine'],
  homeState: [{ description: 'Texas', coords: { latitude: 31.9686, longitude: -99.9018 } }],
  boardCertStatus: 'Board Certified',
  minExperience: 3,
  yearAvailableToStart: 2027,
};

/** Each call with a valid body, an invalid body and the field the invalid one names. */
const CASES: {
  method: Method;
  path: string;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  field: string;
}[] = [
  {
    method: 'PATCH',
    path: '/v1/update-current-profile-step',
    valid: { currentProfileStep: 2 },
    invalid: { currentProfileStep: 'two' },
    field: 'currentProfileStep',
  },
  {
    method: 'PATCH',
    path: '/v1/update-full-name',
    valid: { fullName: 'Dana Whitfield' },
    invalid: { fullName: ' ' },
    field: 'fullName',
  },
  {
    method: 'PATCH',
    path: '/v1/update-preference-probes',
    valid: { preferenceProbe: [{ probeId: firstProbe.probeId, choice: 'b' }] },
    invalid: { preferenceProbe: [{ probeId: firstProbe.probeId, choice: 'c' }] },
    field: 'preferenceProbe.0.choice',
  },
  {
    method: 'PATCH',
    path: '/v1/update-candidate-preference',
    valid: { candidatePreferences: CANDIDATE_PREFERENCES },
    invalid: { candidatePreferences: { ...CANDIDATE_PREFERENCES, minExperience: -1 } },
    field: 'candidatePreferences.minExperience',
  },
  {
    method: 'PATCH',
    path: '/save-fcm-token',
    valid: { value: subscription('browser-a') },
    invalid: { value: '' },
    field: 'value',
  },
  {
    method: 'DELETE',
    path: '/delete-fcm-token',
    valid: { value: subscription('browser-a') },
    invalid: {},
    field: 'value',
  },
];

describe.each(CASES)('$method /api/employer/auth$path/{id}', ({ method, path, valid, invalid, field }) => {
  it('succeeds for the caller', async () => {
    const employer = await signedInEmployer(app);
    const response = await call(method, `${path}/${employer.id}`, employer.token, valid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().success).toBe(true);
  });

  it('names the invalid field', async () => {
    const employer = await signedInEmployer(app);
    const response = await call(method, `${path}/${employer.id}`, employer.token, invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field }));
  });

  it("refuses another employer's id", async () => {
    const caller = await signedInEmployer(app);
    const other = await createEmployer(app);
    const response = await call(method, `${path}/${other.id}`, caller.token, valid);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You can only access your own account.');
  });

  it('needs a session', async () => {
    const employer = await createEmployer(app);
    const response = await call(method, `${path}/${employer.id}`, undefined, valid);
    expect(response.statusCode).toBe(401);
  });
});

describe('what the account calls store', () => {
  it('keeps the profile step', async () => {
    const employer = await signedInEmployer(app);
    const response = await call('PATCH', `/v1/update-current-profile-step/${employer.id}`, employer.token, {
      currentProfileStep: 3,
    });
    expect(response.json().data).toMatchObject({ _id: employer.id, currentProfileStep: 3 });
  });

  it("sets the person's own name, trimmed, and answers it with the user and the session sync", async () => {
    const employer = await signedInEmployer(app);
    const response = await call('PATCH', `/v1/update-full-name/${employer.id}`, employer.token, {
      fullName: '  Dana Whitfield ',
    });
    expect(response.json().data).toMatchObject({ _id: employer.id, fullName: 'Dana Whitfield' });
    const sync = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${employer.id}`,
      headers: { authorization: employer.token },
    });
    expect(sync.json().data.user.fullName).toBe('Dana Whitfield');
  });

  it('merges probe answers by probe and refuses unknown probes', async () => {
    const employer = await signedInEmployer(app);
    const url = `/v1/update-preference-probes/${employer.id}`;
    await call('PATCH', url, employer.token, {
      preferenceProbe: [
        { probeId: firstProbe.probeId, choice: 'a' },
        { probeId: secondProbe.probeId, choice: 'a' },
      ],
    });
    const response = await call('PATCH', url, employer.token, {
      preferenceProbe: [{ probeId: secondProbe.probeId, choice: 'b' }],
    });
    expect(response.json().data.preferenceProbe).toEqual([
      { probeId: firstProbe.probeId, choice: 'a' },
      { probeId: secondProbe.probeId, choice: 'b' },
    ]);
    const unknown = await call('PATCH', url, employer.token, {
      preferenceProbe: [{ probeId: 'made-up', choice: 'a' }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('stores candidate preferences and answers them with the user', async () => {
    const employer = await signedInEmployer(app);
    const response = await call('PATCH', `/v1/update-candidate-preference/${employer.id}`, employer.token, {
      candidatePreferences: CANDIDATE_PREFERENCES,
    });
    expect(response.json().data.candidatePreferences).toEqual(CANDIDATE_PREFERENCES);
    const sync = await app.inject({
      method: 'GET',
      url: `/api/employer/auth/sync-user-detail/${employer.id}`,
      headers: { authorization: employer.token },
    });
    expect(sync.json().data.user.candidatePreferences).toEqual(CANDIDATE_PREFERENCES);
  });

  it('moves a push subscription to whoever saved it last and deletes only your own', async () => {
    const first = await signedInEmployer(app);
    const second = await signedInEmployer(app);
    const shared = subscription(`shared-${first.id}`);
    await call('PATCH', `/save-fcm-token/${first.id}`, first.token, { value: shared });
    await call('PATCH', `/save-fcm-token/${first.id}`, first.token, { value: shared });
    expect(await listPushTokens(app.db, first.id)).toEqual([stored(shared)]);

    await call('PATCH', `/save-fcm-token/${second.id}`, second.token, { value: shared });
    expect(await listPushTokens(app.db, first.id)).toEqual([]);
    expect(await listPushTokens(app.db, second.id)).toEqual([stored(shared)]);

    await call('DELETE', `/delete-fcm-token/${first.id}`, first.token, { value: shared });
    expect(await listPushTokens(app.db, second.id)).toEqual([stored(shared)]);
    await call('DELETE', `/delete-fcm-token/${second.id}`, second.token, { value: shared });
    expect(await listPushTokens(app.db, second.id)).toEqual([]);
  });

  it('keeps several browsers per user', async () => {
    const employer = await signedInEmployer(app);
    const chrome = subscription(`chrome-${employer.id}`);
    const firefox = subscription(
      `firefox-${employer.id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/firefox-${employer.id}`,
    );
    await call('PATCH', `/save-fcm-token/${employer.id}`, employer.token, { value: chrome });
    await call('PATCH', `/save-fcm-token/${employer.id}`, employer.token, { value: firefox });
    expect((await listPushTokens(app.db, employer.id)).sort()).toEqual(
      [stored(chrome), stored(firefox)].sort(),
    );
  });

  it.each([
    ['an address that is no push service', 'https://169.254.169.254/latest/meta-data'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/fcm/send/abc'],
    ['credentials in the address', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s as a push endpoint (no SSRF) and stores nothing', async (_label, endpoint) => {
    const employer = await signedInEmployer(app);
    const response = await call('PATCH', `/save-fcm-token/${employer.id}`, employer.token, {
      value: subscription('x', endpoint),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field: 'value' }));
    expect(await listPushTokens(app.db, employer.id)).toEqual([]);
  });

  it('refuses a value that is not a PushSubscription', async () => {
    const employer = await signedInEmployer(app);
    const response = await call('PATCH', `/save-fcm-token/${employer.id}`, employer.token, {
      value: 'legacy-token',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/PushSubscription/);
  });
});
