import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AttemptLimiter,
  createMemoryAttemptLimiter,
  createRedisAttemptLimiter,
} from '../domain/auth/attempt-limiter.ts';
import {
  type AccountIdentity,
  assertOwnUserId,
  authenticatePhysicianSession,
  authenticateSession,
  type PhysicianIdentity,
} from '../domain/auth/authenticate-session.ts';
import type { AuthContext } from '../domain/auth/context.ts';
import { createSessionCache, SESSION_CACHE_CHANNEL } from '../domain/auth/session-cache.ts';
import { assertEnrolmentAllows } from '../domain/auth/two-step-policy.ts';
import { assertRouteRight, ROUTE_RIGHTS, routeKey } from '../domain/team/route-rights.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in employer; sets `request.account`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook of /api/employee routes: a signed-in physician; sets `request.physician`. */
    authenticatePhysician: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Everything account operations in domain/auth need. */
    authContext: AuthContext;
  }
  interface FastifyRequest {
    /** The signed-in caller; set by `app.authenticate`. */
    account: AccountIdentity | null;
    /** The signed-in physician; set by `app.authenticatePhysician`. */
    physician: PhysicianIdentity | null;
  }
}

/** The caller of an authenticated route. Throws 401 when the route forgot `app.authenticate`. */
export function requireAccount(request: FastifyRequest): AccountIdentity {
  if (!request.account) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  return request.account;
}

/** The physician calling a physician route. Throws 401 when the route forgot `app.authenticatePhysician`. */
export function requirePhysician(request: FastifyRequest): PhysicianIdentity {
  if (!request.physician) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  return request.physician;
}

/** Refuses (403) a path `{id}` that is not the caller's own user id. */
export function assertOwnUser(request: FastifyRequest, idFromPath: string): AccountIdentity {
  const account = requireAccount(request);
  assertOwnUserId(account, idFromPath);
  return account;
}

export default fp(
  async (app) => {
    const limiter: AttemptLimiter = app.redis
      ? createRedisAttemptLimiter(app.redis)
      : createMemoryAttemptLimiter();
    app.decorate('authContext', {
      db: app.db,
      mailer: app.mailer,
      limiter,
      secret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
    });
    // Every authenticated route reads its session from this instance's cache first
    // (domain/auth/session-cache.ts); it answers nothing until its LISTEN connection holds.
    const sessionCache = createSessionCache();
    let stopListening = async () => {};
    app.addHook('onReady', async () => {
      stopListening = await app.database.listen(
        SESSION_CACHE_CHANNEL,
        (userId) => sessionCache.forgetUser(userId),
        (listening) => sessionCache.setListening(listening),
      );
    });
    app.decorateRequest('account', null);
    // Every route that needs a signed-in employer goes through here, so the role check of
    // ROUTE_RIGHTS applies to all of them (see domain/team/route-rights.ts).
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const account = await authenticateSession(app.db, request.headers.authorization, sessionCache);
      // Before the role check, so a member held to enrolment hears why, whatever their role.
      assertEnrolmentAllows(account, request.method, request.routeOptions.url);
      assertRouteRight(account, request.method, request.routeOptions.url);
      request.account = account;
    });
    // A route of the employer API (or the uploader) that is not in ROUTE_RIGHTS stops the server
    // from starting, so nobody adds a route without deciding which roles may call it.
    app.addHook('onRoute', (route) => {
      if (!/^\/api\/(employer|uploader)\//.test(route.url)) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || ROUTE_RIGHTS[routeKey(method, route.url)]) continue;
        throw new Error(`${method} ${route.url} has no entry in domain/team/route-rights.ts ROUTE_RIGHTS.`);
      }
    });
    app.decorateRequest('physician', null);
    app.decorate('authenticatePhysician', async (request: FastifyRequest) => {
      request.physician = await authenticatePhysicianSession(
        app.db,
        request.headers.authorization,
        sessionCache,
      );
    });
    app.addHook('onClose', async () => {
      await stopListening();
      sessionCache.dispose();
      await limiter.close();
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'redis', 'mail'] },
);
