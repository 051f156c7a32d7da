import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZHealth, ZLiveness } from '@medhire/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth } from '../../domain/health/get-health.ts';

/** Serialised once: the answer never changes, and load balancers ask many times a second. */
const LIVE_BODY = JSON.stringify({ success: true, data: { status: 'ok' } });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/live',
    {
      // Load balancers poll this many times a second: no I/O, no log line.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no I/O)',
        response: { 200: ok(ZLiveness) },
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(LIVE_BODY as never),
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
