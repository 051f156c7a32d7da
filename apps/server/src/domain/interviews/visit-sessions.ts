import {
  INTERVIEW_MESSAGES,
  MAX_VISIT_DAYS,
  overlappingSessionIndex,
  type TVisitSessionInput,
} from '@medhire/contract/interviews';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, interviewSessions } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

const MINUTE_MS = 60_000;
/** The shortest session: the interview's own minimum. */
const MIN_SESSION_MINUTES = 5;

export interface ResolvedSession {
  /** The id of a session the visit already has (kept on a reschedule), else undefined. */
  id: string | undefined;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  interviewerIds: string[];
}

export interface ResolvedVisit {
  /** In time order. */
  sessions: ResolvedSession[];
  startsAt: Date;
  endsAt: Date;
  /** The minutes spent in sessions, added up. */
  durationMinutes: number;
  /** Everyone who sits in at least one session. */
  interviewerIds: string[];
}

/** A session's calendar event in an interviewer's calendar: stable while the session exists. */
export function sessionUid(interviewId: string, sessionId: string): string {
  return `interview-${interviewId}-session-${sessionId}@medhire`;
}

function invalid(message: string, index?: number): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    message,
    index === undefined ? { field: 'timing.sessions' } : { field: `timing.sessions.${index}` },
  );
}

/**
 * Checks an itinerary before anything is written (each a 400 with a sentence for the form): every
 * session in the future and at least 5 minutes long, none overlapping another (the physician
 * attends them all), all within two consecutive local days of the visit's zone.
 */
export function resolveVisit(sessions: TVisitSessionInput[], timeZone: string, now: Date): ResolvedVisit {
  const overlapping = overlappingSessionIndex(sessions);
  if (overlapping >= 0) throw invalid(INTERVIEW_MESSAGES.visitSessionsOverlap, overlapping);
  const resolved = sessions.map((session, index): ResolvedSession => {
    const startsAt = new Date(session.startsAt);
    const endsAt = new Date(session.endsAt);
    if (startsAt.getTime() <= now.getTime()) throw invalid(INTERVIEW_MESSAGES.inThePast, index);
    if (endsAt.getTime() - startsAt.getTime() < MIN_SESSION_MINUTES * MINUTE_MS) {
      throw invalid(`Each session lasts at least ${MIN_SESSION_MINUTES} minutes.`, index);
    }
    return {
      id: session._id,
      title: session.title,
      startsAt,
      endsAt,
      location: session.location || null,
      interviewerIds: [...new Set(session.interviewerIds)],
    };
  });
  resolved.sort((left, right) => left.startsAt.getTime() - right.startsAt.getTime());
  const first = resolved[0];
  const endsAt = new Date(Math.max(...resolved.map((session) => session.endsAt.getTime())));
  if (!first) throw invalid('Add the sessions of the visit.');
  // Local days in the visit's zone; a session ending at midnight belongs to the day it ran on.
  const firstDay = DateTime.fromJSDate(first.startsAt, { zone: timeZone }).startOf('day');
  const lastDay = DateTime.fromJSDate(new Date(endsAt.getTime() - 1), { zone: timeZone }).startOf('day');
  if (lastDay.diff(firstDay, 'days').days > MAX_VISIT_DAYS - 1)
    throw invalid(INTERVIEW_MESSAGES.visitTooLong);
  return {
    sessions: resolved,
    startsAt: first.startsAt,
    endsAt,
    durationMinutes: resolved.reduce(
      (total, session) =>
        total + Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / MINUTE_MS),
      0,
    ),
    interviewerIds: [...new Set(resolved.flatMap((session) => session.interviewerIds))],
  };
}

/** A session an interviewer was taken out of (or that was removed): their calendar must drop it. */
export interface DroppedSession {
  sessionId: string;
  userId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  location: string | null;
}

/** Whether the interview is an on-site visit (it has sessions). */
export async function isVisit(tx: Db, interviewId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: interviewSessions.id })
    .from(interviewSessions)
    .where(eq(interviewSessions.interviewId, interviewId))
    .limit(1);
  return row !== undefined;
}

/**
 * Writes a visit's itinerary (a new one, or a replacement on a reschedule): sessions named by id
 * are updated in place (their calendar events keep their UID), the others inserted, the ones left
 * out deleted. Each session's participant rows (its interviewers and the physician) are written
 * again, active with the session's time, under the exclusion constraint: a clash with any other
 * interview of any of them fails the statement (409 by withBookingConflicts). Rows go in in
 * user-id order, as holdParticipantTimes does, so concurrent bookings queue rather than deadlock.
 * The interview-wide rows become exactly the sessions' interviewers and the physician, holding no
 * time. Answers the (interviewer, session) pairs that no longer exist, for the cancellations.
 */
