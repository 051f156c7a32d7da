import {
  DEFAULT_SCORECARD_CRITERIA,
  SCORECARD_MESSAGES,
  type TInterview,
  type TInterviewScorecards,
} from '@medhire/contract/interviews';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewScorecards } from '../../../src/db/schema/interviews.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { buildTestApp } from '../../helper.ts';
import { expectFailure, UNKNOWN_ID } from '../conventions-kit.ts';
import { callApi } from './applicant-kit.ts';
import {
  applicantOf,
  fixedBody,
  hoursFromNow,
  interviewTeam,
  proposedBody,
  scheduled,
} from './interviews-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import type { TeamMember } from './team-kit.ts';

/**
 * Scorecards: criteria per job (defaults until set), one scorecard per interviewer and interview,
 * and the blind rule: an interviewer sees the others' scorecards only once theirs is in.
 */
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

const criteriaUrl = (jobId: string) => `/employer/job/get-scorecard-criteria/${jobId}`;
const updateCriteriaUrl = (jobId: string) => `/employer/job/update-scorecard-criteria/${jobId}`;
const scorecardsUrl = (interviewId: string) => `/employer/interview/get-scorecards/${interviewId}`;
const submitUrl = (interviewId: string) => `/employer/interview/submit-scorecard/${interviewId}`;

function ratingsFor(criteria: readonly string[], rating = 4) {
  return criteria.map((criterion) => ({ criterion, rating }));
}

const defaultCard = {
  ratings: ratingsFor(DEFAULT_SCORECARD_CRITERIA),
  recommendation: 'yes',
  notes: 'Strong clinical reasoning.',
};

