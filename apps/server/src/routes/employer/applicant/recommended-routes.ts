import { ZApplicantList, ZJobIdParams, ZRecommendedQuery } from '@medhire/contract/applicants';
import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRecommendedApplicants } from '../../../domain/matching/list-recommended-applicants.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

/**
 * /api/employer/applicant/get-recommended-applicants/{jobId}: the ranked physicians of a job.
 * Registered by the applicant routes, whose onRequest hook signs the caller in.
 */
const recommendedApplicantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-recommended-applicants/:jobId',
    {
      schema: {
        tags: ['employer applicants'],
        security: [{ sessionToken: [] }],
        summary:
          'The physicians who fit the job best, highest score first, each with its score (0–100) and reasons',
        params: ZJobIdParams,
        querystring: ZRecommendedQuery,
        response: { 200: ok(ZApplicantList), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = requireAccount(request);
      return {
        success: true as const,
        data: await listRecommendedApplicants({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          jobId: request.params.jobId,
          query: request.query,
        }),
      };
    },
  );
};

export default recommendedApplicantRoutes;
