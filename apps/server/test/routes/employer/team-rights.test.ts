import type { TMemberRole } from '@medhire/contract/team-roles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, MEMBER_ROLES } from '../../../src/domain/team/rights.ts';
import { ROUTE_RIGHTS } from '../../../src/domain/team/route-rights.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { uniqueIp } from './auth-kit.ts';
import { addMember, freshToken, teamOwner } from './team-kit.ts';

/**
 * The rights table, route by route and role by role, generated from ROUTE_RIGHTS and RIGHTS
 * (not written by hand per route): every signed-in route answers each role as the table says.
 */
let app: FastifyInstance;
let organizationId: string;
const memberIds = new Map<TMemberRole | 'unaccepted-delegate', string>();

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await teamOwner(app);
  organizationId = owner.organizationId;
  memberIds.set('owner', owner.id);
  for (const role of ['admin', 'recruiter', 'delegate'] as const) {
    memberIds.set(role, (await addMember(app, owner.organizationId, role)).id);
  }
  memberIds.set(
    'unaccepted-delegate',
    (await addMember(app, owner.organizationId, 'delegate', { hasAcceptedAgreement: false })).id,
  );
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const signedInRoutes = Object.entries(ROUTE_RIGHTS).flatMap(([key, rule]) => {
  if (rule.kind === 'public') return [];
  const [method, url] = key.split(' ') as [Method, string];
  return [{ key, method, url, rule }];
});

/** The route's url with its parameters filled: the caller's own id where the path names a user. */
function urlFor(url: string, userId: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'id' || name === 'userId' ? userId : UNKNOWN_ID,
  );
}

/**
 * Routes whose success changes the caller for good (deleting the account, accepting the delegate
 * agreement): called by a member made for the call.
 */
const IRREVERSIBLE = new Set([
  'PATCH /api/employer/auth/v1/archive-profile/:id',
  'POST /api/employer/team/accept-delegate-agreement',
]);

async function callerFor(key: string, role: TMemberRole | 'unaccepted-delegate'): Promise<string> {
  if (!IRREVERSIBLE.has(key)) return memberIds.get(role) ?? '';
  const memberRole = role === 'unaccepted-delegate' ? 'delegate' : role;
  if (memberRole === 'owner') return (await teamOwner(app)).id;
  const member = await addMember(app, organizationId, memberRole, {
    hasAcceptedAgreement: role !== 'unaccepted-delegate',
  });
  return member.id;
}

async function callAs(userId: string, method: Method, url: string) {
  // A session per call: some routes (sign-out, password change) end the session they are called with.
  const token = await freshToken(app, userId);
  return app.inject({
    method,
    url: urlFor(url, userId),
    headers: { authorization: token },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    remoteAddress: uniqueIp(),
  });
}

describe('ROUTE_RIGHTS', () => {
  it('names only routes the server has', () => {
    for (const key of Object.keys(ROUTE_RIGHTS)) {
      const [method, url] = key.split(' ') as [Method, string];
      expect(app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('covers every employer and uploader route: a route missing from the map stops the app from starting', async () => {
    const { default: fastify } = await import('fastify');
    const { default: fp } = await import('fastify-plugin');
    const { default: authPlugin } = await import('../../../src/plugins/auth.ts');
    const bare = fastify();
    bare.decorate('db', app.db);
    bare.decorate('database', app.database);
    bare.decorate('redis', null);
    bare.decorate('mailer', app.mailer);
    bare.decorate('config', app.config);
    await bare.register(fp(async () => {}, { name: 'config' }));
    await bare.register(fp(async () => {}, { name: 'db' }));
    await bare.register(fp(async () => {}, { name: 'redis' }));
    await bare.register(fp(async () => {}, { name: 'mail' }));
    await bare.register(authPlugin);
    const starting = (async () => {
      await bare.register(
        async (scoped) => {
          scoped.get('/get-forgotten-thing/:id', async () => ({}));
        },
        { prefix: '/api/employer/job' },
      );
      await bare.ready();
    })();
    await expect(starting).rejects.toThrow('GET /api/employer/job/get-forgotten-thing/:id has no entry');
    await bare.close().catch(() => {});
  });
});

describe.each(MEMBER_ROLES)('every signed-in route as %s', (role) => {
  it.each(signedInRoutes)('$key', async ({ key, method, url, rule }) => {
    const userId = await callerFor(key, role);
    const response = await callAs(userId, method, url);
    // A route that answers a file (the hiring report's PDF) has no envelope to read.
    const body = (
      String(response.headers['content-type']).startsWith('application/json') ? response.json() : {}
    ) as { error?: { code?: string } };
    if (rule.kind === 'right' && can(role, rule.right)) {
      expect(body.error?.code, `${role} may ${rule.right}: ${response.body}`).not.toBe('FORBIDDEN_ROLE');
      expect(response.statusCode).not.toBe(401);
    } else {
      expect(response.statusCode, response.body).toBe(403);
      expect(body.error?.code).toBe('FORBIDDEN_ROLE');
    }
  });
});

describe('a delegate who has not accepted the Delegate Access agreement', () => {
  it.each(signedInRoutes)('$key', async ({ key, method, url, rule }) => {
    const userId = await callerFor(key, 'unaccepted-delegate');
    const response = await callAs(userId, method, url);
    const body = response.json() as { error?: { code?: string } };
    if (rule.kind === 'right' && !can('delegate', rule.right)) {
      expect(body.error?.code, response.body).toBe('FORBIDDEN_ROLE');
    } else if (rule.kind === 'right' && rule.isOpenBeforeAgreement) {
      expect(body.error?.code, response.body).not.toBe('DELEGATE_AGREEMENT_REQUIRED');
    } else {
      expect(response.statusCode, response.body).toBe(403);
      expect(body.error?.code).toBe('DELEGATE_AGREEMENT_REQUIRED');
    }
  });
});
