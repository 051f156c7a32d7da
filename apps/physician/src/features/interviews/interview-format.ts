import type { TInterviewStatus, TInterviewType, TPhysicianInterview } from '@medhire/contract/interviews';

/** The zone this device is set to, e.g. America/Chicago: interviews are shown in it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/**
 * A time range in the given zone with the zone named, e.g. "Tue, Dec 1, 2026, 9:00 – 9:45 AM EST".
 * The abbreviation follows the date, so a time after a daylight-saving change names its own.
 */
export function formatTimeRange(startsAt: string, endsAt: string | null, timeZone: string): string {
  const format = formatter(timeZone);
  const start = new Date(startsAt);
  if (!endsAt) return format.format(start);
  return format.formatRange(start, new Date(endsAt));
}

/** The local day of an instant, e.g. "Tuesday, December 1, 2026": the itinerary's day headings. */
export function formatDay(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(at));
}

/** A session's clock times with the zone named, e.g. "9:00 – 10:30 AM CST". */
export function formatClockRange(startsAt: string, endsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).formatRange(new Date(startsAt), new Date(endsAt));
}

/** A visit's sessions grouped by local day (in the viewer's zone), in time order. */
export function sessionsByDay<T extends { startsAt: string }>(
  sessions: readonly T[],
  timeZone: string,
): { day: string; sessions: T[] }[] {
  const days: { day: string; sessions: T[] }[] = [];
  for (const session of [...sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const day = formatDay(session.startsAt, timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.sessions.push(session);
    else days.push({ day, sessions: [session] });
  }
  return days;
}

/** The zone's long name for the note above the times, e.g. "Central Standard Time". */
export function zoneLongName(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export const TYPE_LABELS: Readonly<Record<TInterviewType, string>> = {
  video: 'Video call',
  phone: 'Phone call',
  onsite: 'On site',
};

export const STATUS_LABELS: Readonly<
  Record<TInterviewStatus, { label: string; variant: 'info' | 'warning' | 'success' | 'neutral' | 'danger' }>
> = {
  proposed: { label: 'Pick a time', variant: 'warning' },
  other_times_requested: { label: 'You asked for other times', variant: 'info' },
  scheduled: { label: 'Booked', variant: 'success' },
  completed: { label: 'Took place', variant: 'neutral' },
  no_show: { label: 'Missed', variant: 'neutral' },
  declined: { label: 'You declined', variant: 'neutral' },
  cancelled: { label: 'Called off by the employer', variant: 'danger' },
};

const OPEN: ReadonlySet<TInterviewStatus> = new Set(['proposed', 'other_times_requested', 'scheduled']);

/** Still ahead: open, and either without a time yet or not yet over. */
export function isUpcoming(interview: TPhysicianInterview, now: number = Date.now()): boolean {
  if (!OPEN.has(interview.status)) return false;
  return interview.endsAt === null || Date.parse(interview.endsAt) > now;
}

/** Upcoming soonest first (those waiting for an answer on top); past ones newest first. */
export function splitInterviews(interviews: readonly TPhysicianInterview[], now: number = Date.now()) {
  const time = (interview: TPhysicianInterview) =>
    interview.startsAt ? Date.parse(interview.startsAt) : Number.NEGATIVE_INFINITY;
  const upcoming = interviews.filter((interview) => isUpcoming(interview, now));
  const past = interviews.filter((interview) => !isUpcoming(interview, now));
  upcoming.sort((a, b) => time(a) - time(b));
  past.sort((a, b) => time(b) - time(a));
  return { upcoming, past };
}
