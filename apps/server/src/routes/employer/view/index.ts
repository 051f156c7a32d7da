import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  SAVED_VIEW_MESSAGES,
  ZCreateSavedViewBody,
  ZDeleteSavedViewData,
  ZSavedView,
  ZSavedViewIdParams,
  ZSavedViewListData,
  ZUpdateSavedViewBody,
} from '@medhire/contract/saved-views';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { createView } from '../../../domain/saved-views/create-view.ts';
import { deleteView } from '../../../domain/saved-views/delete-view.ts';
import { listViews } from '../../../domain/saved-views/list-views.ts';
import { updateView } from '../../../domain/saved-views/update-view.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer saved views'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

function memberOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/**
 * /api/employer/view: saved views of the applicant list and of a job's board, shared with the
 * organisation (views.manage) or personal. Every member with the applicants right reaches these
 * routes; who may read or change which view is the domain's rule (domain/saved-views/view-access.ts).
 */
const employerViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-all-views',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The views the member may open, shared ones first, each with its current applicant count',
        response: { 200: ok(ZSavedViewListData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listViews({ db: app.db, member: memberOf(request) }),
    }),
  );

  app.post(
    '/create-view',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Save the applicant list’s filters and sort as a view, personal or shared with the organisation (shared: views.manage)',
        body: ZCreateSavedViewBody,
        response: { 200: ok(ZSavedView), ...FAILURES, 409: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: SAVED_VIEW_MESSAGES.created,
      data: await createView({ db: app.db, member: memberOf(request), body: request.body }),
    }),
  );

  app.patch(
    '/update-view/:viewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Rename a view or keep new filters in it',
        params: ZSavedViewIdParams,
        body: ZUpdateSavedViewBody,
        response: { 200: ok(ZSavedView), ...FAILURES, 409: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: SAVED_VIEW_MESSAGES.updated,
      data: await updateView({
        db: app.db,
        member: memberOf(request),
        viewId: request.params.viewId,
        body: request.body,
      }),
    }),
  );

  app.delete(
    '/delete-view/:viewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Delete a view',
        params: ZSavedViewIdParams,
        response: { 200: ok(ZDeleteSavedViewData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: SAVED_VIEW_MESSAGES.deleted,
      data: await deleteView({ db: app.db, member: memberOf(request), viewId: request.params.viewId }),
    }),
  );
};

export default employerViewRoutes;
