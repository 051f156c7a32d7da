import { ok } from '@medhire/contract/envelope';
import {
  ZDeclineInterviewBody,
  ZInterviewIdParams,
  ZPhysicianInterview,
  ZPhysicianInterviewList,
  ZPickSlotBody,
  ZRequestOtherTimesBody,
} from '@medhire/contract/interviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineInterview,
  getOwnInterview,
  listOwnInterviews,
  pickInterviewSlot,
  requestOtherTimes,
} from '../../../domain/interviews/physician-interviews.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';
import { PICKED_MESSAGE, publicInterviewRoutes } from './public-routes.ts';

const TAGS = ['employee interviews'];

/** The signed-in physician's side. */
const signedInInterviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-my-interviews',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "The physician's interviews, newest first, with times in UTC and the zone they were set in",
        response: { 200: ok(ZPhysicianInterviewList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOwnInterviews({ db: app.db, physicianId: requirePhysician(request).physicianId }),
    }),
  );

  app.get(
    '/get-single-interview/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'One of the physician’s interviews, with the offered times while it waits for a pick',
        params: ZInterviewIdParams,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getOwnInterview({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        interviewId: request.params.interviewId,
      }),
    }),
  );

  app.post(
    '/pick-slot/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Pick one of the offered times; held atomically (409 when it was just taken)',
        params: ZInterviewIdParams,
        body: ZPickSlotBody,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: PICKED_MESSAGE,
      data: await pickInterviewSlot({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        interviewId: request.params.interviewId,
        slotId: request.body.slotId,
      }),
    }),
  );

  app.post(
    '/request-other-times/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'None of the offered times suit: say which would; the team is told',
        params: ZInterviewIdParams,
        body: ZRequestOtherTimesBody,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The team is asked for other times.',
      data: await requestOtherTimes({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        interviewId: request.params.interviewId,
        message: request.body.message,
      }),
    }),
  );

  app.post(
    '/decline-interview/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Decline the interview; a scheduled one is removed from calendars',
        params: ZInterviewIdParams,
        body: ZDeclineInterviewBody,
        response: { 200: ok(ZPhysicianInterview), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'You declined the interview.',
      data: await declineInterview({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        interviewId: request.params.interviewId,
        message: request.body.message,
      }),
    }),
  );
};

/** /api/employee/interview: the physician's interviews and their answers to offered times. */
const employeeInterviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The e-mailed link's routes answer without a session: registered beside, not under, the hook.
  await app.register(publicInterviewRoutes, { prefix: '/public' });
  await app.register(signedInInterviewRoutes);
};

export default employeeInterviewRoutes;
