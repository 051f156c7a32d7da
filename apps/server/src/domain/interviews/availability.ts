import { DateTime, IANAZone } from 'luxon';

/**
 * Interview availability: when a team member can interview, computed from their working hours in their
 * own IANA time zone. All calendar arithmetic goes through luxon, never through fixed offsets: a
 * "09:00" is 09:00 on the member's wall clock on that date, whatever the zone's offset is that day.
 */

export interface WeeklyHours {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Local wall-clock time 'HH:mm'. */
  start: string;
  /** Local wall-clock time 'HH:mm', later than `start` (a range never crosses midnight). */
  end: string;
}

export interface MemberAvailability {
  /** IANA zone, e.g. 'America/Chicago'. */
  timeZone: string;
  /** Several ranges per weekday are allowed (e.g. a lunch break splits a day). */
  weeklyHours: WeeklyHours[];
  /** Local dates 'YYYY-MM-DD' the member does not work. */
  exceptions: string[];
  /** Free minutes needed before each interview, 0…120. */
  bufferBeforeMinutes: number;
  /** Free minutes needed after each interview, 0…120. */
  bufferAfterMinutes: number;
}

export interface TimeRange {
  startsAt: Date;
  endsAt: Date;
}

export const MAX_BUFFER_MINUTES = 120;
export const MIN_PROPOSALS = 3;
export const MAX_PROPOSALS = 10;
export const DEFAULT_STEP_MINUTES = 30;
/** The longest window searched at once, so a request cannot make the server walk years of days. */
export const MAX_SEARCH_DAYS = 93;

