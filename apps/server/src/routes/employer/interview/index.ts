import { ZApplicationIdParams } from '@medhire/contract/applicants';
import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  ZAvailability,
  ZCalendarFeedLink,
  ZCancelInterviewBody,
  ZInterview,
  ZInterviewIdParams,
  ZInterviewList,
  ZInterviewScorecards,
  ZListInterviewsQuery,
  ZRecordOutcomeBody,
  ZRescheduleInterviewBody,
  ZScheduleInterviewBody,
  ZSubmitScorecardBody,
  ZUpdateAvailabilityBody,
} from '@medhire/contract/interviews';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCalendarFeedLink, resetCalendarFeedLink } from '../../../domain/interviews/calendar-feed.ts';
import { getInterview, listInterviews } from '../../../domain/interviews/list-interviews.ts';
import {
  cancelInterview,
  recordInterviewOutcome,
  rescheduleInterview,
} from '../../../domain/interviews/manage-interview.ts';
import { getMyAvailability, updateMyAvailability } from '../../../domain/interviews/member-availability.ts';
import { scheduleInterview } from '../../../domain/interviews/schedule-interview.ts';
import { getInterviewScorecards, submitScorecard } from '../../../domain/interviews/scorecards.ts';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer interviews'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;
const CHANGE_FAILURES = { ...FAILURES, 409: ZFailure, 422: ZFailure } as const;

function ownerOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/**
 * /api/employer/interview: the member's availability, scheduling an applicant's interview (a fixed
 * time or proposals), moving, cancelling and closing it, and the team calendar.
 */
const employerInterviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-my-availability',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "The signed-in member's interview hours, days off and buffers, in their own time zone",
        response: { 200: ok(ZAvailability), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getMyAvailability({ db: app.db, owner: ownerOf(request) }),
    }),
  );

  app.patch(
    '/update-my-availability',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "Save the signed-in member's interview hours per weekday (their IANA zone), days off and buffers (0–120 minutes)",
        body: ZUpdateAvailabilityBody,
        response: { 200: ok(ZAvailability), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your availability is saved.',
      data: await updateMyAvailability({ db: app.db, owner: ownerOf(request), availability: request.body }),
    }),
  );

  app.get(
    '/get-calendar-feed-link',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "The signed-in member's personal interview calendar feed: a secret https and webcal:// URL, made on the first call",
        response: { 200: ok(ZCalendarFeedLink), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getCalendarFeedLink({
        db: app.db,
        secret: app.config.jwtSecret,
        publicUrl: app.config.publicUrl,
        userId: ownerOf(request).userId,
      }),
    }),
  );

  app.post(
    '/reset-calendar-feed-link',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "Replace the signed-in member's calendar feed URL with a new one; the old one stops working at once",
        response: { 200: ok(ZCalendarFeedLink), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your calendar link is replaced. Subscribe again with the new one.',
      data: await resetCalendarFeedLink({
        db: app.db,
        secret: app.config.jwtSecret,
        publicUrl: app.config.publicUrl,
        userId: ownerOf(request).userId,
      }),
    }),
  );

  app.post(
    '/schedule-interview/:applicationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "Schedule an applicant's interview at a fixed time, or offer 3–10 times (given, or from the interviewers' common free time); moves the applicant to Interview",
        params: ZApplicationIdParams,
        body: ZScheduleInterviewBody,
        response: { 200: ok(ZInterview), ...CHANGE_FAILURES },
      },
    },
    async (request) => {
      const interview = await scheduleInterview({
        db: app.db,
        owner: ownerOf(request),
        applicationId: request.params.applicationId,
        body: request.body,
      });
      return {
        success: true as const,
        message:
          interview.status === 'scheduled'
            ? 'The interview is scheduled. Everyone gets a calendar invite.'
            : 'The times are sent to the physician to choose from.',
        data: interview,
      };
    },
  );

  app.get(
    '/get-interviews',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "The team calendar: the organisation's interviews in a period (at most 92 days), optionally one member's",
        querystring: ZListInterviewsQuery,
        response: { 200: ok(ZInterviewList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listInterviews({ db: app.db, owner: ownerOf(request), query: request.query }),
    }),
  );

  app.get(
    '/get-single-interview/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'One interview: time and zone, interviewers, offered times, status and outcome',
        params: ZInterviewIdParams,
        response: { 200: ok(ZInterview), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getInterview({
        db: app.db,
        owner: ownerOf(request),
        interviewId: request.params.interviewId,
      }),
    }),
  );

  app.patch(
    '/reschedule-interview/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Move an interview to a new time (or offer new times); calendars update the same event',
        params: ZInterviewIdParams,
        body: ZRescheduleInterviewBody,
        response: { 200: ok(ZInterview), ...CHANGE_FAILURES },
      },
    },
    async (request) => {
      const interview = await rescheduleInterview({
        db: app.db,
        owner: ownerOf(request),
        interviewId: request.params.interviewId,
        body: request.body,
      });
      return {
        success: true as const,
        message:
          interview.status === 'scheduled'
            ? 'The interview is moved. Everyone gets the updated invite.'
            : 'The new times are sent to the physician to choose from.',
        data: interview,
      };
    },
  );

  app.patch(
    '/cancel-interview/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Call an interview off with a reason; everyone gets the calendar cancellation and the time is freed',
        params: ZInterviewIdParams,
        body: ZCancelInterviewBody,
        response: { 200: ok(ZInterview), ...CHANGE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The interview is cancelled.',
      data: await cancelInterview({
        db: app.db,
        owner: ownerOf(request),
        interviewId: request.params.interviewId,
        reason: request.body.reason,
      }),
    }),
  );

  app.patch(
    '/record-outcome/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Record how a scheduled interview went once it started: completed, or a no-show (by whom)',
        params: ZInterviewIdParams,
        body: ZRecordOutcomeBody,
        response: { 200: ok(ZInterview), ...CHANGE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The outcome is recorded.',
      data: await recordInterviewOutcome({
        db: app.db,
        owner: ownerOf(request),
        interviewId: request.params.interviewId,
        body: request.body,
      }),
    }),
  );

  app.get(
    '/get-scorecards/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "An interview's scorecards: all of them, except to an interviewer on it who has not submitted theirs (a count only)",
        params: ZInterviewIdParams,
        response: { 200: ok(ZInterviewScorecards), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getInterviewScorecards({
        db: app.db,
        owner: ownerOf(request),
        interviewId: request.params.interviewId,
      }),
    }),
  );

  app.post(
    '/submit-scorecard/:interviewId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "Submit the signed-in interviewer's scorecard: 1–5 per job criterion, a recommendation and notes; once (409 after)",
        params: ZInterviewIdParams,
        body: ZSubmitScorecardBody,
        response: { 200: ok(ZInterviewScorecards), ...CHANGE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your scorecard is submitted.',
      data: await submitScorecard({
        db: app.db,
        owner: ownerOf(request),
        interviewId: request.params.interviewId,
        body: request.body,
      }),
    }),
  );
};

export default employerInterviewRoutes;
