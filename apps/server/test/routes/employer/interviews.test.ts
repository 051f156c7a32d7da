import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { INTERVIEW_MESSAGES, type TInterview } from '@medhire/contract/interviews';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications } from '../../../src/db/schema/hiring.ts';
import { interviewParticipants, interviews } from '../../../src/db/schema/interviews.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { queueInterviewMails } from '../../../src/domain/interviews/send-interview-mail.ts';
import type { OutboxMessage } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { callApi } from './applicant-kit.ts';
import {
  type Applicant,
  applicantOf,
  fixedBody,
  HOUR_MS,
  hoursFromNow,
  interviewTeam,
  proposedBody,
  schedule,
  scheduled,
  waitForMails,
} from './interviews-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { addMember } from './team-kit.ts';

let app: FastifyInstance;
let team: Awaited<ReturnType<typeof interviewTeam>>;
let rival: Awaited<ReturnType<typeof interviewTeam>>;

beforeAll(async () => {
  app = await buildTestApp();
  team = await interviewTeam(app);
  rival = await interviewTeam(app);
});
afterAll(async () => {
  await app.close();
});

async function activeRowsOf(interviewId: string) {
  return app.db
    .select()
    .from(interviewParticipants)
    .where(and(eq(interviewParticipants.interviewId, interviewId), eq(interviewParticipants.isActive, true)));
}

describe('availability', () => {
  const good = {
    timeZone: 'America/Phoenix',
    weeklyHours: [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '17:00' },
      { weekday: 3, start: '08:30', end: '16:00' },
    ],
    exceptions: ['2026-12-25'],
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 15,
  };

  it('answers no hours for a member who never saved any, then what they saved', async () => {
    const before = await callApi(
      app,
      'GET',
      '/employer/interview/get-my-availability',
      team.interviewer.token,
    );
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.weeklyHours).toEqual([]);
    const saved = await callApi(
      app,
      'PATCH',
      '/employer/interview/update-my-availability',
      team.interviewer.token,
      good,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(good);
    const after = await callApi(
      app,
      'GET',
      '/employer/interview/get-my-availability',
      team.interviewer.token,
    );
    expect(after.json().data).toEqual(good);
  });

  it('keeps each member to their own availability', async () => {
    await callApi(app, 'PATCH', '/employer/interview/update-my-availability', team.recruiter.token, {
      ...good,
      timeZone: 'America/Anchorage',
    });
    const mine = await callApi(app, 'GET', '/employer/interview/get-my-availability', team.interviewer.token);
    expect(mine.json().data.timeZone).toBe('America/Phoenix');
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['an abbreviation', { timeZone: 'EST' }],
    ['a time that is not HH:mm', { weeklyHours: [{ weekday: 1, start: '9am', end: '17:00' }] }],
    ['a range ending before it starts', { weeklyHours: [{ weekday: 2, start: '17:00', end: '09:00' }] }],
    ['weekday 8', { weeklyHours: [{ weekday: 8, start: '09:00', end: '17:00' }] }],
    [
      'overlapping ranges',
      {
        weeklyHours: [
          { weekday: 2, start: '09:00', end: '13:00' },
          { weekday: 2, start: '12:00', end: '17:00' },
        ],
      },
    ],
    ['a buffer over 120 minutes', { bufferAfterMinutes: 121 }],
    ['a negative buffer', { bufferBeforeMinutes: -5 }],
    ['a malformed day off', { exceptions: ['25/12/2026'] }],
  ])('refuses %s (400) and keeps what was saved', async (_label, change) => {
    const response = await callApi(
      app,
      'PATCH',
      '/employer/interview/update-my-availability',
      team.interviewer.token,
      {
        ...good,
        ...change,
      },
    );
    expect(response.statusCode, response.body).toBe(400);
    const after = await callApi(
      app,
      'GET',
      '/employer/interview/get-my-availability',
      team.interviewer.token,
    );
    expect(after.json().data).toEqual(good);
  });

  it('needs a session', async () => {
    const response = await callApi(app, 'GET', '/employer/interview/get-my-availability');
    expect(response.statusCode).toBe(401);
  });
});

