import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZHealth, ZLiveness } from '@medhire/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth } from '../../domain/health/get-health.ts';

/** Serialised once: the answer never changes, and load balancers ask many times a second. */
const LIVE_BODY = JSON.stringify({ success: true, data: { status: 'ok' } });
/** Never stored by a cache (so no ETag is worked out either: conditional-get.ts skips it). */
const LIVE_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/live',
    {
      // Load balancers poll this many times a second: no I/O, no log line, no ETag.
      logLevel: 'warn',
      config: { conditionalGet: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no I/O)',
        response: { 200: ok(ZLiveness) },
      },
    },
    // Not async: a handler that answers at once needs no promise.
    (_request, reply) => {
      reply.headers(LIVE_HEADERS).send(LIVE_BODY as never);
    },
  );

  app.get(
    '',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database (and Redis when configured) answers',
        response: { 200: ok(ZHealth), 503: ZFailure },
      },
    },
    async () => ({
      success: true as const,
      data: await getHealth({ database: app.database, redis: app.redis }),
    }),
  );
};

export default healthRoutes;
