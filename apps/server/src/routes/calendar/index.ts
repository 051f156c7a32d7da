import { ZFailure } from '@medhire/contract/envelope';
import { ZCalendarFeedParams } from '@medhire/contract/interviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedOf } from '../../domain/interviews/calendar-feed.ts';
import { limitPerIp } from '../employer/auth/route-options.ts';

const ZCalendarFile = z.string().describe('The iCalendar feed as text/calendar');

/**
 * /api/calendar/{token}.ics: a team member's personal interview calendar, for calendar apps to
 * subscribe to (webcal:// or https). No session: the secret token in the URL is the key, made and
 * reset by the member (employer/interview get- and reset-calendar-feed-link). Limited per address.
 */
const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:feed',
    {
      config: limitPerIp(60),
      schema: {
        tags: ['employer interviews'],
        summary:
          "A member's interview calendar feed by its secret URL (no sign-in); 404 once the link is reset",
        params: ZCalendarFeedParams,
        response: { 200: ZCalendarFile, 400: ZFailure, 404: ZFailure, 429: ZFailure },
      },
    },
    async (request, reply) => {
      const ics = await calendarFeedOf({ db: app.db, feed: request.params.feed });
      return reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="medhire-interviews.ics"')
        .send(ics as never);
    },
  );
};

export default calendarFeedRoutes;
