import { ok } from '@medhire/contract/envelope';
import {
  ZPhysicianMatch,
  ZPhysicianMatchesQuery,
  ZPhysicianMatchIdParams,
  ZPhysicianMatchList,
  ZRespondToMatchBody,
} from '@medhire/contract/physicians';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOwnMatches, respondToMatch } from '../../../domain/physicians/physician-matches.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { userRoom } from '../../../sockets/authenticate-socket.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee matches'];

/** /api/employee/match: invites the physician received, and their answer to one. */
const employeeMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-all-matches',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "The physician's invites, newest first; filter by status",
        querystring: ZPhysicianMatchesQuery,
        response: { 200: ok(ZPhysicianMatchList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOwnMatches({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );

  app.patch(
    '/respond/:matchId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Accept or decline a pending invite; accepting opens a conversation with the employer',
        params: ZPhysicianMatchIdParams,
        body: ZRespondToMatchBody,
        response: { 200: ok(ZPhysicianMatch), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const result = await respondToMatch({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        matchId: request.params.matchId,
        status: request.body.status,
      });
      for (const userId of result.employerUserIds) {
        app.io.to(userRoom(userId)).emit('onNewMatch', result.match);
      }
      return {
        success: true as const,
        message:
          request.body.status === 'accepted'
            ? 'You accepted the invite. You can now message the employer.'
            : 'You declined the invite.',
        data: result.physicianMatch,
      };
    },
  );
};

export default employeeMatchRoutes;
