import { ZActivityFiltersData, ZActivityLogData, ZGetActivityLogQuery } from '@medhire/contract/activity';
import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getActivityFilters } from '../../../domain/activity/get-activity-filters.ts';
import { getActivityLog } from '../../../domain/activity/get-activity-log.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer activity'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure } as const;

/**
 * /api/employer/activity: the organisation's activity log (right `activity.read`: owner and
 * admins). The domain checks the caller's role itself; only their organisation's entries exist here.
 */
const employerActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-activity-log',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Who did what and when, newest first; filter by member, type and dates',
        querystring: ZGetActivityLogQuery,
        response: { 200: ok(ZActivityLogData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getActivityLog({
        db: app.db,
        member: requireAccount(request),
        query: request.query,
      }),
    }),
  );

  app.get(
    '/get-activity-filters',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The types and members the activity log can be filtered by',
        response: { 200: ok(ZActivityFiltersData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getActivityFilters({ db: app.db, member: requireAccount(request) }),
    }),
  );
};

export default employerActivityRoutes;
