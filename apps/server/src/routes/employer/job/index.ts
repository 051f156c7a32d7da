import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  ZDeleteJobData,
  ZGetAllJobsQuery,
  ZJob,
  ZJobIdParams,
  ZJobList,
  ZJobsUserIdParams,
  ZUpdateJobBody,
  ZUpdateJobStatusBody,
} from '@medhire/contract/jobs';
import { ZAssignBody } from '@medhire/contract/team';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteJob } from '../../../domain/jobs/delete-job.ts';
import { duplicateJob } from '../../../domain/jobs/duplicate-job.ts';
import { getJob } from '../../../domain/jobs/get-job.ts';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { listJobs } from '../../../domain/jobs/list-jobs.ts';
import { updateJob } from '../../../domain/jobs/update-job.ts';
import { updateJobStatus } from '../../../domain/jobs/update-job-status.ts';
import { assignJob } from '../../../domain/team/assign.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer jobs'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

function ownerOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/**
 * /api/employer/job: the organisation's job postings. Only the owning organisation reads or
 * changes a job; any other job answers 404 without saying whether it exists.
 */
const employerJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-all-jobs/:userId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "The organisation's jobs, newest first; search by title, filter by status and specialty",
        params: ZJobsUserIdParams,
        querystring: ZGetAllJobsQuery,
        response: { 200: ok(ZJobList), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = assertOwnUser(request, request.params.userId);
      return {
        success: true as const,
        data: await listJobs({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          query: request.query,
          cache: app.jobListCache,
        }),
      };
    },
  );

  app.get(
    '/get-single-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'One job with its applicant and match counts',
        params: ZJobIdParams,
        response: { 200: ok(ZJob), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getJob({ db: app.db, owner: ownerOf(request), jobId: request.params.jobId }),
    }),
  );

  app.patch(
    '/update-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Replace every editable field of a job (its status stays)',
        params: ZJobIdParams,
        body: ZUpdateJobBody,
        response: { 200: ok(ZJob), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your job is saved.',
      data: await updateJob({
        db: app.db,
        owner: ownerOf(request),
        jobId: request.params.jobId,
        job: request.body,
      }),
    }),
  );

  app.delete(
    '/delete-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Delete a job; a job with applicants or matches is closed and kept instead',
        params: ZJobIdParams,
        response: { 200: ok(ZDeleteJobData), ...FAILURES },
      },
    },
    async (request) => {
      const result = await deleteJob({ db: app.db, owner: ownerOf(request), jobId: request.params.jobId });
      return {
        success: true as const,
        message: result.deleted
          ? 'The job is deleted.'
          : 'The job has applicants, so it is closed and kept instead of deleted.',
        data: result,
      };
    },
  );

  app.post(
    '/duplicate-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Copy a job as a draft titled "… (copy)"',
        params: ZJobIdParams,
        response: { 200: ok(ZJob), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'A draft copy of the job is saved.',
      data: await duplicateJob({ db: app.db, owner: ownerOf(request), jobId: request.params.jobId }),
    }),
  );

  app.patch(
    '/update-job-status/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Open, close or return a job to draft',
        params: ZJobIdParams,
        body: ZUpdateJobStatusBody,
        response: { 200: ok(ZJob), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateJobStatus({
        db: app.db,
        owner: ownerOf(request),
        jobId: request.params.jobId,
        status: request.body.status,
      }),
    }),
  );

  app.patch(
    '/assign-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Give a job to a team member, its owner (a delegate given a job works on it)',
        params: ZJobIdParams,
        body: ZAssignBody,
        response: { 200: ok(ZJob), ...FAILURES, 422: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.assigneeId ? 'The job is assigned.' : 'The job is unassigned.',
      data: await assignJob({
        db: app.db,
        owner: ownerOf(request),
        jobId: request.params.jobId,
        assigneeId: request.body.assigneeId,
      }),
    }),
  );
};

export default employerJobRoutes;
