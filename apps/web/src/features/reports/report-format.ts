import { REPORT_DEFAULT_DAYS } from '@medhire/contract/reports';

const DAY_MS = 24 * 3600_000;

/** The period a report opens on: the last 90 days, today included (UTC days, as the server counts). */
export function defaultPeriod(now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** What is wrong with a chosen period, as the person reads it; undefined when it is fine. */
export function periodError(from: string, to: string): string | undefined {
  if (!from || !to) return 'Choose both dates.';
  if (from > to) return 'The start date must not be after the end date.';
  return undefined;
}

/** A 0..1 rate as a percentage; a dash when there is nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}

/** A duration in hours: hours under two days, days from there. */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** A duration in minutes: minutes under two hours, hours from there. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 120) return `${Math.round(minutes)} min`;
  return formatHours(minutes / 60);
}

export function formatDays(days: number | null): string {
  return days === null ? '—' : `${Math.round(days * 10) / 10} days`;
}
