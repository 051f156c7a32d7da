import { INTERVIEW_MESSAGES, type TInterviewTiming } from '@medhire/contract/interviews';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, interviewProposedSlots } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import { proposeFromCommonFreeTime } from './common-free-time.ts';

export interface TimeRangeValue {
  startsAt: Date;
  endsAt: Date;
}

/** A fixed time, or the times offered to the physician. */
export type ResolvedTiming =
  | { kind: 'fixed'; time: TimeRangeValue }
  | { kind: 'proposed'; slots: TimeRangeValue[] };

const MINUTE_MS = 60_000;

function rangeOf(startsAt: Date, durationMinutes: number): TimeRangeValue {
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * MINUTE_MS) };
}

function futureInstant(value: string, now: Date): Date {
  const instant = new Date(value);
  if (instant.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', INTERVIEW_MESSAGES.inThePast, { field: 'timing' });
  }
  return instant;
}

/**
 * Turns the request's timing into times: a fixed start, the recruiter's proposals (3–10 distinct
 * future times), or proposals computed from the interviewers' common free time.
 */
export async function resolveTiming(
  db: Db,
  {
    timing,
    durationMinutes,
    interviewerIds,
    now,
    ignoreInterviewId,
  }: {
    timing: TInterviewTiming;
    durationMinutes: number;
    interviewerIds: string[];
    now: Date;
    /** The interview being moved: its own current times do not count as busy. */
    ignoreInterviewId?: string;
  },
): Promise<ResolvedTiming> {
  if (timing.mode === 'fixed') {
    return { kind: 'fixed', time: rangeOf(futureInstant(timing.startsAt, now), durationMinutes) };
  }
  if (timing.mode === 'proposed') {
    const starts = [...new Set(timing.proposedSlots.map((slot) => futureInstant(slot, now).getTime()))].sort(
      (left, right) => left - right,
    );
    if (starts.length !== timing.proposedSlots.length) {
      throw new AppError('VALIDATION_FAILED', 'Propose each time only once.', { field: 'timing' });
    }
    return { kind: 'proposed', slots: starts.map((start) => rangeOf(new Date(start), durationMinutes)) };
  }
  // A visit's itinerary is resolved by visit-sessions.ts; it never reaches here.
  if (timing.mode === 'visit') {
    throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.visitNeedsItinerary, { field: 'timing' });
  }
  const from = new Date(Math.max(new Date(timing.from).getTime(), now.getTime()));
  const to = new Date(timing.to);
  if (to.getTime() <= from.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The period must end after it starts, in the future.', {
      field: 'timing',
    });
  }
  const slots = await proposeFromCommonFreeTime(db, {
    interviewerIds,
    from,
    to,
    durationMinutes,
    count: timing.slotCount,
    ignoreInterviewId,
  });
  return { kind: 'proposed', slots };
}

/**
 * Holds the time for every participant of the interview (a single-time interview; a visit's
 * sessions hold theirs, see visit-sessions.ts): their rows become active with the
 * interview's time, under the exclusion constraint, so an overlap with any other active interview
 * of any of them fails the statement (SQLSTATE 23P01; withBookingConflicts answers 409). Rows are
 * written one by one in user-id order, the same order for every booking, so two bookings of the
 * same people queue behind each other instead of deadlocking.
 */
export async function holdParticipantTimes(tx: Db, interviewId: string, time: TimeRangeValue): Promise<void> {
  const rows = await tx
    .select({ id: interviewParticipants.id })
    .from(interviewParticipants)
    .where(and(eq(interviewParticipants.interviewId, interviewId), isNull(interviewParticipants.sessionId)))
    .orderBy(asc(interviewParticipants.participantUserId));
  for (const row of rows) {
    await tx
      .update(interviewParticipants)
      .set({ startsAt: time.startsAt, endsAt: time.endsAt, isActive: true })
      .where(eq(interviewParticipants.id, row.id));
  }
}

/** Frees every participant's time, a visit's sessions included (cancelled, declined, or moved back to proposals). */
export async function releaseParticipantTimes(tx: Db, interviewId: string): Promise<void> {
  await tx
    .update(interviewParticipants)
    .set({ isActive: false })
    .where(and(eq(interviewParticipants.interviewId, interviewId), eq(interviewParticipants.isActive, true)));
}

/** Replaces the interview's offered times. */
export async function replaceProposedSlots(
  tx: Db,
  interviewId: string,
  slots: TimeRangeValue[],
): Promise<void> {
  await tx.delete(interviewProposedSlots).where(eq(interviewProposedSlots.interviewId, interviewId));
  if (slots.length === 0) return;
  await tx.insert(interviewProposedSlots).values(slots.map((slot) => ({ interviewId, ...slot })));
}