describe('scheduling at a fixed time', () => {
  let applicant: Applicant;
  let interview: TInterview;

  beforeAll(async () => {
    applicant = await applicantOf(app, team.job._id, 'Fixed');
    interview = await scheduled(
      app,
      team.recruiter,
      applicant.applicationId,
      fixedBody([team.interviewer.id, team.recruiter.id], hoursFromNow(48)),
    );
  });

  it('schedules it, holds every participant’s time and moves the applicant to Interview in the history', async () => {
    expect(interview).toMatchObject({
      status: 'scheduled',
      type: 'video',
      timeZone: 'America/Chicago',
      durationMinutes: 60,
      sequence: 0,
      startsAt: hoursFromNow(48).toISOString(),
      endsAt: new Date(hoursFromNow(48).getTime() + HOUR_MS).toISOString(),
      applicationId: applicant.applicationId,
      physicianName: 'Dr. Fixed Doe',
    });
    expect(interview.interviewers.map((person) => person.name).sort()).toEqual([
      'Ivan Interviewer',
      'Rita Recruiter',
    ]);
    const rows = await activeRowsOf(interview._id);
    expect(rows.map((row) => row.participantUserId).sort()).toEqual(
      [team.interviewer.id, team.recruiter.id, applicant.userId].sort(),
    );
    const [application] = await app.db
      .select({ status: applications.pipelineStatus })
      .from(applications)
      .where(eq(applications.id, applicant.applicationId));
    expect(application?.status).toBe('Interview');
    const events = await app.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicant.applicationId));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'Submitted',
      toStatus: 'Interview',
      actor: 'employer',
      changedByUserId: team.recruiter.id,
    });
  });

  it('answers 409 naming the interviewer already booked at that time, and writes nothing', async () => {
    const other = await applicantOf(app, team.job._id, 'Clash');
    const half = new Date(hoursFromNow(48).getTime() + HOUR_MS / 2);
    const response = await schedule(
      app,
      team.owner,
      other.applicationId,
      fixedBody([team.interviewer.id], half),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT' });
    expect(response.json().error.message).toContain('Ivan Interviewer');
    expect(response.json().error.details).toEqual({ busyUserId: team.interviewer.id });
    const written = await app.db
      .select()
      .from(interviews)
      .where(eq(interviews.applicationId, other.applicationId));
    expect(written).toEqual([]);
    const [application] = await app.db
      .select({ status: applications.pipelineStatus })
      .from(applications)
      .where(eq(applications.id, other.applicationId));
    expect(application?.status).toBe('Submitted');
  });

  it('lets the next interview start when the previous one ends (half-open ranges)', async () => {
    const next = await applicantOf(app, team.job._id, 'Next');
    const response = await schedule(
      app,
      team.owner,
      next.applicationId,
      fixedBody([team.interviewer.id], new Date(hoursFromNow(48).getTime() + HOUR_MS)),
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses the physician a second interview at the same time, without saying they interview elsewhere', async () => {
    const secondJob = await createJobThroughApi(app, team.owner, minimalJobBody({ title: 'Second job' }));
    const [application] = await app.db
      .insert(applications)
      .values({
        jobId: secondJob._id,
        organizationId: team.owner.organizationId,
        physicianId: applicant.physicianId,
      })
      .returning({ id: applications.id });
    const response = await schedule(
      app,
      team.owner,
      application?.id ?? '',
      fixedBody([team.owner.id], hoursFromNow(48)),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(
      'Dr. Fixed Doe is not available at that time. Choose another time.',
    );
  });

  it.each([
    ['no interviewers', { interviewerIds: [] }],
    ['an unknown type', { type: 'carrier-pigeon' }],
    ['a 2-minute interview', { durationMinutes: 2 }],
    ['a meeting link that is not a web address', { meetingUrl: 'javascript:alert(1)' }],
    ['a time without an offset', { timing: { mode: 'fixed', startsAt: '2030-01-01T10:00:00' } }],
    [
      'two proposals',
      { timing: { mode: 'proposed', proposedSlots: ['2030-01-01T10:00:00Z', '2030-01-02T10:00:00Z'] } },
    ],
    [
      'eleven proposals',
      {
        timing: {
          mode: 'proposed',
          proposedSlots: Array.from(
            { length: 11 },
            (_, day) => `2030-01-${String(day + 1).padStart(2, '0')}T10:00:00Z`,
          ),
        },
      },
    ],
    ['an unknown zone', { timeZone: 'Nowhere/Land' }],
    ['a time in the past', { timing: { mode: 'fixed', startsAt: '2020-01-01T10:00:00Z' } }],
    [
      'the same proposal twice',
      {
        timing: {
          mode: 'proposed',
          proposedSlots: ['2030-01-01T10:00:00Z', '2030-01-01T10:00:00Z', '2030-01-02T10:00:00Z'],
        },
      },
    ],
  ])('refuses %s (400)', async (_label, change) => {
    const other = await applicantOf(app, team.job._id, 'Invalid');
    const response = await schedule(app, team.owner, other.applicationId, {
      ...fixedBody([team.interviewer.id], hoursFromNow(300)),
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(
      await app.db.select().from(interviews).where(eq(interviews.applicationId, other.applicationId)),
    ).toEqual([]);
  });

  it('refuses an interviewer from another organisation (422)', async () => {
    const other = await applicantOf(app, team.job._id, 'Outsider');
    const response = await schedule(
      app,
      team.owner,
      other.applicationId,
      fixedBody([rival.interviewer.id], hoursFromNow(310)),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toBe(INTERVIEW_MESSAGES.interviewerNotMember);
  });

  it('answers 404 for another organisation’s application and an unknown one', async () => {
    const theirs = await applicantOf(app, rival.job._id, 'Theirs');
    for (const applicationId of [theirs.applicationId, UNKNOWN_ID, 'not-a-uuid']) {
      const response = await schedule(
        app,
        team.owner,
        applicationId,
        fixedBody([team.interviewer.id], hoursFromNow(320)),
      );
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(
      await app.db.select().from(interviews).where(eq(interviews.applicationId, theirs.applicationId)),
    ).toEqual([]);
  });

  it('lets a delegate schedule only on the jobs given to them', async () => {
    const other = await applicantOf(app, team.job._id, 'Delegated');
    const refused = await schedule(
      app,
      team.delegate,
      other.applicationId,
      fixedBody([team.delegate.id], hoursFromNow(330)),
    );
    expect(refused.statusCode, refused.body).toBe(404);
    expect(
      await app.db.select().from(interviews).where(eq(interviews.applicationId, other.applicationId)),
    ).toEqual([]);
    const delegatedJob = await createJobThroughApi(
      app,
      team.owner,
      minimalJobBody({ title: 'Delegated job' }),
    );
    await app.db.update(jobs).set({ assigneeUserId: team.delegate.id }).where(eq(jobs.id, delegatedJob._id));
    const theirs = await applicantOf(app, delegatedJob._id, 'Given');
    const allowed = await schedule(
      app,
      team.delegate,
      theirs.applicationId,
      fixedBody([team.delegate.id], hoursFromNow(330)),
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('needs a session', async () => {
    const response = await schedule(
      app,
      { token: '' },
      applicant.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(340)),
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('scheduling with proposals', () => {
  it('offers the times without holding anyone’s time, and moves the applicant to Interview', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Proposed');
    const starts = [hoursFromNow(400), hoursFromNow(402), hoursFromNow(404)];
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      proposedBody([team.interviewer.id], starts),
    );
    expect(interview.status).toBe('proposed');
    expect(interview.startsAt).toBeNull();
    expect(interview.proposedSlots.map((slot) => slot.startsAt)).toEqual(
      starts.map((start) => start.toISOString()),
    );
    expect(interview.proposedSlots[0]?.endsAt).toBe(
      new Date(hoursFromNow(400).getTime() + 45 * 60_000).toISOString(),
    );
    expect(await activeRowsOf(interview._id)).toEqual([]);
    const [application] = await app.db
      .select({ status: applications.pipelineStatus })
      .from(applications)
      .where(eq(applications.id, applicant.applicationId));
    expect(application?.status).toBe('Interview');
  });

  it('refuses proposals from common free time when an interviewer has no hours (422)', async () => {
    const applicant = await applicantOf(app, team.job._id, 'NoHours');
    const response = await schedule(app, team.owner, applicant.applicationId, {
      ...proposedBody([team.owner.id], []),
      timing: {
        mode: 'common-free-time',
        from: hoursFromNow(1).toISOString(),
        to: hoursFromNow(24 * 7).toISOString(),
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toBe(INTERVIEW_MESSAGES.noAvailability);
  });
});

describe('rescheduling, cancelling and outcomes', () => {
  let applicant: Applicant;
  let interview: TInterview;

  beforeAll(async () => {
    applicant = await applicantOf(app, team.job._id, 'Moving');
    interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.owner.id], hoursFromNow(500)),
    );
  });

  it('moves the same interview, raises its sequence and moves every participant’s time', async () => {
    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.recruiter.token,
      {
        timing: { mode: 'fixed', startsAt: hoursFromNow(505).toISOString() },
        timeZone: 'America/Los_Angeles',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json().data as TInterview;
    expect(moved).toMatchObject({
      _id: interview._id,
      status: 'scheduled',
      sequence: 1,
      timeZone: 'America/Los_Angeles',
      startsAt: hoursFromNow(505).toISOString(),
    });
    const rows = await activeRowsOf(interview._id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.startsAt?.getTime() === hoursFromNow(505).getTime())).toBe(true);
    // The old time is free again.
    const other = await applicantOf(app, team.job._id, 'OldTime');
    const reuse = await schedule(
      app,
      team.owner,
      other.applicationId,
      fixedBody([team.owner.id], hoursFromNow(500)),
    );
    expect(reuse.statusCode, reuse.body).toBe(200);
  });

  it('refuses a move onto an interviewer’s other interview (409) and leaves it where it was', async () => {
    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      {
        timing: { mode: 'fixed', startsAt: hoursFromNow(500).toISOString() },
      },
    );
    expect(response.statusCode, response.body).toBe(409);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview._id));
    expect(row?.startsAt?.toISOString()).toBe(hoursFromNow(505).toISOString());
    expect(row?.icsSequence).toBe(1);
  });

  it('refuses an invalid move (400) and another organisation’s interview (404)', async () => {
    const invalid = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      {
        timing: { mode: 'fixed' },
      },
    );
    expect(invalid.statusCode).toBe(400);
    const theirs = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      rival.owner.token,
      {
        timing: { mode: 'fixed', startsAt: hoursFromNow(600).toISOString() },
      },
    );
    expect(theirs.statusCode, theirs.body).toBe(404);
    const delegate = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.delegate.token,
      {
        timing: { mode: 'fixed', startsAt: hoursFromNow(600).toISOString() },
      },
    );
    expect(delegate.statusCode, delegate.body).toBe(404);
  });

  it('records no outcome before the interview starts (422), nor for another organisation (404)', async () => {
    const early = await callApi(
      app,
      'PATCH',
      `/employer/interview/record-outcome/${interview._id}`,
      team.owner.token,
      {
        outcome: 'completed',
      },
    );
    expect(early.statusCode, early.body).toBe(422);
    const invalid = await callApi(
      app,
      'PATCH',
      `/employer/interview/record-outcome/${interview._id}`,
      team.owner.token,
      {
        outcome: 'no_show',
      },
    );
    expect(invalid.statusCode).toBe(400);
    const theirs = await callApi(
      app,
      'PATCH',
      `/employer/interview/record-outcome/${interview._id}`,
      rival.owner.token,
      {
        outcome: 'completed',
      },
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('records a no-show once the interview has started', async () => {
    const past = await applicantOf(app, team.job._id, 'Past');
    const done = await scheduled(
      app,
      team.owner,
      past.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(700)),
    );
    const earlier = new Date(Date.now() - 2 * HOUR_MS);
    await app.db
      .update(interviews)
      .set({ startsAt: earlier, endsAt: new Date(earlier.getTime() + HOUR_MS) })
      .where(eq(interviews.id, done._id));
    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/record-outcome/${done._id}`,
      team.owner.token,
      {
        outcome: 'no_show',
        noShowParty: 'physician',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'no_show', noShowParty: 'physician' });
  });

  it('cancels with a reason, frees everyone’s time, and then refuses further changes', async () => {
    const noReason = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      team.owner.token,
      {
        reason: '  ',
      },
    );
    expect(noReason.statusCode).toBe(400);
    const theirs = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      rival.owner.token,
      {
        reason: 'Not ours',
      },
    );
    expect(theirs.statusCode).toBe(404);
    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      team.owner.token,
      {
        reason: 'The position was filled.',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The position was filled.',
      sequence: 2,
    });
    expect(await activeRowsOf(interview._id)).toEqual([]);
    const other = await applicantOf(app, team.job._id, 'Freed');
    const reuse = await schedule(
      app,
      team.owner,
      other.applicationId,
      fixedBody([team.owner.id], hoursFromNow(505)),
    );
    expect(reuse.statusCode, reuse.body).toBe(200);
    const again = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      team.owner.token,
      {
        reason: 'Twice',
      },
    );
    expect(again.statusCode).toBe(422);
  });
});

describe("an application's interviews, and those waiting for the physician's pick", () => {
  let fixed: TInterview;
  let offered: TInterview;
  let otherApplication: TInterview;
  let applicationId: string;
  const from = () => hoursFromNow(1100).toISOString();
  const to = () => hoursFromNow(1200).toISOString();

  beforeAll(async () => {
    const first = await applicantOf(app, team.job._id, 'ListedOne');
    const second = await applicantOf(app, team.job._id, 'ListedTwo');
    applicationId = first.applicationId;
    fixed = await scheduled(
      app,
      team.owner,
      first.applicationId,
      fixedBody([team.owner.id], hoursFromNow(1110)),
    );
    offered = await scheduled(
      app,
      team.owner,
      first.applicationId,
      proposedBody([team.recruiter.id], [hoursFromNow(1130), hoursFromNow(1131), hoursFromNow(1300)]),
    );
    otherApplication = await scheduled(
      app,
      team.owner,
      second.applicationId,
      fixedBody([team.owner.id], hoursFromNow(1120)),
    );
  });

  function list(query: string) {
    return callApi(app, 'GET', `/employer/interview/get-interviews?${query}`, team.owner.token);
  }

  it('lists interviews still without a time by their offered times, after the timed ones', async () => {
    expect(offered.status).toBe('proposed');
    const response = await list(`from=${from()}&to=${to()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.interviews.map((item: TInterview) => item._id)).toEqual([
      fixed._id,
      otherApplication._id,
      offered._id,
    ]);
    // A period none of its offered times falls in leaves it out.
    const later = await list(
      `from=${hoursFromNow(1140).toISOString()}&to=${hoursFromNow(1200).toISOString()}`,
    );
    expect(later.json().data.interviews.map((item: TInterview) => item._id)).not.toContain(offered._id);
  });

  it('filters by application, and finds nothing for an id that is not one', async () => {
    const response = await list(`from=${from()}&to=${to()}&applicationId=${applicationId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.interviews.map((item: TInterview) => item._id)).toEqual([
      fixed._id,
      offered._id,
    ]);
    const none = await list(`from=${from()}&to=${to()}&applicationId=nope`);
    expect(none.statusCode).toBe(200);
    expect(none.json().data.interviews).toEqual([]);
  });
});

describe('the team calendar', () => {
  let onDelegate: TInterview;
  let withoutDelegate: TInterview;
  const from = () => hoursFromNow(900).toISOString();
  const to = () => hoursFromNow(1000).toISOString();

  beforeAll(async () => {
    const first = await applicantOf(app, team.job._id, 'CalendarOne');
    const second = await applicantOf(app, team.job._id, 'CalendarTwo');
    onDelegate = await scheduled(
      app,
      team.owner,
      first.applicationId,
      fixedBody([team.delegate.id], hoursFromNow(910)),
    );
    withoutDelegate = await scheduled(
      app,
      team.owner,
      second.applicationId,
      fixedBody([team.recruiter.id], hoursFromNow(920)),
    );
    await scheduled(
      app,
      rival.owner,
      (await applicantOf(app, rival.job._id, 'Rival')).applicationId,
      fixedBody([rival.owner.id], hoursFromNow(915)),
    );
  });

  function list(token: string, query: string) {
    return callApi(app, 'GET', `/employer/interview/get-interviews?${query}`, token);
  }

  it('lists the organisation’s interviews in the period, earliest first', async () => {
    const response = await list(team.owner.token, `from=${from()}&to=${to()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.interviews.map((item: TInterview) => item._id)).toEqual([
      onDelegate._id,
      withoutDelegate._id,
    ]);
  });

  it('filters by member', async () => {
    const response = await list(team.owner.token, `from=${from()}&to=${to()}&memberId=${team.recruiter.id}`);
    expect(response.json().data.interviews.map((item: TInterview) => item._id)).toEqual([
      withoutDelegate._id,
    ]);
  });

  it('shows a delegate only the interviews they are on (outside their jobs)', async () => {
    const response = await list(team.delegate.token, `from=${from()}&to=${to()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.interviews.map((item: TInterview) => item._id)).toEqual([onDelegate._id]);
    const single = await callApi(
      app,
      'GET',
      `/employer/interview/get-single-interview/${withoutDelegate._id}`,
      team.delegate.token,
    );
    expect(single.statusCode).toBe(404);
    const own = await callApi(
      app,
      'GET',
      `/employer/interview/get-single-interview/${onDelegate._id}`,
      team.delegate.token,
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a period that ends before it starts or is too long (400)', async () => {
    expect((await list(team.owner.token, `from=${to()}&to=${from()}`)).statusCode).toBe(400);
    expect(
      (await list(team.owner.token, `from=${from()}&to=${hoursFromNow(900 + 24 * 100).toISOString()}`))
        .statusCode,
    ).toBe(400);
    expect((await list(team.owner.token, 'from=yesterday&to=today')).statusCode).toBe(400);
  });

  it('shows one interview to its organisation only', async () => {
    const mine = await callApi(
      app,
      'GET',
      `/employer/interview/get-single-interview/${onDelegate._id}`,
      team.recruiter.token,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data._id).toBe(onDelegate._id);
    for (const id of [onDelegate._id, UNKNOWN_ID, 'nope']) {
      const theirs = await callApi(
        app,
        'GET',
        `/employer/interview/get-single-interview/${id}`,
        rival.owner.token,
      );
      expect(theirs.statusCode).toBe(404);
    }
  });
});

describe('proposals from the interviewers’ common free time', () => {
  it('offers only times inside every interviewer’s hours, in their own zones, around their interviews', async () => {
    const chicago = await addMember(app, team.owner.organizationId, 'recruiter', { fullName: 'Chi Cago' });
    const newYork = await addMember(app, team.owner.organizationId, 'recruiter', { fullName: 'Nia York' });
    const weekdays = (start: string, end: string) =>
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));
    for (const [member, timeZone, start, end] of [
      [chicago, 'America/Chicago', '09:00', '17:00'],
      [newYork, 'America/New_York', '12:00', '20:00'],
    ] as const) {
      const saved = await callApi(app, 'PATCH', '/employer/interview/update-my-availability', member.token, {
        timeZone,
        weeklyHours: weekdays(start, end),
        exceptions: [],
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // New York 12:00–20:00 is Chicago 11:00–19:00: together, 11:00–17:00 Chicago time.
    const from = DateTime.now().setZone('America/Chicago').plus({ days: 7 }).startOf('week');
    const busyStart = from.set({ hour: 11 }).toJSDate();
    const busy = await applicantOf(app, team.job._id, 'BusyHour');
    await scheduled(app, team.owner, busy.applicationId, fixedBody([newYork.id], busyStart));

    const applicant = await applicantOf(app, team.job._id, 'Common');
    const interview = await scheduled(app, team.owner, applicant.applicationId, {
      ...proposedBody([chicago.id, newYork.id], []),
      durationMinutes: 60,
      timing: {
        mode: 'common-free-time',
        from: from.toUTC().toISO(),
        to: from.plus({ days: 5 }).toUTC().toISO(),
        slotCount: 6,
      },
    });
    expect(interview.status).toBe('proposed');
    expect(interview.proposedSlots).toHaveLength(6);
    for (const slot of interview.proposedSlots) {
      const start = DateTime.fromISO(slot.startsAt, { zone: 'America/Chicago' });
      const end = DateTime.fromISO(slot.endsAt, { zone: 'America/Chicago' });
      expect(start.weekday).toBeLessThanOrEqual(5);
      expect(start.hour).toBeGreaterThanOrEqual(11);
      expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(17 * 60);
      // New York's interview at 11:00–12:00 Chicago on the first day is not offered over.
      const overlapsBusy =
        start.toMillis() < busyStart.getTime() + HOUR_MS && end.toMillis() > busyStart.getTime();
      expect(overlapsBusy).toBe(false);
    }
    expect(interview.proposedSlots[0]?.startsAt).toBe(
      from.set({ hour: 12 }).toUTC().toISO({ suppressMilliseconds: false }),
    );
  });

  it('refuses when fewer than three common times exist (422)', async () => {
    const early = await addMember(app, team.owner.organizationId, 'recruiter', { fullName: 'Early Bird' });
    const late = await addMember(app, team.owner.organizationId, 'recruiter', { fullName: 'Night Owl' });
    for (const [member, start, end] of [
      [early, '06:00', '09:00'],
      [late, '18:00', '22:00'],
    ] as const) {
      await callApi(app, 'PATCH', '/employer/interview/update-my-availability', member.token, {
        timeZone: 'America/Denver',
        weeklyHours: [{ weekday: 2, start, end }],
        exceptions: [],
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
      });
    }
    const applicant = await applicantOf(app, team.job._id, 'NoCommon');
    const response = await schedule(app, team.owner, applicant.applicationId, {
      ...proposedBody([early.id, late.id], []),
      timing: {
        mode: 'common-free-time',
        from: hoursFromNow(1).toISOString(),
        to: hoursFromNow(24 * 14).toISOString(),
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toBe(INTERVIEW_MESSAGES.noCommonTime);
  });
});

describe('calendar invites', () => {
  function parseInvite(mail: OutboxMessage) {
    expect(mail.icalEvent, `no invite in "${mail.subject}"`).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(mail.icalEvent?.content ?? ''));
    const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.getFirstPropertyValue('uid'),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      attendees: event.getAllProperties('attendee').map((attendee) =>
        String(attendee.getFirstValue())
          .replace(/^mailto:/i, '')
          .toLowerCase(),
      ),
    };
  }

  it('sends REQUEST, then the same UID with a higher SEQUENCE on a move, then CANCEL, to everyone', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Invited');
    const first = hoursFromNow(1200);
    const moved = hoursFromNow(1210);
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.interviewer.id], first),
    );
    const isThisInterview = (mail: OutboxMessage) => mail.text.includes('Dr. Invited Doe');
    const [request] = await waitForMails(app, applicant.email, 1, isThisInterview);
    const original = parseInvite(request as OutboxMessage);
    expect(original).toMatchObject({ method: 'REQUEST', sequence: 0, start: first.toISOString() });
    expect(original.attendees.sort()).toEqual([applicant.email, team.interviewer.email].sort());
    const eml = await readFile((request as OutboxMessage).emlFile, 'utf8');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    await waitForMails(app, team.interviewer.email, 1, isThisInterview);

    const response = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      {
        timing: { mode: 'fixed', startsAt: moved.toISOString() },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const afterMove = await waitForMails(app, applicant.email, 2, isThisInterview);
    const update = parseInvite(afterMove[1] as OutboxMessage);
    expect(update).toMatchObject({
      method: 'REQUEST',
      uid: original.uid,
      sequence: 1,
      start: moved.toISOString(),
    });

    const cancelled = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      team.owner.token,
      {
        reason: 'The physician accepted another offer.',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const email of [applicant.email, team.interviewer.email]) {
      const mails = await waitForMails(app, email, 3, isThisInterview);
      expect(parseInvite(mails[2] as OutboxMessage)).toMatchObject({
        method: 'CANCEL',
        uid: original.uid,
        sequence: 2,
      });
    }
  });

  it('takes a scheduled interview off calendars when it goes back to proposals, and the pick sends a newer REQUEST', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Reoffered');
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(1400)),
    );
    const isThisInterview = (mail: OutboxMessage) => mail.text.includes('Dr. Reoffered Doe');
    const [first] = await waitForMails(app, applicant.email, 1, isThisInterview);
    const { uid } = parseInvite(first as OutboxMessage);
    const offered = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      {
        timing: {
          mode: 'proposed',
          proposedSlots: [1410, 1412, 1414].map((hours) => hoursFromNow(hours).toISOString()),
        },
      },
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toMatchObject({ status: 'proposed', sequence: 1, startsAt: null });
    const withCancel = await waitForMails(
      app,
      applicant.email,
      1,
      (mail) => mail.icalEvent?.method === 'CANCEL' && isThisInterview(mail),
    );
    expect(parseInvite(withCancel[0] as OutboxMessage)).toMatchObject({
      uid,
      sequence: 1,
      start: hoursFromNow(1400).toISOString(),
    });
    const slot = (offered.json().data as TInterview).proposedSlots[1];
    const picked = await callApi(
      app,
      'POST',
      `/employee/interview/pick-slot/${interview._id}`,
      applicant.token,
      { slotId: slot?._id },
    );
    expect(picked.statusCode, picked.body).toBe(200);
    const requests = await waitForMails(
      app,
      team.interviewer.email,
      2,
      (mail) => mail.icalEvent?.method === 'REQUEST' && isThisInterview(mail),
    );
    expect(parseInvite(requests[1] as OutboxMessage)).toMatchObject({
      uid,
      sequence: 2,
      start: slot?.startsAt,
    });
  });

  it('sends nothing for a job made for a sequence the interview has moved past', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Stale');
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(1300)),
    );
    await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      {
        timing: { mode: 'fixed', startsAt: hoursFromNow(1302).toISOString() },
      },
    );
    const outcome = await queueInterviewMails({
      db: app.db,
      publicUrl: app.config.publicUrl,
      secret: app.config.jwtSecret,
      job: { interviewId: interview._id, kind: 'request', sequence: 0 },
      eventJobId: randomUUID(),
    });
    expect(outcome).toBe('skipped');
    const current = await queueInterviewMails({
      db: app.db,
      publicUrl: app.config.publicUrl,
      secret: app.config.jwtSecret,
      job: { interviewId: interview._id, kind: 'request', sequence: 1 },
      eventJobId: randomUUID(),
    });
    expect(current).toBe('queued');
  });
});
