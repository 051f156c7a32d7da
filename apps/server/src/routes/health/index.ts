import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZHealth } from '@medhire/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth } from '../../domain/health/get-health.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: ok(ZHealth), 503: ZFailure },
      },
    },
    async () => ({ success: true as const, data: await getHealth({ database: app.database }) }),
  );
};

export default healthRoutes;
