import { ZJobIdParams, ZUserIdParams } from '@medhire/contract/applicants';
import {
  ZBulkInviteBody,
  ZBulkInviteResult,
  ZOperationIdParams,
  ZUndoBulkInviteResult,
} from '@medhire/contract/bulk-actions';
import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  ZCreateMatchBody,
  ZGetMatchesQuery,
  ZMatch,
  ZMatchIdParams,
  ZMatchList,
  ZMatchUpdate,
  ZUpdateMatchStatusBody,
} from '@medhire/contract/matches';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { bulkInvite } from '../../../domain/matches/bulk-invite.ts';
import { createMatch } from '../../../domain/matches/create-match.ts';
import { listMatches } from '../../../domain/matches/list-matches.ts';
import { undoBulkInvite } from '../../../domain/matches/undo-bulk-invite.ts';
import { updateMatchStatus } from '../../../domain/matches/update-match-status.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer matches'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  422: ZFailure,
} as const;

function ownerOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/**
 * /api/employer/match: invites of physicians to the organisation's jobs (spec §3 "Match",
 * §4 match request status, §7 update-match-status).
 */
const employerMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/create-match',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Invite a physician to one of the organisation’s open jobs (a pending match)',
        body: ZCreateMatchBody,
        response: { 200: ok(ZMatch), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your invite is sent.',
      data: await createMatch({
        db: app.db,
        owner: ownerOf(request),
        jobId: request.body.jobId,
        applicantId: request.body.applicantId,
        message: request.body.message,
        origin: request.body.origin,
      }),
    }),
  );

  app.post(
    '/bulk-invite',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Invite up to 500 physicians to one open job: each is invited as create-match would, each other is reported with the reason',
        body: ZBulkInviteBody,
        response: { 200: ok(ZBulkInviteResult), ...FAILURES },
      },
    },
    async (request) => {
      const result = await bulkInvite({ db: app.db, owner: ownerOf(request), body: request.body });
      return {
        success: true as const,
        message: `${result.applied.length} invited, ${result.refused.length} not invited.`,
        data: result,
      };
    },
  );

  app.post(
    '/undo-bulk-invite/:operationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Withdraw the invites of a bulk invite still pending: its author only, within 10 seconds of it',
        params: ZOperationIdParams,
        response: { 200: ok(ZUndoBulkInviteResult), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The bulk invite is undone.',
      data: await undoBulkInvite({
        db: app.db,
        owner: ownerOf(request),
        operationId: request.params.operationId,
      }),
    }),
  );

  app.get(
    '/get-all-matches/:userId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Every match of the organisation (allMatches), newest first; filter by status and job',
        params: ZUserIdParams,
        querystring: ZGetMatchesQuery,
        response: { 200: ok(ZMatchList), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = assertOwnUser(request, request.params.userId);
      return {
        success: true as const,
        data: await listMatches({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          query: request.query,
        }),
      };
    },
  );

  app.get(
    '/get-matches-by-job/:jobId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The matches of one job (matchesByJob), newest first; filter by status',
        params: ZJobIdParams,
        querystring: ZGetMatchesQuery,
        response: { 200: ok(ZMatchList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listMatches({
        db: app.db,
        owner: ownerOf(request),
        query: request.query,
        jobId: request.params.jobId,
      }),
    }),
  );

  app.patch(
    '/update-match-status/:matchId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Cancel a pending invite; accepting and declining are the physician’s',
        params: ZMatchIdParams,
        body: ZUpdateMatchStatusBody,
        response: { 200: ok(ZMatchUpdate), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The invite is canceled.',
      data: await updateMatchStatus({
        db: app.db,
        owner: ownerOf(request),
        matchId: request.params.matchId,
        status: request.body.status,
      }),
    }),
  );
};

export default employerMatchRoutes;
