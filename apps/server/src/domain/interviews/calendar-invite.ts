import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  type ICalEventData,
  ICalEventStatus,
} from 'ical-generator';

/**
 * iCalendar for interviews (RFC 5545, scheduling by RFC 5546). Times are written in UTC, so no
 * VTIMEZONE is needed and every calendar shows the same instant in its own zone; the zone the interview
 * was chosen in stays with the caller (and in the text of the mail).
 */

export interface InviteEvent {
  /** Stable for the life of the interview, e.g. `interview-<uuid>@medhire`: updates and cancels reuse it. */
  uid: string;
  /** 0 for the first invite; raised on every reschedule and on the cancel, so clients apply the newest. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** IANA zone the interview was chosen in (kept for the caller; the file itself is in UTC). */
  timeZone: string;
  summary: string;
  description: string;
  location?: string | null;
  url?: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  status?: 'CONFIRMED' | 'CANCELLED';
}

const PRODUCT_ID = { company: 'MedHire', product: 'Interviews', language: 'EN' };

function assertEvent(event: InviteEvent): void {
  if (!event.uid.trim()) throw new RangeError('An invite needs a UID');
  if (!Number.isInteger(event.sequence) || event.sequence < 0) throw new RangeError('Invalid SEQUENCE');
  if (!(event.endsAt.getTime() > event.startsAt.getTime()))
    throw new RangeError('An invite must end after it starts');
}

/** REQUEST asks attendees to answer; CANCEL and the feed only inform them. */
type Purpose = 'REQUEST' | 'CANCEL' | 'FEED';

function eventData(event: InviteEvent, purpose: Purpose): ICalEventData {
  assertEvent(event);
  const isCancelled = purpose === 'CANCEL' || event.status === 'CANCELLED';
  return {
    id: event.uid,
    sequence: event.sequence,
    // DTSTAMP: when this version of the object was created, as RFC 5546 asks of every scheduling message.
    stamp: new Date(),
    start: event.startsAt,
    end: event.endsAt,
    summary: event.summary,
    description: event.description,
    location: event.location ?? null,
    url: event.url ?? null,
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees: event.attendees.map((attendee) => ({
      name: attendee.name,
      email: attendee.email,
      role: ICalAttendeeRole.REQ,
      ...(purpose === 'REQUEST' && !isCancelled
        ? { status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }
        : {}),
    })),
    status: isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
}

/**
 * One scheduling message: REQUEST for a new or changed interview (same UID, higher SEQUENCE on a change),
 * CANCEL to take it off the attendees' calendars (STATUS:CANCELLED, same UID, higher SEQUENCE).
 */
export function buildInviteIcs(method: 'REQUEST' | 'CANCEL', event: InviteEvent): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent(eventData(event, method));
  return calendar.toString();
}

/**
 * A member's personal calendar feed (subscribed by URL): their interviews as a plain published calendar
 * without METHOD, so clients treat it as a read-only calendar, not as invitations to answer.
 */
export function buildCalendarFeedIcs(opts: { name: string; events: InviteEvent[] }): string {
  // Subscribing clients are asked to refresh hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL).
  const calendar = ical({ prodId: PRODUCT_ID, name: opts.name, ttl: 60 * 60 });
  for (const event of opts.events) calendar.createEvent(eventData(event, 'FEED'));
  return calendar.toString();
}
