import { INTERVIEW_MESSAGES, type TInterview, type TPhysicianInterview } from '@medhire/contract/interviews';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewParticipants, interviewSessions, interviews } from '../../../src/db/schema/interviews.ts';
import { calendarFeedOf } from '../../../src/domain/interviews/calendar-feed.ts';
import type { OutboxMessage } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { callApi } from './applicant-kit.ts';
import {
  applicantOf,
  fixedBody,
  HOUR_MS,
  interviewTeam,
  linkTokenOf,
  schedule,
  scheduled,
  waitForMails,
} from './interviews-kit.ts';

let app: FastifyInstance;
let team: Awaited<ReturnType<typeof interviewTeam>>;
let rival: Awaited<ReturnType<typeof interviewTeam>>;

const ZONE = 'America/Chicago';

beforeAll(async () => {
  app = await buildTestApp();
  team = await interviewTeam(app);
  rival = await interviewTeam(app);
});
afterAll(async () => {
  await app.close();
});

/** 9:00 local (America/Chicago) on the day `days` after today, as a start for an itinerary. */
function morning(days: number, hour = 9, minute = 0): DateTime {
  return DateTime.now().setZone(ZONE).plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });
}

function session(
  title: string,
  startsAt: DateTime,
  minutes: number,
  interviewerIds: string[],
  extra: { location?: string; _id?: string } = {},
) {
  return {
    title,
    startsAt: startsAt.toUTC().toISO() ?? '',
    endsAt: startsAt.plus({ minutes }).toUTC().toISO() ?? '',
    interviewerIds,
    ...extra,
  };
}

/** A two-day visit starting `days` from today: tour, interview (day 1), breakfast with the chief (day 2). */
function visitBody(days: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'onsite',
    durationMinutes: 60,
    interviewerIds: [team.owner.id],
    timeZone: ZONE,
    location: 'Main campus, 100 Clinic Way',
    travelNotes: 'Hotel booked at the Riverside Inn; we reimburse mileage.',
    timing: {
      mode: 'visit',
      sessions: [
        session('Tour of the clinic', morning(days), 60, [team.recruiter.id], { location: 'Lobby' }),
        session(
          'Interview with the partners',
          morning(days, 10, 30),
          90,
          [team.interviewer.id, team.owner.id],
          {
            location: 'Room 2B',
          },
        ),
        session('Breakfast with the chief', morning(days + 1, 8), 60, [team.interviewer.id], {
          location: 'Cafeteria',
        }),
      ],
    },
    ...extra,
  };
}

async function activeRowsOf(interviewId: string) {
  return app.db
    .select()
    .from(interviewParticipants)
    .where(and(eq(interviewParticipants.interviewId, interviewId), eq(interviewParticipants.isActive, true)));
}

function parseCalendar(mail: OutboxMessage) {
  expect(mail.icalEvent, `no invite in "${mail.subject}"`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(mail.icalEvent?.content ?? ''));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
      summary: String(event.getFirstPropertyValue('summary')),
      description: String(event.getFirstPropertyValue('description')),
      location: event.getFirstPropertyValue('location'),
    })),
  };
}

