import {
  ZApplicant,
  ZApplicantIdParams,
  ZApplicantList,
  ZApplicationIdParams,
  ZExploreQuery,
  ZGetAllApplicantsQuery,
  ZSavedApplicantsQuery,
  ZUnsaveApplicantData,
  ZUpdatePipelineStatusBody,
  ZUserIdParams,
} from '@medhire/contract/applicants';
import {
  ZBulkActionBody,
  ZBulkActionResult,
  ZOperationIdParams,
  ZUndoBulkActionResult,
} from '@medhire/contract/bulk-actions';
import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZAssignBody } from '@medhire/contract/team';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runBulkAction } from '../../../domain/applicants/bulk-action.ts';
import { exploreApplicants } from '../../../domain/applicants/explore-applicants.ts';
import { getSingleApplicant } from '../../../domain/applicants/get-single-applicant.ts';
import { listApplicants } from '../../../domain/applicants/list-applicants.ts';
import { listSavedApplicants } from '../../../domain/applicants/list-saved-applicants.ts';
import { saveApplicant, unsaveApplicant } from '../../../domain/applicants/save-applicant.ts';
import { undoBulkAction } from '../../../domain/applicants/undo-bulk-action.ts';
import { updatePipelineStatus } from '../../../domain/applicants/update-pipeline-status.ts';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { assignApplication } from '../../../domain/team/assign.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';
import recommendedApplicantRoutes from './recommended-routes.ts';

const TAGS = ['employer applicants'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

function ownerOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

function ownUserOf(request: FastifyRequest, userId: string): JobOwner {
  const account = assertOwnUser(request, userId);
  return { userId: account.userId, organizationId: account.organizationId, memberRole: account.memberRole };
}

/**
 * /api/employer/applicant: physicians as the employer sees them (spec §3 "Applicant"). Every
 * route is for a signed-in employer; a physician the organisation may not see, or an
 * application of another organisation, answers 404 without saying whether it exists.
 */
const employerApplicantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // The recommended list lives beside the others; it is authenticated by the hook above.
  await app.register(recommendedApplicantRoutes);

  app.get(
    '/get-all-applicants/:userId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "Physicians who applied to the organisation's jobs (or to one job): search by name, filter, sort, page",
        params: ZUserIdParams,
        querystring: ZGetAllApplicantsQuery,
        response: { 200: ok(ZApplicantList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listApplicants({
        db: app.db,
        owner: ownUserOf(request, request.params.userId),
        query: request.query,
      }),
    }),
  );

  app.get(
    '/get-saved-applicants/:userId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The physicians the organisation saved, the most recently saved first',
        params: ZUserIdParams,
        querystring: ZSavedApplicantsQuery,
        response: { 200: ok(ZApplicantList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSavedApplicants({
        db: app.db,
        owner: ownUserOf(request, request.params.userId),
        query: request.query,
      }),
    }),
  );

  app.get(
    '/explore/:userId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Every discoverable physician with a complete profile: search by name, filter, sort, page',
        params: ZUserIdParams,
        querystring: ZExploreQuery,
        response: { 200: ok(ZApplicantList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await exploreApplicants({
        db: app.db,
        owner: ownUserOf(request, request.params.userId),
        query: request.query,
      }),
    }),
  );

  app.get(
    '/get-single-applicant/:applicantId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'One physician: full profile, applications with their pipeline timeline, invites',
        params: ZApplicantIdParams,
        response: { 200: ok(ZApplicant), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getSingleApplicant({
        db: app.db,
        owner: ownerOf(request),
        applicantId: request.params.applicantId,
      }),
    }),
  );

  app.post(
    '/save-applicant/:applicantId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Save a physician to come back to (saving again changes nothing)',
        params: ZApplicantIdParams,
        response: { 200: ok(ZApplicant), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The physician is saved.',
      data: await saveApplicant({
        db: app.db,
        owner: ownerOf(request),
        applicantId: request.params.applicantId,
      }),
    }),
  );

  app.delete(
    '/unsave-applicant/:applicantId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Remove a physician from the saved list (removing one not saved changes nothing)',
        params: ZApplicantIdParams,
        response: { 200: ok(ZUnsaveApplicantData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The physician is removed from your saved list.',
      data: await unsaveApplicant({
        db: app.db,
        owner: ownerOf(request),
        applicantId: request.params.applicantId,
      }),
    }),
  );

  app.patch(
    '/update-pipeline-status/:applicationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Move an application to another pipeline stage; the change is recorded with who and when',
        params: ZApplicationIdParams,
        body: ZUpdatePipelineStatusBody,
        response: { 200: ok(ZApplicant), ...FAILURES, 422: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: `The application is moved to ${request.body.pipelineStatus}.`,
      data: await updatePipelineStatus({
        db: app.db,
        owner: ownerOf(request),
        applicationId: request.params.applicationId,
        pipelineStatus: request.body.pipelineStatus,
      }),
    }),
  );

  app.patch(
    '/assign-applicant/:applicationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Give an application to a team member (assigneeId null: nobody in particular)',
        params: ZApplicationIdParams,
        body: ZAssignBody,
        response: { 200: ok(ZApplicant), ...FAILURES, 422: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.assigneeId ? 'The applicant is assigned.' : 'The applicant is unassigned.',
      data: await assignApplication({
        db: app.db,
        owner: ownerOf(request),
        applicationId: request.params.applicationId,
        assigneeId: request.body.assigneeId,
      }),
    }),
  );

  app.post(
    '/bulk-action',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'One action on up to 500 applications: each the caller may work on is changed, each other is reported with the reason',
        body: ZBulkActionBody,
        response: { 200: ok(ZBulkActionResult), ...FAILURES, 422: ZFailure },
      },
    },
    async (request) => {
      const result = await runBulkAction({
        db: app.db,
        owner: ownerOf(request),
        body: request.body,
        log: request.log,
      });
      return {
        success: true as const,
        message: `${result.applied.length} applied, ${result.refused.length} not applied.`,
        data: result,
      };
    },
  );

  app.post(
    '/undo-bulk-action/:operationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Put back what a bulk action changed: its author only, within 10 seconds of it',
        params: ZOperationIdParams,
        response: { 200: ok(ZUndoBulkActionResult), ...FAILURES, 422: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The bulk action is undone.',
      data: await undoBulkAction({
        db: app.db,
        owner: ownerOf(request),
        operationId: request.params.operationId,
      }),
    }),
  );
};

export default employerApplicantRoutes;