export async function writeVisitSessions(
  tx: Db,
  {
    interviewId,
    physicianUserId,
    visit,
    now,
  }: { interviewId: string; physicianUserId: string; visit: ResolvedVisit; now: Date },
): Promise<DroppedSession[]> {
  const existing = await tx
    .select()
    .from(interviewSessions)
    .where(eq(interviewSessions.interviewId, interviewId));
  const existingIds = new Set(existing.map((session) => session.id));
  for (const session of visit.sessions) {
    if (session.id !== undefined && !(isUuid(session.id) && existingIds.has(session.id))) {
      throw invalid('A session named is not part of this visit.');
    }
  }
  const before = await tx
    .select({ sessionId: interviewParticipants.sessionId, userId: interviewParticipants.participantUserId })
    .from(interviewParticipants)
    .where(
      and(
        eq(interviewParticipants.interviewId, interviewId),
        isNotNull(interviewParticipants.sessionId),
        eq(interviewParticipants.role, 'interviewer'),
      ),
    );
  // Every session's rows are written again: free the old ones first so the new times do not clash with them.
  await tx
    .delete(interviewParticipants)
    .where(
      and(eq(interviewParticipants.interviewId, interviewId), isNotNull(interviewParticipants.sessionId)),
    );
  const keptIds = visit.sessions.flatMap((session) => (session.id ? [session.id] : []));
  await tx
    .delete(interviewSessions)
    .where(
      and(
        eq(interviewSessions.interviewId, interviewId),
        keptIds.length > 0 ? notInArray(interviewSessions.id, keptIds) : undefined,
      ),
    );
  const stored: { id: string; session: ResolvedSession }[] = [];
  for (const [position, session] of visit.sessions.entries()) {
    const values = {
      position,
      title: session.title,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      location: session.location,
    };
    if (session.id) {
      await tx.update(interviewSessions).set(values).where(eq(interviewSessions.id, session.id));
      stored.push({ id: session.id, session });
    } else {
      const [row] = await tx
        .insert(interviewSessions)
        .values({ interviewId, createdAt: now, ...values })
        .returning({ id: interviewSessions.id });
      if (!row) throw new Error('The session was not stored.');
      stored.push({ id: row.id, session });
    }
  }
  const rows = stored
    .flatMap(({ id, session }) => [
      ...session.interviewerIds.map((userId) => ({ userId, role: 'interviewer' as const, id, session })),
      { userId: physicianUserId, role: 'physician' as const, id, session },
    ])
    .sort((left, right) =>
      left.userId === right.userId
        ? left.session.startsAt.getTime() - right.session.startsAt.getTime()
        : left.userId < right.userId
          ? -1
          : 1,
    );
  for (const row of rows) {
    await tx.insert(interviewParticipants).values({
      interviewId,
      sessionId: row.id,
      participantUserId: row.userId,
      role: row.role,
      startsAt: row.session.startsAt,
      endsAt: row.session.endsAt,
      isActive: true,
    });
  }
  // The interview-wide rows: who takes part, no time of their own.
  await tx
    .update(interviewParticipants)
    .set({ isActive: false, startsAt: null, endsAt: null })
    .where(and(eq(interviewParticipants.interviewId, interviewId), isNull(interviewParticipants.sessionId)));
  await tx
    .delete(interviewParticipants)
    .where(
      and(
        eq(interviewParticipants.interviewId, interviewId),
        isNull(interviewParticipants.sessionId),
        eq(interviewParticipants.role, 'interviewer'),
        notInArray(interviewParticipants.participantUserId, visit.interviewerIds),
      ),
    );
  await tx
    .insert(interviewParticipants)
    .values([
      ...visit.interviewerIds.map((userId) => ({
        interviewId,
        participantUserId: userId,
        role: 'interviewer' as const,
      })),
      { interviewId, participantUserId: physicianUserId, role: 'physician' as const },
    ])
    .onConflictDoNothing();
  const remaining = new Set(
    stored.flatMap(({ id, session }) => session.interviewerIds.map((userId) => `${id}:${userId}`)),
  );
  const byId = new Map(existing.map((session) => [session.id, session]));
  return before.flatMap(({ sessionId, userId }) => {
    const session = sessionId ? byId.get(sessionId) : undefined;
    if (!session || remaining.has(`${session.id}:${userId}`)) return [];
    return [
      {
        sessionId: session.id,
        userId,
        title: session.title,
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
        location: session.location,
      },
    ];
  });
}

/** The physician's user id of an interview's interview-wide rows. */
export async function physicianUserIdOf(tx: Db, interviewId: string): Promise<string> {
  const [row] = await tx
    .select({ userId: interviewParticipants.participantUserId })
    .from(interviewParticipants)
    .where(
      and(
        eq(interviewParticipants.interviewId, interviewId),
        eq(interviewParticipants.role, 'physician'),
        isNull(interviewParticipants.sessionId),
      ),
    );
  if (!row) throw new Error('The interview has no physician.');
  return row.userId;
}

/** The sessions of the interviews with their participants' user ids, in time order. */
export async function sessionsOf(db: Db, interviewIds: string[]) {
  if (interviewIds.length === 0) return [];
  return db
    .select()
    .from(interviewSessions)
    .where(inArray(interviewSessions.interviewId, interviewIds))
    .orderBy(asc(interviewSessions.interviewId), asc(interviewSessions.position));
}
