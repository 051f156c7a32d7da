import { ok, ZPageQuery } from '@medhire/contract/envelope';
import {
  ZApplyBody,
  ZPhysicianApplication,
  ZPhysicianApplicationList,
  ZPhysicianJob,
  ZPhysicianJobIdParams,
  ZPhysicianJobList,
  ZPhysicianJobsQuery,
} from '@medhire/contract/physicians';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applyToJob } from '../../../domain/physicians/apply-to-job.ts';
import { listOwnApplications } from '../../../domain/physicians/list-own-applications.ts';
import { getOpenJob, listOpenJobs } from '../../../domain/physicians/physician-jobs.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee jobs'];

/** /api/employee/job: open jobs of every organisation, applying, and the physician's applications. */
const employeeJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-all-jobs',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Open jobs, newest first; search by title, filter by specialty and state',
        querystring: ZPhysicianJobsQuery,
        response: { 200: ok(ZPhysicianJobList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOpenJobs({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );

  app.get(
    '/get-single-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'One open job (or one the physician applied to)',
        params: ZPhysicianJobIdParams,
        response: { 200: ok(ZPhysicianJob), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getOpenJob({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        jobId: request.params.jobId,
      }),
    }),
  );

  app.post(
    '/apply/:jobId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Apply to an open job (the profile must be complete)',
        params: ZPhysicianJobIdParams,
        // Applying needs no body: the cover letter is optional.
        body: ZApplyBody.nullish(),
        response: { 200: ok(ZPhysicianApplication), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your application is sent.',
      data: await applyToJob({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        jobId: request.params.jobId,
        coverLetter: request.body?.coverLetter,
      }),
    }),
  );

  app.get(
    '/get-applications',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "The physician's applications, newest first",
        querystring: ZPageQuery,
        response: { 200: ok(ZPhysicianApplicationList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOwnApplications({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );
};

export default employeeJobRoutes;
