import { INTERVIEW_MESSAGES, MIN_PROPOSED_SLOTS } from '@medhire/contract/interviews';
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, memberAvailability } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import { commonFreeSlots, MAX_SEARCH_DAYS } from './availability.ts';
import type { TimeRangeValue } from './interview-times.ts';

export interface CommonFreeTimeRequest {
  interviewerIds: string[];
  from: Date;
  to: Date;
  durationMinutes: number;
  count: number;
  ignoreInterviewId?: string;
}

export interface InterviewerCalendar {
  userId: string;
  availability: typeof memberAvailability.$inferSelect;
  /** Their active interviews that touch the period. */
  busy: TimeRangeValue[];
}

/** Each interviewer's availability and active interviews in the period. */
export async function loadInterviewerCalendars(
  db: Db,
  { interviewerIds, from, to, ignoreInterviewId }: CommonFreeTimeRequest,
): Promise<InterviewerCalendar[]> {
  const availabilities = await db
    .select()
    .from(memberAvailability)
    .where(inArray(memberAvailability.userId, interviewerIds));
  const byUser = new Map(availabilities.map((row) => [row.userId, row]));
  if (interviewerIds.some((userId) => (byUser.get(userId)?.weeklyHours.length ?? 0) === 0)) {
    throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.noAvailability);
  }
  const busyRows = await db
    .select({
      userId: interviewParticipants.participantUserId,
      startsAt: interviewParticipants.startsAt,
      endsAt: interviewParticipants.endsAt,
    })
    .from(interviewParticipants)
    .where(
      and(
        inArray(interviewParticipants.participantUserId, interviewerIds),
        eq(interviewParticipants.isActive, true),
        lt(interviewParticipants.startsAt, to),
        gt(interviewParticipants.endsAt, from),
        ignoreInterviewId ? ne(interviewParticipants.interviewId, ignoreInterviewId) : undefined,
      ),
    );
  return interviewerIds.map((userId) => ({
    userId,
    availability: byUser.get(userId) as typeof memberAvailability.$inferSelect,
    busy: busyRows.flatMap((row) =>
      row.userId === userId && row.startsAt && row.endsAt
        ? [{ startsAt: row.startsAt, endsAt: row.endsAt }]
        : [],
    ),
  }));
}

/**
 * Up to `count` times when every interviewer is within working hours (their own zone, days off
 * and buffers) and free of active interviews; fewer than three is a 422 (propose by hand then).
 */
export async function proposeFromCommonFreeTime(
  db: Db,
  request: CommonFreeTimeRequest,
): Promise<TimeRangeValue[]> {
  if (request.to.getTime() - request.from.getTime() > MAX_SEARCH_DAYS * 86_400_000) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Search at most ${MAX_SEARCH_DAYS} days of common free time at once.`,
      {
        field: 'timing',
      },
    );
  }
  const calendars = await loadInterviewerCalendars(db, request);
  const slots = computeCommonSlots(calendars, request);
  if (slots.length < MIN_PROPOSED_SLOTS) throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.noCommonTime);
  return slots;
}

/** At most this many proposals a day, so they spread over several days. */
const PROPOSALS_PER_DAY = 2;

/**
 * The common free slots, on the first interviewer's half hours (they lead the interview), checked
 * against every other interviewer's hours, days off, buffers and interviews, each in their own zone.
 */
function computeCommonSlots(
  calendars: InterviewerCalendar[],
  request: CommonFreeTimeRequest,
): TimeRangeValue[] {
  return commonFreeSlots({
    members: calendars.map(({ availability, busy }) => ({
      availability: {
        timeZone: availability.timeZone,
        weeklyHours: availability.weeklyHours,
        exceptions: availability.exceptions,
        bufferBeforeMinutes: availability.bufferBeforeMinutes,
        bufferAfterMinutes: availability.bufferAfterMinutes,
      },
      busy,
    })),
    from: request.from,
    to: request.to,
    durationMinutes: request.durationMinutes,
    limit: request.count,
    perDay: PROPOSALS_PER_DAY,
  });
}