describe('scheduling a site visit', () => {
  it('stores the itinerary, holds each session for its interviewers and the physician, and every view shows it', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Visiting');
    const body = visitBody(20);
    const visit = await scheduled(app, team.owner, applicant.applicationId, body);
    const sessions = body.timing.sessions;
    expect(visit).toMatchObject({
      type: 'onsite',
      status: 'scheduled',
      startsAt: sessions[0]?.startsAt,
      endsAt: sessions[2]?.endsAt,
      durationMinutes: 60 + 90 + 60,
      travelNotes: 'Hotel booked at the Riverside Inn; we reimburse mileage.',
      timeZone: ZONE,
    });
    expect(visit.sessions.map((one) => [one.title, one.location, one.startsAt])).toEqual(
      sessions.map((one) => [one.title, one.location, one.startsAt]),
    );
    expect(visit.sessions[1]?.interviewers.map((person) => person.name)).toEqual([
      'Ivan Interviewer',
      expect.any(String),
    ]);
    // The visit's interviewers are its sessions' (the body's interviewerIds are not used).
    expect(visit.interviewers.map((person) => person.userId).sort()).toEqual(
      [team.recruiter.id, team.interviewer.id, team.owner.id].sort(),
    );
    const rows = await activeRowsOf(visit._id);
    // Tour: recruiter + physician; partners: 2 + physician; breakfast: 1 + physician.
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.sessionId !== null)).toBe(true);
    expect(rows.filter((row) => row.participantUserId === applicant.userId)).toHaveLength(3);
    const ivan = rows.filter((row) => row.participantUserId === team.interviewer.id);
    expect(ivan.map((row) => row.startsAt?.toISOString()).sort()).toEqual(
      [sessions[1]?.startsAt, sessions[2]?.startsAt].sort(),
    );

    const list = await callApi(
      app,
      'GET',
      `/employer/interview/get-interviews?from=${encodeURIComponent(morning(19).toUTC().toISO() ?? '')}&to=${encodeURIComponent(morning(23).toUTC().toISO() ?? '')}&memberId=${team.recruiter.id}`,
      team.owner.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data.interviews as TInterview[]).find((one) => one._id === visit._id);
    expect(listed?.sessions).toHaveLength(3);

    const mine = await callApi(app, 'GET', '/employee/interview/get-my-interviews', applicant.token);
    expect(mine.statusCode, mine.body).toBe(200);
    const physicianView = (mine.json().data.interviews as TPhysicianInterview[])[0];
    expect(physicianView?.sessions.map((one) => one.title)).toEqual(sessions.map((one) => one.title));
    expect(physicianView?.sessions[1]?.interviewers.map((person) => person.name)).toContain(
      'Ivan Interviewer',
    );
    expect(physicianView?.travelNotes).toContain('Riverside Inn');

    const [invite] = await waitForMails(app, applicant.email, 1, (mail) =>
      mail.text.includes('Dr. Visiting Doe'),
    );
    const token = linkTokenOf(invite as OutboxMessage);
    const byLink = await callApi(app, 'GET', `/employee/interview/public/${encodeURIComponent(token)}`);
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect((byLink.json().data as TPhysicianInterview).sessions).toHaveLength(3);
  });

  it.each([
    [
      'overlapping sessions',
      () => [
        session('A', morning(40), 60, [team.interviewer.id]),
        session('B', morning(40, 9, 30), 60, [team.recruiter.id]),
      ],
      INTERVIEW_MESSAGES.visitSessionsOverlap,
    ],
    [
      'three days',
      () => [
        session('A', morning(41), 60, [team.interviewer.id]),
        session('B', morning(43), 60, [team.recruiter.id]),
      ],
      INTERVIEW_MESSAGES.visitTooLong,
    ],
    ['no sessions', () => [], 'A site visit has at least 2 sessions.'],
    [
      'a session without interviewers',
      () => [session('A', morning(44), 60, []), session('B', morning(44, 11), 60, [team.recruiter.id])],
      'Choose at least one interviewer for each session.',
    ],
    [
      'a session in the past',
      () => [
        session('A', morning(-2), 60, [team.interviewer.id]),
        session('B', morning(-2, 11), 60, [team.owner.id]),
      ],
      INTERVIEW_MESSAGES.inThePast,
    ],
  ])('refuses %s (400) and writes nothing', async (_label, sessionsOf, message) => {
    const applicant = await applicantOf(app, team.job._id, 'Refused');
    const response = await schedule(app, team.owner, applicant.applicationId, {
      ...visitBody(40),
      timing: { mode: 'visit', sessions: sessionsOf() },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(message);
    expect(
      await app.db.select().from(interviews).where(eq(interviews.applicationId, applicant.applicationId)),
    ).toEqual([]);
  });

  it('refuses a visit that is not on site (400)', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Video');
    const response = await schedule(
      app,
      team.owner,
      applicant.applicationId,
      visitBody(45, { type: 'video' }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(INTERVIEW_MESSAGES.visitOnlyOnSite);
  });

  it('refuses a session interviewer from another organisation (422, as for any interviewer) and writes nothing', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Stranger');
    const body = visitBody(46);
    const first = body.timing.sessions[0];
    if (first) first.interviewerIds = [rival.interviewer.id];
    const response = await schedule(app, team.owner, applicant.applicationId, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toBe(INTERVIEW_MESSAGES.interviewerNotMember);
    expect(
      await app.db.select().from(interviews).where(eq(interviews.applicationId, applicant.applicationId)),
    ).toEqual([]);
  });

  it('answers 404 for another organisation’s application', async () => {
    const theirs = await applicantOf(app, rival.job._id, 'Theirs');
    for (const applicationId of [theirs.applicationId, UNKNOWN_ID]) {
      const response = await schedule(app, team.owner, applicationId, visitBody(47));
      expect(response.statusCode, response.body).toBe(404);
    }
  });
});

describe('no double booking in a visit', () => {
  it('answers 409 when a session interviewer has another interview then, and changes nothing; cancelling frees the time', async () => {
    const other = await applicantOf(app, team.job._id, 'Earlier');
    const busyAt = morning(60, 10, 30);
    const existing = await scheduled(
      app,
      team.owner,
      other.applicationId,
      fixedBody([team.interviewer.id], new Date(busyAt.toMillis() + HOUR_MS / 2)),
    );
    const applicant = await applicantOf(app, team.job._id, 'Clashing');
    const response = await schedule(app, team.owner, applicant.applicationId, visitBody(60));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toContain('Ivan Interviewer');
    expect(
      await app.db.select().from(interviews).where(eq(interviews.applicationId, applicant.applicationId)),
    ).toEqual([]);
    expect(await activeRowsOf(existing._id)).toHaveLength(2);

    // The visit takes the time once the other interview is cancelled…
    const cancelled = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${existing._id}`,
      team.owner.token,
      { reason: 'Moved to a site visit.' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const visit = await scheduled(app, team.owner, applicant.applicationId, visitBody(60));
    // …and frees it when cancelled in turn: the other interview can be booked there again.
    const cancelVisit = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${visit._id}`,
      team.owner.token,
      { reason: 'Position filled.' },
    );
    expect(cancelVisit.statusCode, cancelVisit.body).toBe(200);
    expect(await activeRowsOf(visit._id)).toEqual([]);
    const again = await applicantOf(app, team.job._id, 'Again');
    await scheduled(
      app,
      team.owner,
      again.applicationId,
      fixedBody([team.interviewer.id], new Date(busyAt.toMillis() + HOUR_MS / 2)),
    );
  });

  it('lets different interviewers of two visits sit at the same time, but never the same one', async () => {
    const first = await applicantOf(app, team.job._id, 'Parallel');
    const second = await applicantOf(app, team.job._id, 'Parallel2');
    const at = morning(70);
    await scheduled(app, team.owner, first.applicationId, {
      ...visitBody(70),
      timing: {
        mode: 'visit',
        sessions: [
          session('A', at, 60, [team.recruiter.id]),
          session('B', at.plus({ hours: 2 }), 60, [team.recruiter.id]),
        ],
      },
    });
    const ok = await schedule(app, team.owner, second.applicationId, {
      ...visitBody(70),
      timing: {
        mode: 'visit',
        sessions: [
          session('A', at, 60, [team.interviewer.id]),
          session('B', at.plus({ hours: 2 }), 60, [team.interviewer.id]),
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const third = await applicantOf(app, team.job._id, 'Parallel3');
    const clash = await schedule(app, team.owner, third.applicationId, {
      ...visitBody(70),
      timing: {
        mode: 'visit',
        sessions: [
          session('A', at.plus({ hours: 4 }), 60, [team.owner.id]),
          session('B', at.plus({ hours: 2, minutes: 30 }), 60, [team.recruiter.id]),
        ],
      },
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().error.details).toEqual({ busyUserId: team.recruiter.id });
  });
});

describe('site visit invites', () => {
  it('sends the physician one event with the itinerary and each interviewer their sessions; a move keeps UIDs with a higher SEQUENCE, a cancel sends CANCEL', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Itinerary');
    const body = visitBody(80);
    const visit = await scheduled(app, team.owner, applicant.applicationId, body);
    const isThis = (mail: OutboxMessage) => mail.text.includes('Dr. Itinerary Doe');

    const [physicianMail] = await waitForMails(app, applicant.email, 1, isThis);
    const physicianInvite = parseCalendar(physicianMail as OutboxMessage);
    expect(physicianInvite.method).toBe('REQUEST');
    expect(physicianInvite.events).toHaveLength(1);
    const [visitEvent] = physicianInvite.events;
    expect(visitEvent).toMatchObject({
      uid: `interview-${visit._id}@medhire`,
      sequence: 0,
      start: visit.startsAt,
      end: visit.endsAt,
    });
    const description = visitEvent?.description ?? '';
    expect(description).toContain(`Itinerary (times in ${ZONE}):`);
    expect(description).toContain(morning(80).toFormat('cccc, LLLL d, yyyy'));
    expect(description).toContain(morning(81).toFormat('cccc, LLLL d, yyyy'));
    expect(description).toMatch(
      /9:00 AM – 10:00 AM C[SD]T: Tour of the clinic · Lobby · with Rita Recruiter/,
    );
    expect(description).toContain('Breakfast with the chief · Cafeteria · with Ivan Interviewer');
    expect(description).toContain('Travel: Hotel booked at the Riverside Inn');

    // Ivan sits in two sessions: two mails, one event each, with the sessions' own UIDs.
    const ivanMails = await waitForMails(app, team.interviewer.email, 2, isThis);
    const ivanEvents = ivanMails.map((mail) => parseCalendar(mail));
    expect(ivanEvents.every((invite) => invite.method === 'REQUEST' && invite.events.length === 1)).toBe(
      true,
    );
    const partnersId = visit.sessions[1]?._id ?? '';
    const breakfastId = visit.sessions[2]?._id ?? '';
    expect(ivanEvents.map((invite) => invite.events[0]?.uid).sort()).toEqual(
      [
        `interview-${visit._id}-session-${partnersId}@medhire`,
        `interview-${visit._id}-session-${breakfastId}@medhire`,
      ].sort(),
    );
    expect(ivanEvents.map((invite) => invite.events[0]?.location).sort()).toEqual(['Cafeteria', 'Room 2B']);
    // Rita only the tour.
    const ritaMails = await waitForMails(app, team.recruiter.email, 1, isThis);
    expect(ritaMails).toHaveLength(1);
    expect(parseCalendar(ritaMails[0] as OutboxMessage).events[0]?.summary).toContain('Tour of the clinic');

    // Reschedule: the partners' interview moves an hour, Ivan leaves breakfast (Rita takes it).
    const moved = body.timing.sessions.map((one, index) => ({
      ...one,
      _id: visit.sessions[index]?._id,
    }));
    const partners = moved[1];
    const breakfast = moved[2];
    if (!partners || !breakfast) throw new Error('no sessions');
    partners.startsAt = morning(80, 13).toUTC().toISO() ?? '';
    partners.endsAt = morning(80, 14, 30).toUTC().toISO() ?? '';
    breakfast.interviewerIds = [team.recruiter.id];
    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${visit._id}`,
      team.owner.token,
      { timing: { mode: 'visit', sessions: moved }, travelNotes: 'Parking in lot C.' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().data as TInterview;
    expect(after).toMatchObject({ sequence: 1, travelNotes: 'Parking in lot C.' });
    expect(after.sessions.map((one) => one._id)).toEqual(visit.sessions.map((one) => one._id));
    const ivanRows = (await activeRowsOf(visit._id)).filter(
      (row) => row.participantUserId === team.interviewer.id,
    );
    expect(ivanRows.map((row) => row.startsAt?.toISOString())).toEqual([partners.startsAt]);

    const physicianMails = await waitForMails(app, applicant.email, 2, isThis);
    const update = parseCalendar(physicianMails[1] as OutboxMessage);
    expect(update.events[0]).toMatchObject({ uid: visitEvent?.uid, sequence: 1 });
    expect(update.events[0]?.description).toMatch(/1:00 PM – 2:30 PM C[SD]T: Interview with the partners/);
    const ivanAfter = await waitForMails(app, team.interviewer.email, 4, isThis);
    const ivanLatest = ivanAfter.slice(2).map((mail) => parseCalendar(mail));
    const partnersMove = ivanLatest.find((invite) => invite.method === 'REQUEST');
    expect(partnersMove?.events[0]).toMatchObject({
      uid: `interview-${visit._id}-session-${partnersId}@medhire`,
      sequence: 1,
      start: partners.startsAt,
    });
    const breakfastDropped = ivanLatest.find((invite) => invite.method === 'CANCEL');
    expect(breakfastDropped?.events[0]).toMatchObject({
      uid: `interview-${visit._id}-session-${breakfastId}@medhire`,
      sequence: 1,
    });

    // The member's calendar feed lists their sessions of the visit, not the visit.
    const feedLink = await callApi(
      app,
      'GET',
      '/employer/interview/get-calendar-feed-link',
      team.interviewer.token,
    );
    expect(feedLink.statusCode, feedLink.body).toBe(200);
    {
      const feed = String(feedLink.json().data.httpsUrl).split('/').at(-1) ?? '';
      const ics = await calendarFeedOf({ db: app.db, feed });
      const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
      const uids = events.map((event) => String(event.getFirstPropertyValue('uid')));
      expect(uids).toContain(`interview-${visit._id}-session-${partnersId}@medhire`);
      expect(uids).not.toContain(`interview-${visit._id}-session-${breakfastId}@medhire`);
      expect(uids).not.toContain(`interview-${visit._id}@medhire`);
    }

    const cancelled = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${visit._id}`,
      team.owner.token,
      { reason: 'The physician accepted another offer.' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const physicianCancel = await waitForMails(app, applicant.email, 3, isThis);
    expect(parseCalendar(physicianCancel[2] as OutboxMessage)).toMatchObject({
      method: 'CANCEL',
      events: [expect.objectContaining({ uid: visitEvent?.uid, sequence: 2 })],
    });
    const ivanCancel = await waitForMails(app, team.interviewer.email, 5, isThis);
    expect(parseCalendar(ivanCancel[4] as OutboxMessage)).toMatchObject({
      method: 'CANCEL',
      events: [
        expect.objectContaining({ uid: `interview-${visit._id}-session-${partnersId}@medhire`, sequence: 2 }),
      ],
    });
  });

  it('refuses a single time for a visit and an itinerary for a video interview (422)', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Single');
    const visit = await scheduled(app, team.owner, applicant.applicationId, visitBody(90));
    const single = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${visit._id}`,
      team.owner.token,
      { timing: { mode: 'fixed', startsAt: morning(91).toUTC().toISO() } },
    );
    expect(single.statusCode, single.body).toBe(422);
    expect(single.json().error.message).toBe(INTERVIEW_MESSAGES.visitNeedsItinerary);
    const video = await scheduled(
      app,
      team.owner,
      (await applicantOf(app, team.job._id, 'VideoOnly')).applicationId,
      fixedBody([team.interviewer.id], morning(95).toJSDate()),
    );
    const itinerary = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${video._id}`,
      team.owner.token,
      { timing: visitBody(96).timing },
    );
    expect(itinerary.statusCode, itinerary.body).toBe(422);
    const rows = await app.db
      .select()
      .from(interviewSessions)
      .where(eq(interviewSessions.interviewId, video._id));
    expect(rows).toEqual([]);
  });

  it('answers 404 to another organisation rescheduling the visit, and a session id of another visit is 400', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Guarded');
    const visit = await scheduled(app, team.owner, applicant.applicationId, visitBody(100));
    const theirs = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${visit._id}`,
      rival.owner.token,
      { timing: visitBody(100).timing },
    );
    expect(theirs.statusCode, theirs.body).toBe(404);
    const foreign = visitBody(100).timing;
    const first = foreign.sessions[0];
    if (first) Object.assign(first, { _id: UNKNOWN_ID });
    const wrongId = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${visit._id}`,
      team.owner.token,
      { timing: foreign },
    );
    expect(wrongId.statusCode, wrongId.body).toBe(400);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, visit._id));
    expect(row?.icsSequence).toBe(0);
  });
});