const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Area/Location names only (and UTC): abbreviations such as 'EST' and raw offsets are accepted by Intl
// but say nothing about daylight saving, so they are refused.
const ZONE_NAME = /^(UTC|[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+)$/;

export function isValidTimeZone(zone: string): boolean {
  return ZONE_NAME.test(zone) && IANAZone.isValidZone(zone);
}

/** 'HH:mm' with 00:00…23:59. */
export function isValidLocalTime(value: string): boolean {
  return LOCAL_TIME.test(value);
}

/** 'YYYY-MM-DD' that names a real calendar date. */
export function isValidLocalDate(value: string): boolean {
  return LOCAL_DATE.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

function minutesOfDay(value: string): number {
  const [hours, minutes] = value.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * Everything wrong with an availability, written for the person editing it; empty when it is valid.
 * Ranges of the same weekday must not overlap, so a slot can never be offered twice.
 */
export function availabilityProblems(availability: MemberAvailability): string[] {
  const problems: string[] = [];
  if (!isValidTimeZone(availability.timeZone)) {
    problems.push(`"${availability.timeZone}" is not a known time zone (use a name like America/Chicago).`);
  }
  for (const hours of availability.weeklyHours) {
    if (!Number.isInteger(hours.weekday) || hours.weekday < 1 || hours.weekday > 7) {
      problems.push(`Weekday ${hours.weekday} must be 1 (Monday) to 7 (Sunday).`);
    }
    if (!isValidLocalTime(hours.start) || !isValidLocalTime(hours.end)) {
      problems.push(`Working hours ${hours.start}–${hours.end} must be times like 09:00.`);
    } else if (minutesOfDay(hours.end) <= minutesOfDay(hours.start)) {
      problems.push(`Working hours ${hours.start}–${hours.end} must end after they start.`);
    }
  }
  const byWeekday = new Map<number, WeeklyHours[]>();
  for (const hours of availability.weeklyHours) {
    if (!isValidLocalTime(hours.start) || !isValidLocalTime(hours.end)) continue;
    byWeekday.set(hours.weekday, [...(byWeekday.get(hours.weekday) ?? []), hours]);
  }
  for (const ranges of byWeekday.values()) {
    const sorted = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    for (let index = 1; index < sorted.length; index++) {
      const previous = sorted[index - 1] as WeeklyHours;
      const current = sorted[index] as WeeklyHours;
      if (minutesOfDay(current.start) < minutesOfDay(previous.end)) {
        problems.push(
          `Working hours ${previous.start}–${previous.end} and ${current.start}–${current.end} overlap.`,
        );
      }
    }
  }
  for (const date of availability.exceptions) {
    if (!isValidLocalDate(date)) problems.push(`"${date}" is not a date like 2026-03-09.`);
  }
  for (const [label, minutes] of [
    ['before', availability.bufferBeforeMinutes],
    ['after', availability.bufferAfterMinutes],
  ] as const) {
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_BUFFER_MINUTES) {
      problems.push(`The buffer ${label} interviews must be 0 to ${MAX_BUFFER_MINUTES} minutes.`);
    }
  }
  return problems;
}

interface WorkingRange {
  start: DateTime;
  end: DateTime;
  startMinutes: number;
  endMinutes: number;
}

/**
 * The local wall-clock time on `date` as an instant, or null when that time does not exist there
 * (the hour skipped when clocks spring forward: luxon would silently move it an hour later).
 * In the repeated hour when clocks fall back, luxon picks one of the two instants, so each wall-clock
 * time yields exactly one instant and no slot is offered twice.
 */
function localInstant(date: DateTime, minutes: number): DateTime | null {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const instant = DateTime.fromObject(
    { year: date.year, month: date.month, day: date.day, hour, minute },
    { zone: date.zone },
  );
  return instant.isValid && instant.day === date.day && instant.hour === hour && instant.minute === minute
    ? instant
    : null;
}

/** A wall-clock time that may fall into the skipped hour, as the first instant at or after it. */
function boundaryInstant(date: DateTime, minutes: number): DateTime {
  return DateTime.fromObject(
    {
      year: date.year,
      month: date.month,
      day: date.day,
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
    },
    { zone: date.zone },
  );
}

/** The member's working ranges on one local date (none on an exception date). */
function workingRanges(availability: MemberAvailability, date: DateTime): WorkingRange[] {
  if (availability.exceptions.includes(date.toISODate() ?? '')) return [];
  return availability.weeklyHours
    .filter((hours) => hours.weekday === date.weekday)
    .map((hours) => {
      const startMinutes = minutesOfDay(hours.start);
      const endMinutes = minutesOfDay(hours.end);
      return {
        start: boundaryInstant(date, startMinutes),
        end: boundaryInstant(date, endMinutes),
        startMinutes,
        endMinutes,
      };
    })
    .sort((a, b) => a.startMinutes - b.startMinutes);
}

/**
 * Whether `slot` collides with a busy range once the buffers are kept: the new interview needs its
 * before/after buffers clear of every busy range, and every busy interview keeps its own buffers clear
 * of the new one. One gap may serve as both one interview's after-buffer and the next one's
 * before-buffer, so two interviews end up at least max(before, after) minutes apart.
 */
function collides(availability: MemberAvailability, busy: TimeRange[], start: number, end: number): boolean {
  const margin = Math.max(availability.bufferBeforeMinutes, availability.bufferAfterMinutes) * 60_000;
  return busy.some(
    (range) => start < range.endsAt.getTime() + margin && end > range.startsAt.getTime() - margin,
  );
}

function assertWindow(from: Date, to: Date, durationMinutes: number, stepMinutes: number): void {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw new RangeError('Invalid search window');
  if (to.getTime() - from.getTime() > MAX_SEARCH_DAYS * 86_400_000) {
    throw new RangeError(`The search window is longer than ${MAX_SEARCH_DAYS} days`);
  }
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) throw new RangeError('Invalid duration');
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0) throw new RangeError('Invalid step');
}

/** Each local date of `zone` that overlaps [from, to). */
function* localDates(zone: string, from: Date, to: Date): Generator<DateTime> {
  const last = DateTime.fromJSDate(to, { zone });
  for (
    let date = DateTime.fromJSDate(from, { zone }).startOf('day');
    date <= last;
    date = date.plus({ days: 1 }).startOf('day')
  ) {
    yield date;
  }
}

/**
 * Free slots of one member in [from, to): starts aligned to stepMinutes (default 30) in local time from
 * each range's start, each slot fully inside a working range, not on an exception date, not overlapping
 * any busy range widened by the buffers.
 */
