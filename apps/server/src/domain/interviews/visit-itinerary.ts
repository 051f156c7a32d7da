import { DateTime } from 'luxon';

export interface ItinerarySession {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  interviewers: { userId: string; name: string; email: string }[];
}

function local(at: Date, timeZone: string): DateTime {
  const value = DateTime.fromJSDate(at, { zone: timeZone }).setLocale('en-US');
  // luxon would print "Invalid DateTime" into a mail; refuse instead.
  if (!value.isValid) throw new RangeError(`Cannot format ${String(at)} in ${timeZone}`);
  return value;
}

/** "9:00 AM – 10:30 AM CDT" in the zone. */
export function sessionTimeInZone(session: { startsAt: Date; endsAt: Date }, timeZone: string): string {
  return `${local(session.startsAt, timeZone).toFormat('h:mm a')} – ${local(session.endsAt, timeZone).toFormat('h:mm a ZZZZ')}`;
}

/**
 * A visit's itinerary as text, for the physician's invite and mail: a heading per local day, then
 * each session's local time (zone named), title, room and interviewers, then the travel notes.
 */
export function itineraryText(
  sessions: ItinerarySession[],
  timeZone: string,
  travelNotes: string | null,
): string {
  const lines = [`Itinerary (times in ${timeZone}):`];
  let day = '';
  for (const session of sessions) {
    const heading = local(session.startsAt, timeZone).toFormat('cccc, LLLL d, yyyy');
    if (heading !== day) {
      lines.push('', heading);
      day = heading;
    }
    const names = session.interviewers.map((person) => person.name).join(', ');
    lines.push(
      `• ${sessionTimeInZone(session, timeZone)}: ${session.title}${session.location ? ` · ${session.location}` : ''}${names ? ` · with ${names}` : ''}`,
    );
  }
  if (travelNotes) lines.push('', `Travel: ${travelNotes}`);
  return lines.join('\n');
}