async function scorecardsAs(member: Pick<TeamMember, 'token'>, interviewId: string) {
  const response = await callApi(app, 'GET', scorecardsUrl(interviewId), member.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TInterviewScorecards;
}

async function interviewOn(jobId: string, interviewerIds: string[], hours: number, name: string) {
  const applicant = await applicantOf(app, jobId, name);
  return scheduled(app, team.owner, applicant.applicationId, fixedBody(interviewerIds, hoursFromNow(hours)));
}

describe('scorecard criteria of a job', () => {
  it('answers the defaults until the job saves its own, then those, in order', async () => {
    const job = await createJobThroughApi(app, team.owner, minimalJobBody({ title: 'Criteria job' }));
    const before = await callApi(app, 'GET', criteriaUrl(job._id), team.recruiter.token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({
      jobId: job._id,
      criteria: [...DEFAULT_SCORECARD_CRITERIA],
      isDefault: true,
    });
    const criteria = ['Procedural skill', 'Bedside manner', 'Call coverage'];
    const saved = await callApi(app, 'PATCH', updateCriteriaUrl(job._id), team.recruiter.token, {
      criteria: criteria.map((name) => ` ${name} `),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ jobId: job._id, criteria, isDefault: false });
    const after = await callApi(app, 'GET', criteriaUrl(job._id), team.owner.token);
    expect(after.json().data.criteria).toEqual(criteria);
  });

  it('refuses an empty list, a blank or repeated name, or too many (400), and saves nothing', async () => {
    const job = await createJobThroughApi(app, team.owner, minimalJobBody({ title: 'Invalid criteria' }));
    for (const criteria of [
      [],
      ['  '],
      ['Communication', 'communication'],
      Array.from({ length: 13 }, (_value, index) => `Criterion ${index}`),
      'Communication',
    ]) {
      const response = await callApi(app, 'PATCH', updateCriteriaUrl(job._id), team.owner.token, {
        criteria,
      });
      expect(response.statusCode, JSON.stringify(criteria)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const after = await callApi(app, 'GET', criteriaUrl(job._id), team.owner.token);
    expect(after.json().data.isDefault).toBe(true);
  });

  it("is 404 for another organisation's job, an unknown one, and a delegate's job not given to them", async () => {
    for (const [member, jobId] of [
      [team.owner, rival.job._id],
      [team.owner, UNKNOWN_ID],
      [team.owner, 'not-a-uuid'],
      [team.delegate, team.job._id],
    ] as const) {
      expectFailure(await callApi(app, 'GET', criteriaUrl(jobId), member.token), 404, 'NOT_FOUND', jobId);
      expectFailure(
        await callApi(app, 'PATCH', updateCriteriaUrl(jobId), member.token, { criteria: ['Taken over'] }),
        404,
        'NOT_FOUND',
        jobId,
      );
    }
    const rivals = await callApi(app, 'GET', criteriaUrl(rival.job._id), rival.owner.token);
    expect(rivals.json().data.isDefault).toBe(true);
  });

  it('lets a delegate read and set the criteria of a job given to them', async () => {
    const job = await createJobThroughApi(app, team.owner, minimalJobBody({ title: 'Delegated job' }));
    await app.db.update(jobs).set({ assigneeUserId: team.delegate.id }).where(eq(jobs.id, job._id));
    const saved = await callApi(app, 'PATCH', updateCriteriaUrl(job._id), team.delegate.token, {
      criteria: ['Teaching'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.criteria).toEqual(['Teaching']);
  });
});

describe('scorecards of an interview', () => {
  let interview: TInterview;

  beforeAll(async () => {
    interview = await interviewOn(team.job._id, [team.interviewer.id, team.recruiter.id], 2400, 'Scored');
  });

  it('hides the others’ scorecards from an interviewer until theirs is in; others allowed see all', async () => {
    const first = await callApi(app, 'POST', submitUrl(interview._id), team.interviewer.token, defaultCard);
    expect(first.statusCode, first.body).toBe(200);
    const mine = first.json().data as TInterviewScorecards;
    expect(mine.mine).toMatchObject({
      interviewerUserId: team.interviewer.id,
      interviewerName: 'Ivan Interviewer',
      recommendation: 'yes',
      notes: 'Strong clinical reasoning.',
      ratings: ratingsFor(DEFAULT_SCORECARD_CRITERIA),
    });
    expect(mine.canSubmit).toBe(false);
    expect(mine.scorecards).toHaveLength(1);

    // The other interviewer has not submitted: nothing of the first one's, only a count.
    const blind = await scorecardsAs(team.recruiter, interview._id);
    expect(blind).toMatchObject({ scorecards: [], hiddenCount: 1, canSubmit: true, mine: null });
    expect(JSON.stringify(blind)).not.toContain('Strong clinical reasoning');
    expect(blind.criteria).toEqual([...DEFAULT_SCORECARD_CRITERIA]);

    // The owner is not an interviewer on it: sees every scorecard.
    const owner = await scorecardsAs(team.owner, interview._id);
    expect(owner).toMatchObject({ hiddenCount: 0, canSubmit: false, mine: null });
    expect(owner.scorecards.map((card) => card.interviewerUserId)).toEqual([team.interviewer.id]);

    const second = await callApi(app, 'POST', submitUrl(interview._id), team.recruiter.token, {
      ratings: ratingsFor([...DEFAULT_SCORECARD_CRITERIA].reverse(), 2),
      recommendation: 'strong_no',
    });
    expect(second.statusCode, second.body).toBe(200);
    const seen = second.json().data as TInterviewScorecards;
    expect(seen.hiddenCount).toBe(0);
    expect(seen.scorecards.map((card) => card.interviewerUserId)).toEqual([
      team.interviewer.id,
      team.recruiter.id,
    ]);
    // Stored in the job's order whatever the order sent; no notes is null.
    expect(seen.mine?.ratings.map((rating) => rating.criterion)).toEqual([...DEFAULT_SCORECARD_CRITERIA]);
    expect(seen.mine?.notes).toBeNull();
    expect((await scorecardsAs(team.owner, interview._id)).scorecards).toHaveLength(2);
  });

  it('is submitted once: a second submission is 409 and the first stands', async () => {
    const again = await callApi(app, 'POST', submitUrl(interview._id), team.interviewer.token, {
      ...defaultCard,
      recommendation: 'strong_no',
    });
    expect(expectFailure(again, 409, 'CONFLICT', 'second')).toBe(SCORECARD_MESSAGES.alreadySubmitted);
    const [row] = await app.db
      .select()
      .from(interviewScorecards)
      .where(eq(interviewScorecards.interviewerUserId, team.interviewer.id));
    expect(row?.recommendation).toBe('yes');
  });

  it("refuses ratings that are not the job's criteria each once, out of range, or a bad recommendation (400)", async () => {
    const other = await interviewOn(team.job._id, [team.interviewer.id], 2410, 'Invalid');
    const bodies = [
      { ...defaultCard, ratings: ratingsFor(DEFAULT_SCORECARD_CRITERIA.slice(1)) },
      {
        ...defaultCard,
        ratings: [...ratingsFor(DEFAULT_SCORECARD_CRITERIA), { criterion: 'Extra', rating: 3 }],
      },
      {
        ...defaultCard,
        ratings: [
          ...ratingsFor(DEFAULT_SCORECARD_CRITERIA.slice(1)),
          { criterion: 'Communication', rating: 3 },
        ],
      },
      { ...defaultCard, ratings: ratingsFor(DEFAULT_SCORECARD_CRITERIA, 6) },
      { ...defaultCard, ratings: ratingsFor(DEFAULT_SCORECARD_CRITERIA, 0) },
      { ...defaultCard, recommendation: 'maybe' },
      { ratings: ratingsFor(DEFAULT_SCORECARD_CRITERIA) },
    ];
    for (const body of bodies) {
      const response = await callApi(app, 'POST', submitUrl(other._id), team.interviewer.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await app.db.$count(interviewScorecards, eq(interviewScorecards.interviewId, other._id))).toBe(0);
  });

  it("rates the job's own criteria once it has them", async () => {
    const job = await createJobThroughApi(app, team.owner, minimalJobBody({ title: 'Own criteria' }));
    await callApi(app, 'PATCH', updateCriteriaUrl(job._id), team.owner.token, {
      criteria: ['Surgery', 'Teaching'],
    });
    const own = await interviewOn(job._id, [team.interviewer.id], 2420, 'Own');
    const withDefaults = await callApi(app, 'POST', submitUrl(own._id), team.interviewer.token, defaultCard);
    expectFailure(withDefaults, 400, 'VALIDATION_FAILED', 'defaults');
    const right = await callApi(app, 'POST', submitUrl(own._id), team.interviewer.token, {
      ratings: ratingsFor(['Teaching', 'Surgery'], 5),
      recommendation: 'strong_yes',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.criteria).toEqual(['Surgery', 'Teaching']);
  });

  it('is refused for an interview that has no time: offered (proposed) or cancelled (422)', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Offered');
    const offered = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      proposedBody([team.interviewer.id], [hoursFromNow(2430), hoursFromNow(2432), hoursFromNow(2434)]),
    );
    expectFailure(
      await callApi(app, 'POST', submitUrl(offered._id), team.interviewer.token, defaultCard),
      422,
      'BUSINESS_RULE',
      'proposed',
    );
    expect((await scorecardsAs(team.interviewer, offered._id)).canSubmit).toBe(false);
    const cancelled = await interviewOn(team.job._id, [team.interviewer.id], 2440, 'Called off');
    await callApi(app, 'PATCH', `/employer/interview/cancel-interview/${cancelled._id}`, team.owner.token, {
      reason: 'Filled',
    });
    expectFailure(
      await callApi(app, 'POST', submitUrl(cancelled._id), team.interviewer.token, defaultCard),
      422,
      'BUSINESS_RULE',
      'cancelled',
    );
  });

  it('is 403 for a member who sees the interview but is not an interviewer on it', async () => {
    const response = await callApi(app, 'POST', submitUrl(interview._id), team.owner.token, defaultCard);
    expect(expectFailure(response, 403, 'FORBIDDEN', 'owner')).toBe(SCORECARD_MESSAGES.notInterviewer);
  });

  it("is 404 for another organisation's interview, an unknown one, and a delegate's outside their jobs", async () => {
    const before = await app.db.$count(interviewScorecards);
    for (const [member, interviewId] of [
      [rival.owner, interview._id],
      [rival.interviewer, interview._id],
      [team.owner, UNKNOWN_ID],
      [team.owner, 'not-a-uuid'],
      [team.delegate, interview._id],
    ] as const) {
      expectFailure(
        await callApi(app, 'GET', scorecardsUrl(interviewId), member.token),
        404,
        'NOT_FOUND',
        `get ${interviewId}`,
      );
      expectFailure(
        await callApi(app, 'POST', submitUrl(interviewId), member.token, defaultCard),
        404,
        'NOT_FOUND',
        `submit ${interviewId}`,
      );
    }
    expect(await app.db.$count(interviewScorecards)).toBe(before);
  });

  it('lets a delegate who interviews on another job’s interview submit, blind until then', async () => {
    const onIt = await interviewOn(team.job._id, [team.interviewer.id, team.delegate.id], 2450, 'Delegated');
    const first = await callApi(app, 'POST', submitUrl(onIt._id), team.interviewer.token, defaultCard);
    expect(first.statusCode, first.body).toBe(200);
    expect(await scorecardsAs(team.delegate, onIt._id)).toMatchObject({ scorecards: [], hiddenCount: 1 });
    const theirs = await callApi(app, 'POST', submitUrl(onIt._id), team.delegate.token, {
      ...defaultCard,
      recommendation: 'no',
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json().data as TInterviewScorecards).scorecards).toHaveLength(2);
  });
});
