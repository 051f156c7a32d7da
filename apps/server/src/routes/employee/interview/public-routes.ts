import { ok } from '@medhire/contract/envelope';
import {
  ZDeclineInterviewBody,
  ZInterviewTokenParams,
  ZPhysicianInterview,
  ZPickSlotBody,
  ZRequestOtherTimesBody,
} from '@medhire/contract/interviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineInterview,
  getOwnInterview,
  physicianOfLink,
  pickInterviewSlot,
  requestOtherTimes,
} from '../../../domain/interviews/physician-interviews.ts';
import { limitPerIp } from '../../employer/auth/route-options.ts';
import { PHYSICIAN_FAILURES } from '../route-options.ts';

const TAGS = ['employee interviews'];
export const PICKED_MESSAGE = 'The interview is booked. A calendar invite is on its way.';

/**
 * /api/employee/interview/public/{token}: the e-mailed link, for a physician without the app or
 * not signed in. The token is the interview id signed with the server's secret; it acts as the
 * interview's physician and only on that interview. Limited per address like other open routes.
 */
export const publicInterviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkOf = (token: string) => physicianOfLink({ db: app.db, secret: app.config.jwtSecret, token });

  app.get(
    '/:token',
    {
      config: limitPerIp(60),
      schema: {
        tags: TAGS,
        summary: 'The interview of an e-mailed link, without signing in',
        params: ZInterviewTokenParams,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getOwnInterview({ db: app.db, ...(await linkOf(request.params.token)) }),
    }),
  );

  app.post(
    '/:token/pick-slot',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary:
          'Pick one of the offered times through the e-mailed link; held atomically (409 when just taken)',
        params: ZInterviewTokenParams,
        body: ZPickSlotBody,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: PICKED_MESSAGE,
      data: await pickInterviewSlot({
        db: app.db,
        ...(await linkOf(request.params.token)),
        slotId: request.body.slotId,
      }),
    }),
  );

  app.post(
    '/:token/request-other-times',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary: 'Ask for other times through the e-mailed link',
        params: ZInterviewTokenParams,
        body: ZRequestOtherTimesBody,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The team is asked for other times.',
      data: await requestOtherTimes({
        db: app.db,
        ...(await linkOf(request.params.token)),
        message: request.body.message,
      }),
    }),
  );

  app.post(
    '/:token/decline',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary: 'Decline the interview through the e-mailed link',
        params: ZInterviewTokenParams,
        body: ZDeclineInterviewBody,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'You declined the interview.',
      data: await declineInterview({
        db: app.db,
        ...(await linkOf(request.params.token)),
        message: request.body.message,
      }),
    }),
  );
};
