import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInZone,
  isoWeekday,
  localDateIn,
  timeZoneOptions,
  zonedToInstant,
} from '../zoned-time.ts';

describe('wall-clock times in a named zone', () => {
  it('turns 09:00 local into the right instant on both sides of the March change', () => {
    expect(zonedToInstant('2026-03-07', '09:00', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedToInstant('2026-03-08', '09:00', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedToInstant('2026-03-09', '09:00', 'America/Los_Angeles')).toBe('2026-03-09T16:00:00.000Z');
  });

  it('turns 09:00 local into the right instant on both sides of the November change', () => {
    expect(zonedToInstant('2026-10-31', '09:00', 'America/Chicago')).toBe('2026-10-31T14:00:00.000Z');
    expect(zonedToInstant('2026-11-01', '09:00', 'America/Chicago')).toBe('2026-11-01T15:00:00.000Z');
  });

  it('never shifts Phoenix or Honolulu', () => {
    for (const date of ['2026-03-07', '2026-03-08', '2026-11-01', '2026-11-02']) {
      expect(zonedToInstant(date, '09:00', 'America/Phoenix')).toBe(`${date}T16:00:00.000Z`);
      expect(zonedToInstant(date, '09:00', 'Pacific/Honolulu')).toBe(`${date}T19:00:00.000Z`);
    }
  });

  it('moves a time in the skipped hour past the jump, and takes the first of a repeated hour', () => {
    // 02:30 does not exist in New York on 2026-03-08: it reads as 03:30 EDT.
    expect(zonedToInstant('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: the first time is still EDT.
    expect(zonedToInstant('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses malformed input', () => {
    expect(zonedToInstant('', '09:00', 'America/New_York')).toBeUndefined();
    expect(zonedToInstant('2026-03-08', '9am', 'America/New_York')).toBeUndefined();
  });

  it('names the zone when showing a time', () => {
    const text = formatInZone('2026-03-09T14:00:00.000Z', 'America/Chicago');
    expect(text).toMatch(/9:00/);
    expect(text).toMatch(/CDT/);
    expect(localDateIn(new Date('2026-03-09T03:00:00.000Z'), 'America/Los_Angeles')).toBe('2026-03-08');
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
  });

  it('lists the US zones first', () => {
    const zones = timeZoneOptions();
    expect(zones.slice(0, 3)).toEqual(['America/New_York', 'America/Chicago', 'America/Denver']);
    expect(zones).toContain('Europe/London');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
