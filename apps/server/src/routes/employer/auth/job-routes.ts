import { ZUserIdParams } from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import { ZCreateJobBody, ZJob } from '@medhire/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createJob } from '../../../domain/jobs/create-job.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';
import { FAILURES, SESSION_SECURITY } from './route-options.ts';

/** Posting a job, at the path the spec gives it (spec §7, `create-job-v1/{id}`). */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/v1/create-job-v1/:id',
    {
      schema: {
        tags: ['employer jobs'],
        security: SESSION_SECURITY,
        summary: "Post a job for the employer's organisation, as a draft or open (the default)",
        params: ZUserIdParams,
        body: ZCreateJobBody,
        response: { 200: ok(ZJob), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: request.body.status === 'draft' ? 'Your job is saved as a draft.' : 'Your job is posted.',
        data: await createJob({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          job: request.body,
        }),
      };
    },
  );
};

export default jobRoutes;
