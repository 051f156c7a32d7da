import { ok, ZPageQuery } from '@medhire/contract/envelope';
import {
  ZApplicationIdParams,
  ZApplyBody,
  ZPhysicianApplication,
  ZPhysicianApplicationList,
  ZPhysicianJobDetail,
  ZPhysicianJobIdParams,
  ZPhysicianJobList,
  ZPhysicianJobsQuery,
  ZSavedJobState,
} from '@medhire/contract/physicians';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applyToJob } from '../../../domain/physicians/apply-to-job.ts';
import { listOwnApplications } from '../../../domain/physicians/list-own-applications.ts';
import {
  getOpenJob,
  listOpenJobs,
  listSavedJobs,
  saveJob,
  unsaveJob,
} from '../../../domain/physicians/physician-jobs.ts';
import { withdrawApplication } from '../../../domain/physicians/withdraw-application.ts';
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
        summary:
          'Open jobs: search by title, specialty, state, radius around a place, employment type and minimum salary; sort by newest, best match or distance',
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
        summary: "One open job (or one the physician applied to) with the organization's public profile",
        params: ZPhysicianJobIdParams,
        response: { 200: ok(ZPhysicianJobDetail), ...PHYSICIAN_FAILURES },
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

  app.patch(
    '/withdraw-application/:applicationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Withdraw one of your applications; the employer sees it withdrawn',
        params: ZApplicationIdParams,
        response: { 200: ok(ZPhysicianApplication), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your application is withdrawn.',
      data: await withdrawApplication({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        applicationId: request.params.applicationId,
      }),
    }),
  );

  app.post(
    '/save-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Save a job to come back to',
        params: ZPhysicianJobIdParams,
        response: { 200: ok(ZSavedJobState), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The job is saved.',
      data: await saveJob({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        jobId: request.params.jobId,
      }),
    }),
  );

  app.delete(
    '/unsave-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Remove a job from your saved jobs',
        params: ZPhysicianJobIdParams,
        response: { 200: ok(ZSavedJobState), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The job is no longer saved.',
      data: await unsaveJob({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        jobId: request.params.jobId,
      }),
    }),
  );

  app.get(
    '/get-saved-jobs',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Your saved jobs, most recently saved first',
        querystring: ZPageQuery,
        response: { 200: ok(ZPhysicianJobList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSavedJobs({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );
};

export default employeeJobRoutes;
