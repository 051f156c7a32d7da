import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { TCalendarFeedLink } from '@medhire/contract/interviews';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import {
  calendarFeedTokens,
  interviewParticipants,
  interviewSessions,
  interviews,
} from '../../db/schema/interviews.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildCalendarFeedIcs, type InviteEvent } from './calendar-invite.ts';
import { interviewUid } from './send-interview-mail.ts';
import { sessionUid } from './visit-sessions.ts';

const DAY_MS = 86_400_000;
/** Cancelled (and declined) interviews stay in the feed this long after, as STATUS:CANCELLED. */
export const FEED_CANCELLED_DAYS = 30;
/** Past interviews stay in the feed this long. */
export const FEED_PAST_DAYS = 180;

const TYPE_LABELS = { video: 'Video call', phone: 'Phone call', onsite: 'On-site interview' } as const;

function tokenOf(secret: string, userId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function linkOf(publicUrl: string, token: string, createdAt: Date): TCalendarFeedLink {
  const httpsUrl = `${publicUrl}/api/calendar/${token}.ics`;
  return {
    httpsUrl,
    webcalUrl: httpsUrl.replace(/^https?:\/\//, 'webcal://'),
    createdAt: createdAt.toISOString(),
  };
}

async function storeNewToken(db: Db, secret: string, userId: string, now: Date) {
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(secret, userId, nonce);
  const values = { userId, nonce, tokenHash: hashOf(token), createdAt: now };
  await db
    .insert(calendarFeedTokens)
    .values(values)
    .onConflictDoUpdate({
      target: calendarFeedTokens.userId,
      set: { nonce: values.nonce, tokenHash: values.tokenHash, createdAt: now },
    });
  return { token, createdAt: now };
}

/** The member's calendar feed link, made on the first call; the same one after, until reset. */
export async function getCalendarFeedLink({
  db,
  secret,
  publicUrl,
  userId,
  now = new Date(),
}: {
  db: Db;
  secret: string;
  publicUrl: string;
  userId: string;
  now?: Date;
}): Promise<TCalendarFeedLink> {
  const [existing] = await db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
  if (existing) {
    return linkOf(publicUrl, tokenOf(secret, userId, existing.nonce), existing.createdAt);
  }
  const made = await storeNewToken(db, secret, userId, now);
  return linkOf(publicUrl, made.token, made.createdAt);
}

/** A new link for the member; the old one stops working at once. */
export async function resetCalendarFeedLink({
  db,
  secret,
  publicUrl,
  userId,
  now = new Date(),
}: {
  db: Db;
  secret: string;
  publicUrl: string;
  userId: string;
  now?: Date;
}): Promise<TCalendarFeedLink> {
  const made = await storeNewToken(db, secret, userId, now);
  return linkOf(publicUrl, made.token, made.createdAt);
}

export function feedNotFound(): AppError {
  return new AppError('NOT_FOUND', 'We could not find that calendar.');
}

/**
 * The iCalendar of a feed URL: the member's interviews (those they interview on) that have a time —
 * scheduled, and past ones for half a year — with those cancelled or declined in the last 30 days
 * as STATUS:CANCELLED, so subscribed calendars drop them. Each event has the interview's UID and
 * sequence, the same as its invites, so a calendar holding both shows one event. A site visit shows
 * as the member's own sessions of it, each with its session UID (as in their invites). An unknown or
 * reset token, or a member who left, is 404.
 */
export async function calendarFeedOf({
  db,
  feed,
  now = new Date(),
}: {
  db: Db;
  /** The last path segment: `{token}.ics`. */
  feed: string;
  now?: Date;
}): Promise<string> {
  if (!feed.endsWith('.ics')) throw feedNotFound();
  const token = feed.slice(0, -'.ics'.length);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw feedNotFound();
  const [member] = await db
    .select({ userId: users.id, name: users.fullName, email: users.email })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(
      and(
        eq(calendarFeedTokens.tokenHash, hashOf(token)),
        eq(users.role, 'employer'),
        isNull(users.archivedAt),
      ),
    );
  if (!member) throw feedNotFound();
  const rows = await db
    .select({
      interview: interviews,
      jobTitle: jobs.title,
      organizationName: organizations.name,
      physicianName: sql<string>`'Dr. ' || ${physicians.firstName} || ' ' || ${physicians.lastName}`,
    })
    .from(interviewParticipants)
    .innerJoin(interviews, eq(interviews.id, interviewParticipants.interviewId))
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(organizations, eq(organizations.id, interviews.organizationId))
    .innerJoin(physicians, eq(physicians.id, interviews.physicianId))
    .where(
      and(
        eq(interviewParticipants.participantUserId, member.userId),
        eq(interviewParticipants.role, 'interviewer'),
        isNull(interviewParticipants.sessionId),
        sql`${interviews.startsAt} is not null`,
        or(
          and(
            inArray(interviews.status, ['scheduled', 'completed', 'no_show']),
            gte(interviews.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)),
          ),
          and(
            inArray(interviews.status, ['cancelled', 'declined']),
            gte(interviews.updatedAt, new Date(now.getTime() - FEED_CANCELLED_DAYS * DAY_MS)),
          ),
        ),
      ),
    )
    .orderBy(interviews.startsAt);
  // The member's sessions of the site visits among them: a visit shows as those sessions only.
  const interviewIds = rows.map((row) => row.interview.id);
  const mySessions =
    interviewIds.length === 0
      ? []
      : await db
          .select({ session: interviewSessions })
          .from(interviewSessions)
          .innerJoin(
            interviewParticipants,
            and(
              eq(interviewParticipants.sessionId, interviewSessions.id),
              eq(interviewParticipants.participantUserId, member.userId),
            ),
          )
          .where(inArray(interviewSessions.interviewId, interviewIds))
          .orderBy(interviewSessions.startsAt);
  const visitIds = new Set(
    (
      await (interviewIds.length === 0
        ? Promise.resolve([])
        : db
            .selectDistinct({ interviewId: interviewSessions.interviewId })
            .from(interviewSessions)
            .where(inArray(interviewSessions.interviewId, interviewIds)))
    ).map((row) => row.interviewId),
  );
  const organizer = { name: member.name ?? member.email, email: member.email };
  const events: InviteEvent[] = rows.flatMap(({ interview, jobTitle, organizationName, physicianName }) => {
    if (!interview.startsAt || !interview.endsAt) return [];
    const isCancelled = interview.status === 'cancelled' || interview.status === 'declined';
    if (visitIds.has(interview.id)) {
      return mySessions
        .filter(({ session }) => session.interviewId === interview.id)
        .map(({ session }) => ({
          uid: sessionUid(interview.id, session.id),
          sequence: interview.icsSequence,
          startsAt: session.startsAt,
          endsAt: session.endsAt,
          timeZone: interview.timeZone,
          summary: `Site visit: ${physicianName} · ${session.title}${organizationName ? ` (${organizationName})` : ''}`,
          description: [
            `Part of the site visit of ${physicianName} for ${jobTitle}`,
            ...(isCancelled && interview.cancelReason ? [`Cancelled: ${interview.cancelReason}`] : []),
            ...(interview.notes ? [interview.notes] : []),
          ].join('\n'),
          location: session.location ?? interview.location,
          url: null,
          organizer,
          attendees: [],
          status: isCancelled ? ('CANCELLED' as const) : ('CONFIRMED' as const),
        }));
    }
    const where = interview.type === 'video' ? interview.meetingUrl : interview.location;
    return [
      {
        uid: interviewUid(interview.id),
        sequence: interview.icsSequence,
        startsAt: interview.startsAt,
        endsAt: interview.endsAt,
        timeZone: interview.timeZone,
        summary: `Interview: ${physicianName} · ${jobTitle}${organizationName ? ` (${organizationName})` : ''}`,
        description: [
          TYPE_LABELS[interview.type],
          ...(isCancelled && interview.cancelReason ? [`Cancelled: ${interview.cancelReason}`] : []),
          ...(interview.notes ? [interview.notes] : []),
        ].join('\n'),
        location: where,
        url: interview.type === 'video' ? interview.meetingUrl : null,
        organizer,
        attendees: [],
        status: isCancelled ? 'CANCELLED' : 'CONFIRMED',
      },
    ];
  });
  return buildCalendarFeedIcs({ name: `MedHire interviews · ${organizer.name}`, events });
}
