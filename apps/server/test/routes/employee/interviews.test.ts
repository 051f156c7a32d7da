import { INTERVIEW_MESSAGES, type TPhysicianInterview } from '@medhire/contract/interviews';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewParticipants, interviews } from '../../../src/db/schema/interviews.ts';
import { createInterviewLinkToken } from '../../../src/domain/interviews/interview-link-token.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { callApi } from '../employer/applicant-kit.ts';
import {
  type Applicant,
  applicantOf,
  fixedBody,
  hoursFromNow,
  interviewTeam,
  linkTokenOf,
  proposedBody,
  scheduled,
  waitForMails,
} from '../employer/interviews-kit.ts';

let app: FastifyInstance;
let team: Awaited<ReturnType<typeof interviewTeam>>;

beforeAll(async () => {
  app = await buildTestApp();
  team = await interviewTeam(app);
});
afterAll(async () => {
  await app.close();
});

/** A physician with an interview offered at three times (hours from now); answers both. */
async function offered(name: string, hours: number[], interviewerId = team.interviewer.id) {
  const applicant = await applicantOf(app, team.job._id, name);
  const interview = await scheduled(
    app,
    team.recruiter,
    applicant.applicationId,
    proposedBody(
      [interviewerId],
      hours.map((hour) => hoursFromNow(hour)),
    ),
  );
  return { applicant, interview };
}

function call(method: 'GET' | 'POST', path: string, token?: string, payload?: unknown) {
  return callApi(app, method, `/employee/interview${path}`, token, payload);
}

