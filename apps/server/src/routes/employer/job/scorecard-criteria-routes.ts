import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZScorecardCriteria, ZUpdateScorecardCriteriaBody } from '@medhire/contract/interviews';
import { ZJobIdParams } from '@medhire/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getScorecardCriteria, updateScorecardCriteria } from '../../../domain/interviews/scorecards.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer jobs'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

/**
 * /api/employer/job/{get,update}-scorecard-criteria/{jobId}: what the interviewers of a job rate
 * on their scorecards, in order (defaults until the job saves its own). A delegate: their jobs.
 */
const scorecardCriteriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-scorecard-criteria/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "The job's interview scorecard criteria, in order (the defaults until it saves its own)",
        params: ZJobIdParams,
        response: { 200: ok(ZScorecardCriteria), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = requireAccount(request);
      return {
        success: true as const,
        data: await getScorecardCriteria({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          jobId: request.params.jobId,
        }),
      };
    },
  );

  app.patch(
    '/update-scorecard-criteria/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "Save the job's interview scorecard criteria: 1–12 names, in order, each once",
        params: ZJobIdParams,
        body: ZUpdateScorecardCriteriaBody,
        response: { 200: ok(ZScorecardCriteria), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = requireAccount(request);
      return {
        success: true as const,
        message: 'The scorecard criteria are saved.',
        data: await updateScorecardCriteria({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          jobId: request.params.jobId,
          criteria: request.body.criteria,
        }),
      };
    },
  );
};

export default scorecardCriteriaRoutes;
