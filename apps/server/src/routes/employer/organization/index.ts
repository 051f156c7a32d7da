import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZGetOrganizationData } from '@medhire/contract/organization';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getOrganization } from '../../../domain/organizations/get-organization.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';

/** /api/employer/organization: the organisation read under the API's `<area>/<verb-noun>/{id}` naming. */
const employerOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-organization/:userId',
    {
      schema: {
        tags: ['employer organisation'],
        security: [{ sessionToken: [] }],
        summary: "The employer's organisation (null before it is set up)",
        params: z.object({ userId: z.string().min(1).max(100) }),
        response: { 200: ok(ZGetOrganizationData), 400: ZFailure, 401: ZFailure, 403: ZFailure },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.userId);
      return { success: true as const, data: await getOrganization({ db: app.db, userId }) };
    },
  );
};

export default employerOrganizationRoutes;