describe('the physician’s interviews', () => {
  let applicant: Applicant;
  let interviewId: string;

  beforeAll(async () => {
    const made = await offered('Listed', [100, 101, 102]);
    applicant = made.applicant;
    interviewId = made.interview._id;
  });

  it('lists them, with the offered times and no team notes', async () => {
    const response = await call('GET', '/get-my-interviews', applicant.token);
    expect(response.statusCode, response.body).toBe(200);
    const [interview] = response.json().data.interviews as TPhysicianInterview[];
    expect(interview).toMatchObject({
      _id: interviewId,
      status: 'proposed',
      timeZone: 'America/Denver',
      type: 'phone',
    });
    expect(interview?.proposedSlots).toHaveLength(3);
    expect(interview).not.toHaveProperty('notes');
    const single = await call('GET', `/get-single-interview/${interviewId}`, applicant.token);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().data._id).toBe(interviewId);
  });

  it('shows no other physician’s interview (404) and needs a physician session', async () => {
    const other = await applicantOf(app, team.job._id, 'Other');
    expect((await call('GET', `/get-single-interview/${interviewId}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/get-single-interview/${UNKNOWN_ID}`, applicant.token)).statusCode).toBe(404);
    expect((await call('GET', '/get-my-interviews', other.token)).json().data.interviews).toEqual([]);
    expect((await call('GET', '/get-my-interviews')).statusCode).toBe(401);
    expect((await call('GET', '/get-my-interviews', team.owner.token)).statusCode).toBe(403);
  });

  it('mails the physician the offered times with a link that works without signing in', async () => {
    const mails = await waitForMails(app, applicant.email, 1, (item) =>
      item.subject.includes('choose a time'),
    );
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.text).toContain('America/Denver');
    const token = linkTokenOf(mail);
    const response = await call('GET', `/public/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data._id).toBe(interviewId);
  });
});

describe('picking a time', () => {
  it('books the picked time for everyone and mails the invites', async () => {
    const { applicant, interview } = await offered('Picker', [200, 201, 202]);
    const slot = interview.proposedSlots[1];
    const response = await call('POST', `/pick-slot/${interview._id}`, applicant.token, {
      slotId: slot?._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'scheduled',
      startsAt: slot?.startsAt,
      proposedSlots: [],
    });
    const rows = await app.db
      .select()
      .from(interviewParticipants)
      .where(
        and(eq(interviewParticipants.interviewId, interview._id), eq(interviewParticipants.isActive, true)),
      );
    expect(rows.map((row) => row.participantUserId).sort()).toEqual(
      [applicant.userId, team.interviewer.id].sort(),
    );
    await waitForMails(app, applicant.email, 1, (mail) =>
      mail.text.includes('Interview with Dr. Picker Doe'),
    );
    await waitForMails(app, team.interviewer.email, 1, (mail) =>
      mail.text.includes('Interview with Dr. Picker Doe'),
    );
    const twice = await call('POST', `/pick-slot/${interview._id}`, applicant.token, { slotId: slot?._id });
    expect(twice.statusCode).toBe(422);
  });

  it('answers 409 when the interviewer was booked into that time meanwhile, and keeps the offer open', async () => {
    const { applicant, interview } = await offered('Late', [300, 301, 302]);
    const other = await applicantOf(app, team.job._id, 'Early');
    await scheduled(
      app,
      team.owner,
      other.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(300)),
    );
    const response = await call('POST', `/pick-slot/${interview._id}`, applicant.token, {
      slotId: interview.proposedSlots[0]?._id,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toContain('Ivan Interviewer');
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview._id));
    expect(row?.status).toBe('proposed');
    const next = await call('POST', `/pick-slot/${interview._id}`, applicant.token, {
      slotId: interview.proposedSlots[2]?._id,
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('refuses a slot that was not offered (422), a missing slot (400), another physician (404)', async () => {
    const { applicant, interview } = await offered('Strict', [400, 401, 402]);
    const notOffered = await call('POST', `/pick-slot/${interview._id}`, applicant.token, {
      slotId: UNKNOWN_ID,
    });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().error.message).toBe(INTERVIEW_MESSAGES.slotNotOffered);
    expect((await call('POST', `/pick-slot/${interview._id}`, applicant.token, {})).statusCode).toBe(400);
    const other = await applicantOf(app, team.job._id, 'Intruder');
    const theirs = await call('POST', `/pick-slot/${interview._id}`, other.token, {
      slotId: interview.proposedSlots[0]?._id,
    });
    expect(theirs.statusCode).toBe(404);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview._id));
    expect(row?.status).toBe('proposed');
  });
});

describe('asking for other times and declining', () => {
  it('asks for other times with a message the scheduler is mailed', async () => {
    const { applicant, interview } = await offered('Busy', [500, 501, 502]);
    expect(
      (await call('POST', `/request-other-times/${interview._id}`, applicant.token, { message: '' }))
        .statusCode,
    ).toBe(400);
    const other = await applicantOf(app, team.job._id, 'Nosy');
    expect(
      (await call('POST', `/request-other-times/${interview._id}`, other.token, { message: 'Mine?' }))
        .statusCode,
    ).toBe(404);
    const response = await call('POST', `/request-other-times/${interview._id}`, applicant.token, {
      message: 'Any Tuesday morning works.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('other_times_requested');
    const [mail] = await waitForMails(app, team.recruiter.email, 1, (item) =>
      item.subject.includes('Dr. Busy Doe asked'),
    );
    expect(mail?.text).toContain('Any Tuesday morning works.');
    const team_view = await callApi(
      app,
      'GET',
      `/employer/interview/get-single-interview/${interview._id}`,
      team.owner.token,
    );
    expect(team_view.json().data).toMatchObject({
      status: 'other_times_requested',
      physicianMessage: 'Any Tuesday morning works.',
    });
  });

  it('declines a scheduled interview: the times are freed and the team is told', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Decliner');
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(600)),
    );
    expect(
      (
        await call('POST', `/decline-interview/${interview._id}`, applicant.token, {
          message: 'x'.repeat(2001),
        })
      ).statusCode,
    ).toBe(400);
    const other = await applicantOf(app, team.job._id, 'Bystander');
    expect((await call('POST', `/decline-interview/${interview._id}`, other.token, {})).statusCode).toBe(404);
    const response = await call('POST', `/decline-interview/${interview._id}`, applicant.token, {
      message: 'I took another job.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('declined');
    const rows = await app.db
      .select()
      .from(interviewParticipants)
      .where(
        and(eq(interviewParticipants.interviewId, interview._id), eq(interviewParticipants.isActive, true)),
      );
    expect(rows).toEqual([]);
    await waitForMails(app, team.owner.email, 1, (mail) =>
      mail.subject.includes('Dr. Decliner Doe declined'),
    );
    const again = await call('POST', `/decline-interview/${interview._id}`, applicant.token, {});
    expect(again.statusCode).toBe(422);
  });
});

describe('the e-mailed link', () => {
  it('picks, asks and declines without a session, only for its own interview', async () => {
    const picked = await offered('LinkPick', [700, 701, 702]);
    const token = createInterviewLinkToken(app.config.jwtSecret, picked.interview._id);
    expect((await call('POST', `/public/${token}/pick-slot`, undefined, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `/public/${token}/decline`, undefined, { message: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const response = await call('POST', `/public/${token}/pick-slot`, undefined, {
      slotId: picked.interview.proposedSlots[0]?._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('scheduled');

    const asked = await offered('LinkAsk', [710, 711, 712]);
    const askToken = createInterviewLinkToken(app.config.jwtSecret, asked.interview._id);
    expect((await call('POST', `/public/${askToken}/request-other-times`, undefined, {})).statusCode).toBe(
      400,
    );
    const ask = await call('POST', `/public/${askToken}/request-other-times`, undefined, {
      message: 'Evenings, please.',
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const decline = await call('POST', `/public/${askToken}/decline`, undefined, {});
    expect(decline.statusCode, decline.body).toBe(200);
    expect(decline.json().data.status).toBe('declined');
  });

  it('answers 404 for a forged or altered token, and changes nothing', async () => {
    const { interview } = await offered('LinkForged', [720, 721, 722]);
    const token = createInterviewLinkToken('another-secret-that-is-long-enough-000000', interview._id);
    const valid = createInterviewLinkToken(app.config.jwtSecret, interview._id);
    for (const bad of [
      token,
      `${valid}x`,
      'not-a-token',
      createInterviewLinkToken(app.config.jwtSecret, UNKNOWN_ID),
    ]) {
      expect((await call('GET', `/public/${bad}`)).statusCode).toBe(404);
      const pick = await call('POST', `/public/${bad}/pick-slot`, undefined, {
        slotId: interview.proposedSlots[0]?._id,
      });
      expect(pick.statusCode).toBe(404);
      expect(
        (await call('POST', `/public/${bad}/request-other-times`, undefined, { message: 'Me?' })).statusCode,
      ).toBe(404);
      expect((await call('POST', `/public/${bad}/decline`, undefined, {})).statusCode).toBe(404);
    }
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview._id));
    expect(row?.status).toBe('proposed');
  });
});
