const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const fullFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** "Just now", "5 min", "3 h", "Yesterday", "Mon", "Nov 3": how long ago, for the conversation list. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 0) return `${Math.floor(elapsed / HOUR)} h`;
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekdayFormat.format(date);
  return dayFormat.format(date);
}

/** "10:42 AM" today, "Nov 20, 10:42 AM" before: the time under a message. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const time = timeFormat.format(date);
  return startOfDay(date) === startOfDay(now) ? time : `${dayFormat.format(date)}, ${time}`;
}

/** "Nov 20, 2026, 10:42 AM": the full moment, for a tooltip. */
export function formatFullTime(iso: string): string {
  const date = parse(iso);
  return date ? fullFormat.format(date) : '';
}
