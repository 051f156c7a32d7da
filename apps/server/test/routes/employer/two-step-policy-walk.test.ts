import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_DURING_ENROLMENT } from '../../../src/domain/auth/two-step-policy.ts';
import { ROUTE_RIGHTS, routeKey } from '../../../src/domain/team/route-rights.ts';
import { authenticateSocket } from '../../../src/sockets/authenticate-socket.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { signIn, uniqueIp } from './auth-kit.ts';
import { enrolTotp, post, totpCode } from './second-factor-kit.ts';
import { addMember, callTeam, teamOwner } from './team-kit.ts';

/**
 * The organisation requires two-step sign-in and a member without a second factor signs in: every
 * employer route the server has (read from the app itself, not from a list kept by hand) refuses
 * that session with 403 TWO_STEP_ENROLMENT_REQUIRED, except the short allow-list of enrolment.
 */
let app: FastifyInstance;
let memberId: string;
let memberEmail: string;
let enrolmentToken: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * Every employer route of the running app: the rights map names each one (plugins/auth.ts stops
 * the server from starting with an employer route the map lacks), and the app must serve each
 * key of the map (checked below), so walking the map walks the API.
 */
function employerRoutes(): { method: Method; url: string }[] {
  return Object.keys(ROUTE_RIGHTS).map((key) => {
    const [method, url] = key.split(' ') as [Method, string];
    return { method, url };
  });
}

/** Routes that need a session (public ones, sign-in and the like, take none). */
function signedInRoutes() {
  return employerRoutes().filter(({ method, url }) => ROUTE_RIGHTS[routeKey(method, url)]?.kind !== 'public');
}

function call(method: Method, url: string, token: string, id = UNKNOWN_ID) {
  return app.inject({
    method,
    url: url.replace(/:(\w+)/g, () => id),
    headers: { authorization: token },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    remoteAddress: uniqueIp(),
  });
}

function codeOf(response: { headers: Record<string, unknown>; json: () => unknown }): string | undefined {
  if (!String(response.headers['content-type']).startsWith('application/json')) return undefined;
  return (response.json() as { error?: { code?: string } }).error?.code;
}

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await teamOwner(app);
  await enrolTotp(app, '/api/employer/auth', owner.token);
  const required = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, {
    isTwoStepRequired: true,
  });
  expect(required.statusCode, required.body).toBe(200);
  const member = await addMember(app, owner.organizationId, 'admin');
  memberId = member.id;
  memberEmail = member.email;
  const session = await signIn(app, member.email);
  expect(session.enrolmentRequired).toBe(true);
  enrolmentToken = session.token;
});
afterAll(async () => {
  await app.close();
});

describe('a session held to enrolment', () => {
  it('finds the routes of the app (the walk below is not empty)', () => {
    const routes = signedInRoutes();
    expect(routes.length).toBeGreaterThan(100);
    // Every route the rights map names is one the app serves.
    expect(employerRoutes().filter((route) => !app.hasRoute(route))).toEqual([]);
    for (const key of OPEN_DURING_ENROLMENT) {
      const [method, url] = key.split(' ') as [Method, string];
      expect(routes, key).toContainEqual({ method, url });
    }
  });

  it('keeps the allow-list short and explicit: sign-out, session sync, authenticator set-up', () => {
    expect([...OPEN_DURING_ENROLMENT].sort()).toEqual(
      [
        'POST /api/employer/auth/logout',
        'GET /api/employer/auth/sync-user-detail/:id',
        'GET /api/employer/auth/security',
        'POST /api/employer/auth/totp/start-enrolment',
        'POST /api/employer/auth/totp/confirm-enrolment',
      ].sort(),
    );
  });

  it('is refused by every other employer route with 403 TWO_STEP_ENROLMENT_REQUIRED', async () => {
    const refusedWrongly: string[] = [];
    let walked = 0;
    for (const { method, url } of signedInRoutes()) {
      const key = routeKey(method, url);
      if (OPEN_DURING_ENROLMENT.has(key)) continue;
      // The member's own id where a path names one, so no ownership check answers first.
      const response = await call(method, url, enrolmentToken, memberId);
      walked += 1;
      if (response.statusCode !== 403 || codeOf(response) !== 'TWO_STEP_ENROLMENT_REQUIRED') {
        refusedWrongly.push(`${key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(refusedWrongly).toEqual([]);
    expect(walked).toBeGreaterThan(100);
  });

  it('gets no socket', async () => {
    await expect(
      authenticateSocket(app.db, { auth: { token: enrolmentToken }, query: {} }),
    ).rejects.toMatchObject({ data: { code: 'TWO_STEP_ENROLMENT_REQUIRED' } });
  });

  it('may sync the session and read its security, which says enrolment is required', async () => {
    const sync = await call('GET', '/api/employer/auth/sync-user-detail/:id', enrolmentToken, memberId);
    expect(sync.statusCode, sync.body).toBe(200);
    const security = await call('GET', '/api/employer/auth/security', enrolmentToken);
    expect(security.statusCode, security.body).toBe(200);
    expect(security.json().data.currentSession.enrolmentRequired).toBe(true);
  });

  it('may sign out', async () => {
    const other = await signIn(app, memberEmail);
    expect(other.enrolmentRequired).toBe(true);
    const response = await call('POST', '/api/employer/auth/logout', other.token);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('once the member enrols', () => {
  it('the same session passes every route the enrolment held back', async () => {
    const started = await post(app, '/api/employer/auth/totp/start-enrolment', enrolmentToken);
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json().data as { secret: string };
    const confirmed = await post(app, '/api/employer/auth/totp/confirm-enrolment', enrolmentToken, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.security.currentSession.enrolmentRequired).toBe(false);

    const team = await callTeam(app, 'GET', '/get-team', enrolmentToken);
    expect(team.statusCode, team.body).toBe(200);
    const stillRefused: string[] = [];
    // Sign-out and ending other devices would end the walk's own session: they are called last above.
    const ending = new Set([
      'POST /api/employer/auth/logout',
      'POST /api/employer/auth/revoke-other-devices',
    ]);
    for (const { method, url } of signedInRoutes()) {
      const key = routeKey(method, url);
      if (ending.has(key)) continue;
      const response = await call(method, url, enrolmentToken);
      if (codeOf(response) === 'TWO_STEP_ENROLMENT_REQUIRED' || response.statusCode === 401) {
        stillRefused.push(`${key} → ${response.statusCode}`);
      }
    }
    expect(stillRefused).toEqual([]);
  });

  it('a later sign-in takes the second step and is not held to enrolment', async () => {
    const response = await post(app, '/api/employer/auth/login', undefined, {
      email: memberEmail,
      password: 'Sunrise-clinic-2026',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toHaveProperty('secondStep');
  });
});
