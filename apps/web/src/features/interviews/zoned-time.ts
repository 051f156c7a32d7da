/**
 * Times in a named IANA zone with the browser's own Intl (no date library in the employer
 * bundle): showing an instant in a zone, and turning a wall-clock date and time in a zone into
 * the instant it names, daylight saving included.
 */

/** The browser's zone, e.g. America/Chicago. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const US_FIRST = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/** Every IANA zone the browser knows, the main US zones first. */
export function timeZoneOptions(): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...US_FIRST, 'UTC'];
  return [...US_FIRST, ...all.filter((zone) => !US_FIRST.includes(zone))];
}

/** The zones as a select's options, with `current` among them even when the list lacks it (e.g. UTC). */
export function zoneSelectOptions(
  zones: readonly string[],
  current: string,
): { value: string; label: string }[] {
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** "Tue, Mar 10, 2026, 9:00 AM CDT": the instant as it reads in `timeZone`, the zone named. */
export function formatInZone(
  iso: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = {},
): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
    ...options,
  }).format(new Date(iso));
}

/** "9:00 AM – 10:00 AM CDT". */
export function formatTimeRange(startIso: string, endIso: string, timeZone: string): string {
  const time = (iso: string, named: boolean) =>
    new Intl.DateTimeFormat(undefined, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(named ? { timeZoneName: 'short' as const } : {}),
    }).format(new Date(iso));
  return `${time(startIso, false)} – ${time(endIso, true)}`;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading of `date` in `timeZone`. */
export function wallClockIn(date: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
  };
}

/** 'YYYY-MM-DD' of `date` in `timeZone`. */
export function localDateIn(date: Date, timeZone: string): string {
  const { year, month, day } = wallClockIn(date, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function offsetMinutesAt(epochMs: number, timeZone: string): number {
  const clock = wallClockIn(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return Math.round((asUtc - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant (UTC ISO) that `date` ('YYYY-MM-DD') at `time` ('HH:mm') names in `timeZone`. A
 * time skipped by a daylight-saving jump resolves to the later offset, as calendars do; a
 * repeated hour to its first occurrence. Undefined for malformed input.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): string | undefined {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return undefined;
  const wall = Date.UTC(
    Number(dateMatch[1]),
    Number(dateMatch[2]) - 1,
    Number(dateMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  if (Number.isNaN(wall)) return undefined;
  const first = offsetMinutesAt(wall, timeZone);
  let instant = wall - first * 60_000;
  const second = offsetMinutesAt(instant, timeZone);
  if (second !== first) {
    const retry = wall - second * 60_000;
    // In a repeated hour both fit: keep the earlier. In a skipped hour neither does: the later offset.
    instant =
      offsetMinutesAt(retry, timeZone) === second ? Math.min(instant, retry) : Math.max(instant, retry);
  }
  return new Date(instant).toISOString();
}

/** Adds whole days to a 'YYYY-MM-DD' (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** ISO weekday 1 (Monday) … 7 (Sunday) of a 'YYYY-MM-DD'. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}
