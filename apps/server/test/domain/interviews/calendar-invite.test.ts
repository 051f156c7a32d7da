import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  buildCalendarFeedIcs,
  buildInviteIcs,
  type InviteEvent,
} from '../../../src/domain/interviews/calendar-invite.ts';

const interview: InviteEvent = {
  uid: 'interview-6f1c2a4e-95c3-4b8e-9a0d-2f4b1c7d8e90@medhire',
  sequence: 0,
  // 9:00–10:00 in New York on the first weekday of daylight time.
  startsAt: new Date('2026-03-09T13:00:00Z'),
  endsAt: new Date('2026-03-09T14:00:00Z'),
  timeZone: 'America/New_York',
  summary: 'Interview: Dr. Jane Roe, Cardiology',
  description: 'Video interview for the Cardiologist position.\nJoin from the link; bring questions.',
  location: 'Video call',
  url: 'https://medhire.example/interviews/6f1c2a4e',
  organizer: { name: 'Pat Lee', email: 'pat@clinic.example' },
  attendees: [
    { name: 'Jane Roe', email: 'jane.roe@physician.example' },
    { name: 'Sam Kim', email: 'sam.kim@clinic.example' },
    { name: 'Alex Park', email: 'alex.park@clinic.example' },
  ],
};

function parse(ics: string): { calendar: ICAL.Component; events: ICAL.Component[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

function onlyEvent(ics: string): { calendar: ICAL.Component; event: ICAL.Component } {
  const { calendar, events } = parse(ics);
  expect(events).toHaveLength(1);
  return { calendar, event: events[0] as ICAL.Component };
}

function instant(event: ICAL.Component, name: 'dtstart' | 'dtend' | 'dtstamp'): Date {
  return (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate();
}

function attendeeEmails(event: ICAL.Component): string[] {
  return event.getAllProperties('attendee').map((property) => String(property.getFirstValue()).toLowerCase());
}

describe('buildInviteIcs', () => {
  it('writes a REQUEST that ical.js reads back with the given instants, UID and attendees', () => {
    const before = Date.now();
    const ics = buildInviteIcs('REQUEST', interview);
    const { calendar, event } = onlyEvent(ics);

    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/MedHire/);
    expect(event.getFirstPropertyValue('uid')).toBe(interview.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(instant(event, 'dtstart').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(instant(event, 'dtend').toISOString()).toBe('2026-03-09T14:00:00.000Z');
    // DTSTAMP is the time the message was made (to the second).
    expect(instant(event, 'dtstamp').getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(event.getFirstPropertyValue('summary')).toBe(interview.summary);
    expect(event.getFirstPropertyValue('description')).toBe(interview.description);
    expect(event.getFirstPropertyValue('location')).toBe('Video call');
    expect(event.getFirstPropertyValue('url')).toBe(interview.url);
    expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:pat@clinic.example');
    expect(event.getFirstProperty('organizer')?.getParameter('cn')).toBe('Pat Lee');

    expect(attendeeEmails(event)).toEqual([
      'mailto:jane.roe@physician.example',
      'mailto:sam.kim@clinic.example',
      'mailto:alex.park@clinic.example',
    ]);
    const physician = event.getAllProperties('attendee')[0] as ICAL.Property;
    expect(physician.getParameter('cn')).toBe('Jane Roe');
    expect(physician.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(physician.getParameter('rsvp')).toBe('TRUE');
  });

  it('uses UTC times, so no TZID is left without a VTIMEZONE', () => {
    const ics = buildInviteIcs('REQUEST', interview);
    const { calendar, event } = onlyEvent(ics);
    expect(calendar.getAllSubcomponents('vtimezone')).toEqual([]);
    expect(event.getFirstProperty('dtstart')?.getParameter('tzid')).toBeUndefined();
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid).toBe('UTC');
    expect(ics).toContain('DTSTART:20260309T130000Z');
    expect(ics).toContain('DTEND:20260309T140000Z');
    // Lines end in CRLF as RFC 5545 requires.
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
  });

  it('keeps the UID and raises the SEQUENCE on a reschedule', () => {
    const first = onlyEvent(buildInviteIcs('REQUEST', interview)).event;
    const moved = onlyEvent(
      buildInviteIcs('REQUEST', {
        ...interview,
        sequence: 1,
        startsAt: new Date('2026-03-10T18:30:00Z'),
        endsAt: new Date('2026-03-10T19:15:00Z'),
      }),
    ).event;
    expect(moved.getFirstPropertyValue('uid')).toBe(first.getFirstPropertyValue('uid'));
    expect(Number(moved.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(first.getFirstPropertyValue('sequence')),
    );
    expect(instant(moved, 'dtstart').toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(instant(moved, 'dtend').toISOString()).toBe('2026-03-10T19:15:00.000Z');
  });

  it('writes a CANCEL with STATUS:CANCELLED, the same UID and the higher SEQUENCE', () => {
    const ics = buildInviteIcs('CANCEL', { ...interview, sequence: 2 });
    const { calendar, event } = onlyEvent(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('uid')).toBe(interview.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
    expect(instant(event, 'dtstart').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(attendeeEmails(event)).toHaveLength(3);
    // Nobody is asked to answer a cancellation.
    for (const attendee of event.getAllProperties('attendee'))
      expect(attendee.getParameter('rsvp')).toBeUndefined();
  });

  it('escapes text so commas, semicolons and new lines survive', () => {
    const tricky = 'Dr. O’Neil; Smith, Jones\nRoom 4\\B';
    const event = onlyEvent(
      buildInviteIcs('REQUEST', { ...interview, summary: tricky, description: tricky }),
    ).event;
    expect(event.getFirstPropertyValue('summary')).toBe(tricky);
    expect(event.getFirstPropertyValue('description')).toBe(tricky);
  });

  it('leaves out an absent location and URL', () => {
    const event = onlyEvent(
      buildInviteIcs('REQUEST', { ...interview, location: null, url: undefined }),
    ).event;
    expect(event.getFirstProperty('location')).toBeNull();
    expect(event.getFirstProperty('url')).toBeNull();
  });

  it('refuses an event that ends before it starts or has no UID', () => {
    expect(() => buildInviteIcs('REQUEST', { ...interview, endsAt: interview.startsAt })).toThrow(RangeError);
    expect(() => buildInviteIcs('REQUEST', { ...interview, uid: ' ' })).toThrow(RangeError);
    expect(() => buildInviteIcs('REQUEST', { ...interview, sequence: -1 })).toThrow(RangeError);
  });
});

describe('buildCalendarFeedIcs', () => {
  it('lists a member’s interviews as a published calendar, not as invitations', () => {
    const later: InviteEvent = {
      ...interview,
      uid: 'interview-0a9b8c7d-1111-4222-8333-944455556666@medhire',
      sequence: 3,
      startsAt: new Date('2026-11-02T15:00:00Z'),
      endsAt: new Date('2026-11-02T15:45:00Z'),
      status: 'CANCELLED',
    };
    const ics = buildCalendarFeedIcs({ name: 'Sam Kim · MedHire interviews', events: [interview, later] });
    const { calendar, events } = parse(ics);
    const method = calendar.getFirstPropertyValue('method');
    expect(method === null || method === 'PUBLISH').toBe(true);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Sam Kim · MedHire interviews');
    expect(events.map((event) => event.getFirstPropertyValue('uid'))).toEqual([interview.uid, later.uid]);
    expect(events.map((event) => event.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CANCELLED']);
    expect(events.map((event) => event.getFirstPropertyValue('sequence'))).toEqual([0, 3]);
    expect(events.map((event) => instant(event, 'dtstart').toISOString())).toEqual([
      '2026-03-09T13:00:00.000Z',
      '2026-11-02T15:00:00.000Z',
    ]);
    for (const event of events) {
      for (const attendee of event.getAllProperties('attendee'))
        expect(attendee.getParameter('rsvp')).toBeUndefined();
    }
  });

  it('is a valid empty calendar for a member without interviews', () => {
    const { calendar, events } = parse(buildCalendarFeedIcs({ name: 'Nobody', events: [] }));
    expect(calendar.name).toBe('vcalendar');
    expect(events).toEqual([]);
  });
});
