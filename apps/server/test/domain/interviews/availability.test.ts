import { describe, expect, it } from 'vitest';
import {
  availabilityProblems,
  commonFreeSlots,
  formatInZone,
  freeSlots,
  isValidTimeZone,
  type MemberAvailability,
  type TimeRange,
  type WeeklyHours,
} from '../../../src/domain/interviews/availability.ts';

// The expectations below are written from the published US offsets, and local times are read back through
// Intl (not luxon), so the tests check the implementation against an independent source.

function everyDay(start: string, end: string): WeeklyHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
}

function member(timeZone: string, overrides: Partial<MemberAvailability> = {}): MemberAvailability {
  return {
    timeZone,
    weeklyHours: everyDay('09:00', '17:00'),
    exceptions: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    ...overrides,
  };
}

/** The local date and wall-clock time of an instant, read through Intl. */
function local(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

function byLocalDate(slots: TimeRange[], timeZone: string): Map<string, TimeRange[]> {
  const days = new Map<string, TimeRange[]>();
  for (const slot of slots) {
    const { date } = local(slot.startsAt, timeZone);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return days;
}

function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${first}T00:00:00Z`); day <= new Date(`${last}T00:00:00Z`); ) {
    dates.push(day.toISOString().slice(0, 10));
    day = new Date(day.getTime() + 86_400_000);
  }
  return dates;
}

function localTimes(slots: TimeRange[], timeZone: string): string[] {
  return slots.map((slot) => local(slot.startsAt, timeZone).time);
}

function expectNoOverlap(slots: TimeRange[]): void {
  for (let index = 1; index < slots.length; index++) {
    expect((slots[index] as TimeRange).startsAt.getTime()).toBeGreaterThanOrEqual(
      (slots[index - 1] as TimeRange).endsAt.getTime(),
    );
  }
}

/** UTC offsets in hours: standard time, and daylight time (the same where the zone never shifts). */
const ZONES: { zone: string; standard: number; daylight: number }[] = [
  { zone: 'America/New_York', standard: -5, daylight: -4 },
  { zone: 'America/Chicago', standard: -6, daylight: -5 },
  { zone: 'America/Denver', standard: -7, daylight: -6 },
  { zone: 'America/Phoenix', standard: -7, daylight: -7 },
  { zone: 'America/Los_Angeles', standard: -8, daylight: -7 },
  { zone: 'America/Anchorage', standard: -9, daylight: -8 },
  { zone: 'Pacific/Honolulu', standard: -10, daylight: -10 },
];

/** In 2026 US daylight time runs from Sunday 8 March to Sunday 1 November (both 02:00 local). */
function isDaylight(date: string): boolean {
  return date >= '2026-03-08' && date < '2026-11-01';
}

/** The instant of 09:00 local on `date` from the offset table, by plain arithmetic. */
function nineAm(date: string, offsetHours: number): number {
  return new Date(`${date}T09:00:00Z`).getTime() - offsetHours * 3_600_000;
}

describe('DST golden tests: 09:00–17:00 local starts at exactly 09:00 local every day', () => {
  const periods = [
    { first: '2026-03-01', last: '2026-03-15' },
    { first: '2026-10-25', last: '2026-11-08' },
  ];
  for (const { zone, standard, daylight } of ZONES) {
    for (const { first, last } of periods) {
      it(`${zone} from ${first} to ${last}`, () => {
        const slots = freeSlots({
          availability: member(zone),
          busy: [],
          // A window wider than the local days, so every day is complete in every zone.
          from: new Date(`${first}T00:00:00Z`),
          to: new Date(new Date(`${last}T00:00:00Z`).getTime() + 2 * 86_400_000),
          durationMinutes: 30,
        });
        const days = byLocalDate(slots, zone);
        for (const date of datesBetween(first, last)) {
          const ofDay = days.get(date) ?? [];
          const offset = isDaylight(date) ? daylight : standard;
          expect(ofDay[0]?.startsAt.getTime(), `${zone} ${date}`).toBe(nineAm(date, offset));
          expect(local(ofDay[0]?.startsAt as Date, zone).time).toBe('09:00');
          // 09:00, 09:30 … 16:30: sixteen half-hour slots, the last one ending at 17:00 local.
          expect(localTimes(ofDay, zone)).toEqual(
            Array.from({ length: 16 }, (_, index) => {
              const minutes = 9 * 60 + index * 30;
              return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
            }),
          );
          expect(local(ofDay.at(-1)?.endsAt as Date, zone).time).toBe('17:00');
        }
      });
    }
  }

  it('Phoenix and Honolulu keep one UTC offset across both change dates', () => {
    for (const zone of ['America/Phoenix', 'Pacific/Honolulu']) {
      const firstUtcHours = [
        '2026-03-07',
        '2026-03-08',
        '2026-03-09',
        '2026-10-31',
        '2026-11-01',
        '2026-11-02',
      ].map((date) =>
        freeSlots({
          availability: member(zone),
          busy: [],
          // 12:00 UTC is before 09:00 local in both zones, so the day's first slot is 09:00 local.
          from: new Date(`${date}T12:00:00Z`),
          to: new Date(`${date}T23:59:00Z`),
          durationMinutes: 60,
        })[0]?.startsAt.getUTCHours(),
      );
      expect(firstUtcHours).toEqual(Array(6).fill(zone === 'America/Phoenix' ? 16 : 19));
    }
  });
});

describe('the skipped hour (clocks spring forward on 2026-03-08)', () => {
  for (const { zone, standard, daylight } of ZONES) {
    it(`${zone}: no slot in the skipped 02:00–03:00 local when hours are 00:00–06:00`, () => {
      const slots = freeSlots({
        availability: member(zone, { weeklyHours: everyDay('00:00', '06:00') }),
        busy: [],
        from: new Date('2026-03-08T00:00:00Z'),
        to: new Date('2026-03-09T23:00:00Z'),
        durationMinutes: 30,
      });
      const ofDay = byLocalDate(slots, zone).get('2026-03-08') ?? [];
      const times = localTimes(ofDay, zone);
      if (standard === daylight) {
        // No change of clocks here: 02:00 exists and every half hour is offered.
        expect(times).toHaveLength(12);
        expect(times).toContain('02:30');
      } else {
        expect(times.filter((time) => time.startsWith('02:'))).toEqual([]);
        // 00:00 … 01:30 and 03:00 … 05:30: the two half hours that do not exist are not offered.
        expect(times).toEqual([
          '00:00',
          '00:30',
          '01:00',
          '01:30',
          '03:00',
          '03:30',
          '04:00',
          '04:30',
          '05:00',
          '05:30',
        ]);
        // The slot before the gap ends exactly when the clock jumps, one real half hour later.
        expect((ofDay[4] as TimeRange).startsAt.getTime() - (ofDay[3] as TimeRange).startsAt.getTime()).toBe(
          30 * 60_000,
        );
      }
      expectNoOverlap(ofDay);
      // Every slot still lasts exactly thirty real minutes.
      for (const slot of ofDay) expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(30 * 60_000);
    });
  }

  it('a range starting inside the skipped hour starts at 03:00 local', () => {
    const zone = 'America/Chicago';
    const slots = freeSlots({
      availability: member(zone, { weeklyHours: [{ weekday: 7, start: '02:00', end: '05:00' }] }),
      busy: [],
      from: new Date('2026-03-08T00:00:00Z'),
      to: new Date('2026-03-09T00:00:00Z'),
      durationMinutes: 60,
      stepMinutes: 60,
    });
    expect(localTimes(slots, zone)).toEqual(['03:00', '04:00']);
    expect(slots[0]?.startsAt.toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });
  it('does not move a skipped start to the next hour, which would break the alignment', () => {
    const zone = 'America/Chicago';
    const slots = freeSlots({
      availability: member(zone, { weeklyHours: [{ weekday: 7, start: '02:00', end: '05:00' }] }),
      busy: [],
      from: new Date('2026-03-08T00:00:00Z'),
      to: new Date('2026-03-09T00:00:00Z'),
      durationMinutes: 45,
      stepMinutes: 45,
    });
    // 02:00 and 02:45 do not exist; shifting them would give 03:00 and 03:45, overlapping 03:30.
    expect(localTimes(slots, zone)).toEqual(['03:30', '04:15']);
    expectNoOverlap(slots);
  });
});

describe('the repeated hour (clocks fall back on 2026-11-01)', () => {
  it('offers each wall-clock time once, with no overlapping or duplicate slots', () => {
    const zone = 'America/New_York';
    const slots = freeSlots({
      availability: member(zone, { weeklyHours: everyDay('00:00', '06:00') }),
      busy: [],
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-02T12:00:00Z'),
      durationMinutes: 30,
    });
    const ofDay = byLocalDate(slots, zone).get('2026-11-01') ?? [];
    const times = localTimes(ofDay, zone);
    expect(times).toEqual(
      Array.from({ length: 12 }, (_, index) => `0${Math.floor(index / 2)}:${index % 2 ? '30' : '00'}`),
    );
    expect(new Set(ofDay.map((slot) => slot.startsAt.getTime())).size).toBe(ofDay.length);
    expectNoOverlap(ofDay);
    // The last slot ends at 06:00 EST, seven real hours after 00:00 EDT.
    expect(ofDay.at(-1)?.endsAt.toISOString()).toBe('2026-11-01T11:00:00.000Z');
    expect(ofDay[0]?.startsAt.toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('keeps hour-long slots apart through the repeated hour', () => {
    const zone = 'America/Denver';
    const slots = freeSlots({
      availability: member(zone, { weeklyHours: [{ weekday: 7, start: '00:00', end: '04:00' }] }),
      busy: [],
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-02T00:00:00Z'),
      durationMinutes: 60,
      stepMinutes: 60,
    });
    expect(localTimes(slots, zone)).toEqual(['00:00', '01:00', '02:00', '03:00']);
    expectNoOverlap(slots);
  });
});

describe('busy time, buffers and exceptions', () => {
  const zone = 'America/New_York';
  // Tuesday 10 March 2026, daylight time (UTC−4).
  const day = { from: new Date('2026-03-10T04:00:00Z'), to: new Date('2026-03-11T04:00:00Z') };
  const lunchMeeting: TimeRange = {
    startsAt: new Date('2026-03-10T16:00:00Z'), // 12:00 EDT
    endsAt: new Date('2026-03-10T17:00:00Z'), // 13:00 EDT
  };

  it('subtracts busy ranges: slots end by the start of an interview and start at its end', () => {
    const slots = freeSlots({
      availability: member(zone),
      busy: [lunchMeeting],
      ...day,
      durationMinutes: 60,
    });
    expect(localTimes(slots, zone)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
  });

  it('keeps buffers clear around busy interviews', () => {
    const slots = freeSlots({
      availability: member(zone, { bufferBeforeMinutes: 15, bufferAfterMinutes: 30 }),
      busy: [lunchMeeting],
      ...day,
      durationMinutes: 60,
      stepMinutes: 15,
    });
    const times = localTimes(slots, zone);
    // The last slot before ends 30 minutes before noon (the new interview's after-buffer); the first
    // after starts 30 minutes after 13:00 (the busy interview's after-buffer).
    expect(times.filter((time) => time < '12:00').at(-1)).toBe('10:30');
    expect(times.find((time) => time >= '12:00')).toBe('13:30');
    expect(times).not.toContain('10:45');
    expect(times).not.toContain('13:15');
  });

  it('ignores busy ranges that do not touch the buffered slot', () => {
    const slots = freeSlots({
      availability: member(zone, { bufferBeforeMinutes: 10, bufferAfterMinutes: 10 }),
      busy: [{ startsAt: new Date('2026-03-10T21:10:00Z'), endsAt: new Date('2026-03-10T22:00:00Z') }], // 17:10–18:00
      ...day,
      durationMinutes: 60,
    });
    expect(localTimes(slots, zone).at(-1)).toBe('16:00');
  });

  it('offers nothing on an exception date, in the member’s own local date', () => {
    const honolulu = 'Pacific/Honolulu';
    const slots = freeSlots({
      availability: member(honolulu, { exceptions: ['2026-03-10'] }),
      busy: [],
      from: new Date('2026-03-09T12:00:00Z'), // 02:00 HST
      to: new Date('2026-03-13T00:00:00Z'),
      durationMinutes: 60,
    });
    const days = byLocalDate(slots, honolulu);
    expect([...days.keys()]).toEqual(['2026-03-09', '2026-03-11', '2026-03-12']);
    // 10 March 17:00 HST is 11 March 03:00 UTC: a UTC-dated exception would have wrongly left it in.
    expect(slots.some((slot) => slot.startsAt.toISOString().startsWith('2026-03-11T0'))).toBe(false);
  });

  it('honours several ranges per weekday and only the weekdays given', () => {
    const slots = freeSlots({
      availability: member(zone, {
        weeklyHours: [
          { weekday: 2, start: '09:00', end: '11:00' },
          { weekday: 2, start: '14:00', end: '15:30' },
          { weekday: 3, start: '08:00', end: '09:00' },
        ],
      }),
      busy: [],
      from: new Date('2026-03-09T00:00:00Z'),
      to: new Date('2026-03-13T00:00:00Z'),
      durationMinutes: 60,
    });
    expect(
      slots.map((slot) => `${local(slot.startsAt, zone).date} ${local(slot.startsAt, zone).time}`),
    ).toEqual([
      '2026-03-10 09:00',
      '2026-03-10 09:30',
      '2026-03-10 10:00',
      '2026-03-10 14:00',
      '2026-03-10 14:30',
      '2026-03-11 08:00',
    ]);
  });

  it('keeps slots inside [from, to)', () => {
    const slots = freeSlots({
      availability: member(zone),
      busy: [],
      from: new Date('2026-03-10T14:10:00Z'), // 10:10 EDT
      to: new Date('2026-03-10T16:30:00Z'), // 12:30 EDT
      durationMinutes: 30,
    });
    expect(localTimes(slots, zone)).toEqual(['10:30', '11:00', '11:30', '12:00']);
  });
});

describe('common free slots of several members', () => {
  const newYork = member('America/New_York');
  const losAngeles = member('America/Los_Angeles');
  const honolulu = member('Pacific/Honolulu');

  it('intersects two zones: 12:00–17:00 Eastern is 09:00–14:00 Pacific', () => {
    const slots = commonFreeSlots({
      members: [
        { availability: newYork, busy: [] },
        { availability: losAngeles, busy: [] },
      ],
      from: new Date('2026-03-10T04:00:00Z'),
      to: new Date('2026-03-11T04:00:00Z'),
      durationMinutes: 60,
      limit: 100,
    });
    expect(localTimes(slots, 'America/New_York')).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(local(slots[0]?.startsAt as Date, 'America/Los_Angeles').time).toBe('09:00');
  });

  it('follows the change of offset between a shifting and a fixed zone', () => {
    const members = [
      { availability: newYork, busy: [] },
      { availability: losAngeles, busy: [] },
      { availability: honolulu, busy: [] },
    ];
    const window = { durationMinutes: 60, limit: 100 };
    // Friday 6 March: Eastern is UTC−5, so 09:00 in Honolulu (UTC−10) is 14:00 in New York.
    const before = commonFreeSlots({
      members,
      from: new Date('2026-03-06T05:00:00Z'),
      to: new Date('2026-03-07T05:00:00Z'),
      ...window,
    });
    expect(localTimes(before, 'America/New_York')).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00']);
    // Monday 9 March: Eastern is UTC−4, Honolulu still UTC−10, so only 15:00–17:00 Eastern is common.
    const after = commonFreeSlots({
      members,
      from: new Date('2026-03-09T04:00:00Z'),
      to: new Date('2026-03-10T04:00:00Z'),
      ...window,
    });
    expect(localTimes(after, 'America/New_York')).toEqual(['15:00', '15:30', '16:00']);
  });

  it('removes times when any member is busy or off', () => {
    const slots = commonFreeSlots({
      members: [
        { availability: newYork, busy: [] },
        {
          availability: losAngeles,
          busy: [{ startsAt: new Date('2026-03-10T17:00:00Z'), endsAt: new Date('2026-03-10T18:00:00Z') }],
        },
        { availability: member('America/Chicago', { exceptions: ['2026-03-11'] }), busy: [] },
      ],
      from: new Date('2026-03-10T04:00:00Z'),
      to: new Date('2026-03-12T04:00:00Z'),
      durationMinutes: 60,
      limit: 100,
    });
    const days = byLocalDate(slots, 'America/New_York');
    expect([...days.keys()]).toEqual(['2026-03-10']);
    // 13:00–14:00 Eastern is the Pacific member's busy hour.
    expect(localTimes(days.get('2026-03-10') ?? [], 'America/New_York')).toEqual([
      '12:00',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
  });

  it('spreads proposals over days and stops at the limit', () => {
    const slots = commonFreeSlots({
      members: [
        { availability: newYork, busy: [] },
        { availability: losAngeles, busy: [] },
      ],
      from: new Date('2026-03-09T04:00:00Z'),
      to: new Date('2026-03-16T04:00:00Z'),
      durationMinutes: 60,
      limit: 5,
      perDay: 2,
    });
    expect(slots).toHaveLength(5);
    const days = byLocalDate(slots, 'America/New_York');
    expect([...days.keys()]).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    for (const ofDay of days.values()) {
      expect(ofDay.length).toBeLessThanOrEqual(2);
      expectNoOverlap(ofDay);
    }
    expect(localTimes(days.get('2026-03-09') ?? [], 'America/New_York')).toEqual(['12:00', '13:00']);
    expect(slots.map((slot) => slot.startsAt.getTime())).toEqual(
      [...slots].map((slot) => slot.startsAt.getTime()).sort((a, b) => a - b),
    );
  });

  it('answers nothing for no members or no common time', () => {
    const window = {
      from: new Date('2026-03-10T00:00:00Z'),
      to: new Date('2026-03-11T00:00:00Z'),
      durationMinutes: 60,
    };
    expect(commonFreeSlots({ members: [], ...window })).toEqual([]);
    const early = member('America/New_York', { weeklyHours: everyDay('06:00', '08:00') });
    expect(
      commonFreeSlots({
        members: [
          { availability: early, busy: [] },
          { availability: losAngeles, busy: [] },
        ],
        ...window,
      }),
    ).toEqual([]);
  });
});

describe('formatInZone', () => {
  it('names the local time, its abbreviation and the zone', () => {
    expect(formatInZone(new Date('2026-03-10T13:00:00Z'), 'America/New_York')).toBe(
      'Tue, Mar 10, 2026, 9:00 AM EDT (America/New_York)',
    );
    expect(formatInZone(new Date('2026-03-06T14:00:00Z'), 'America/New_York')).toBe(
      'Fri, Mar 6, 2026, 9:00 AM EST (America/New_York)',
    );
    expect(formatInZone(new Date('2026-11-02T19:30:00Z'), 'Pacific/Honolulu')).toBe(
      'Mon, Nov 2, 2026, 9:30 AM HST (Pacific/Honolulu)',
    );
    expect(() => formatInZone(new Date('2026-03-10T13:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('validation helpers', () => {
  it('accepts IANA zone names only', () => {
    for (const zone of ['America/Phoenix', 'Pacific/Honolulu', 'America/Argentina/Buenos_Aires', 'UTC']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['', 'EST', '+05:00', 'Mars/Olympus_Mons', 'America/Nowhere', 'New York']) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });

  it('explains what is wrong with an availability', () => {
    expect(availabilityProblems(member('America/Denver'))).toEqual([]);
    const problems = availabilityProblems({
      timeZone: 'EST',
      weeklyHours: [
        { weekday: 0, start: '09:00', end: '10:00' },
        { weekday: 1, start: '17:00', end: '09:00' },
        { weekday: 2, start: '9:00', end: '10:00' },
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 3, start: '11:00', end: '13:00' },
      ],
      exceptions: ['2026-02-30'],
      bufferBeforeMinutes: -5,
      bufferAfterMinutes: 121,
    });
    expect(problems).toHaveLength(8);
    expect(problems.join('\n')).toMatch(/not a known time zone/);
    expect(problems.join('\n')).toMatch(/09:00–12:00 and 11:00–13:00 overlap/);
  });

  it('refuses windows it will not search', () => {
    expect(() =>
      freeSlots({
        availability: member('America/Denver'),
        busy: [],
        from: new Date('2026-01-01T00:00:00Z'),
        to: new Date('2027-01-01T00:00:00Z'),
        durationMinutes: 60,
      }),
    ).toThrow(RangeError);
  });
});