export function freeSlots(opts: {
  availability: MemberAvailability;
  busy: TimeRange[];
  from: Date;
  to: Date;
  durationMinutes: number;
  stepMinutes?: number;
}): TimeRange[] {
  const { availability, busy, from, to, durationMinutes } = opts;
  const stepMinutes = opts.stepMinutes ?? DEFAULT_STEP_MINUTES;
  assertWindow(from, to, durationMinutes, stepMinutes);
  if (!isValidTimeZone(availability.timeZone))
    throw new RangeError(`Unknown time zone ${availability.timeZone}`);
  const slots: TimeRange[] = [];
  const seen = new Set<number>();
  for (const date of localDates(availability.timeZone, from, to)) {
    for (const range of workingRanges(availability, date)) {
      // Steps are counted on the wall clock, so 09:00, 09:30 … stay on the half hour whatever the
      // day's offset; a wall-clock time in the skipped hour has no instant and is left out.
      for (let minutes = range.startMinutes; minutes < range.endMinutes; minutes += stepMinutes) {
        const start = localInstant(date, minutes);
        if (!start) continue;
        const end = start.plus({ minutes: durationMinutes });
        if (end > range.end) continue;
        const startMs = start.toMillis();
        const endMs = end.toMillis();
        if (startMs < from.getTime() || endMs > to.getTime() || seen.has(startMs)) continue;
        if (collides(availability, busy, startMs, endMs)) continue;
        seen.add(startMs);
        slots.push({ startsAt: new Date(startMs), endsAt: new Date(endMs) });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether a member can take `slot`: inside one working range of its local date, clear of busy ranges. */
export function isFreeFor(
  member: { availability: MemberAvailability; busy: TimeRange[] },
  slot: TimeRange,
): boolean {
  const { availability, busy } = member;
  const start = DateTime.fromJSDate(slot.startsAt, { zone: availability.timeZone });
  const end = DateTime.fromJSDate(slot.endsAt, { zone: availability.timeZone });
  const insideWorkingHours = workingRanges(availability, start.startOf('day')).some(
    (range) => range.start <= start && end <= range.end,
  );
  return insideWorkingHours && !collides(availability, busy, slot.startsAt.getTime(), slot.endsAt.getTime());
}

/**
 * Slots free for every member (intersection), sorted, at most `limit` (default MAX_PROPOSALS).
 * Candidates are the first member's slots (aligned on their wall clock; the first member is whoever
 * leads the interview), kept when every other member can take them too. With `perDay`, at most that
 * many non-overlapping slots are taken per local day of the first member, so the proposals spread over
 * several days instead of filling one morning.
 */
export function commonFreeSlots(opts: {
  members: { availability: MemberAvailability; busy: TimeRange[] }[];
  from: Date;
  to: Date;
  durationMinutes: number;
  stepMinutes?: number;
  limit?: number;
  perDay?: number;
}): TimeRange[] {
  const [lead, ...others] = opts.members;
  if (!lead) return [];
  const limit = opts.limit ?? MAX_PROPOSALS;
  const candidates = freeSlots({
    availability: lead.availability,
    busy: lead.busy,
    from: opts.from,
    to: opts.to,
    durationMinutes: opts.durationMinutes,
    stepMinutes: opts.stepMinutes,
  }).filter((slot) => others.every((member) => isFreeFor(member, slot)));
  if (opts.perDay === undefined) return candidates.slice(0, Math.max(0, limit));

  const chosen: TimeRange[] = [];
  const chosenByDay = new Map<string, TimeRange[]>();
  for (const slot of candidates) {
    if (chosen.length >= limit) break;
    const day = DateTime.fromJSDate(slot.startsAt, { zone: lead.availability.timeZone }).toISODate() ?? '';
    const ofDay = chosenByDay.get(day) ?? [];
    if (ofDay.length >= opts.perDay) continue;
    if (ofDay.some((other) => slot.startsAt < other.endsAt && slot.endsAt > other.startsAt)) continue;
    ofDay.push(slot);
    chosenByDay.set(day, ofDay);
    chosen.push(slot);
  }
  return chosen;
}

/** An instant in a zone with the zone named, e.g. "Tue, Mar 10, 2026, 9:00 AM EDT (America/New_York)". */
export function formatInZone(at: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone }).setLocale('en-US');
  // luxon would print "Invalid DateTime" into a mail; refuse instead.
  if (!local.isValid) throw new RangeError(`Cannot format ${String(at)} in ${timeZone}`);
  return `${local.toFormat('ccc, LLL d, yyyy, h:mm a ZZZZ')} (${timeZone})`;
}
