import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZGenerateLocationBody, ZUsPlace } from '@medhire/contract/locations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodePlace } from '../../../domain/reference/geocode-place.ts';

/**
 * /api/employer/auth/v1/generate-location (spec §7): turns a typed place into the
 * {description, coords} the organisation and job locations store. Signed-in employers only.
 */
const employerLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/generate-location',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: 120,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) =>
            `${request.routeOptions.url ?? request.url}|${request.ip}`,
        },
      },
      schema: {
        tags: ['employer auth'],
        security: [{ sessionToken: [] }],
        summary: "Geocode a typed place ('Austin, TX', 'austin texas', '78701')",
        body: ZGenerateLocationBody,
        response: { 200: ok(ZUsPlace), 400: ZFailure, 401: ZFailure, 404: ZFailure, 429: ZFailure },
      },
    },
    async (request) => ({ success: true as const, data: geocodePlace(request.body) }),
  );
};

export default employerLocationRoutes;
