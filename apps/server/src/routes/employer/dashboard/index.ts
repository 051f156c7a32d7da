import { ZUserIdParams } from '@medhire/contract/applicants';
import { ZDashboardSummary } from '@medhire/contract/dashboard';
import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboardSummary } from '../../../domain/dashboard/get-dashboard-summary.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';

/** /api/employer/dashboard: the figures /home shows. */
const employerDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-summary/:userId',
    {
      schema: {
        tags: ['employer dashboard'],
        security: [{ sessionToken: [] }],
        summary: 'Jobs, applicants, matches, the pipeline funnel, applications per week and recent activity',
        params: ZUserIdParams,
        response: { 200: ok(ZDashboardSummary), 400: ZFailure, 401: ZFailure, 403: ZFailure },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = assertOwnUser(request, request.params.userId);
      return {
        success: true as const,
        data: await getDashboardSummary({ db: app.db, owner: { userId, organizationId, memberRole } }),
      };
    },
  );
};

export default employerDashboardRoutes;
