import { JOB_LIMITS, JOB_MESSAGES, type TJob } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { buildTestApp } from '../../helper.ts';
import { signedInEmployer, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, fullJobBody, minimalJobBody, postJob } from './job-kit.ts';

let app: FastifyInstance;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;

beforeAll(async () => {
  app = await buildTestApp();
  employer = await signedInEmployer(app, { hasEstablishedProfile: true });
});
afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, token: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/employer/job${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: { authorization: token },
    remoteAddress: uniqueIp(),
  });
}

/** The job fields of an answer, without what the server adds. */
function fieldsOf(job: TJob) {
  const { _id, status, applicantCount, matchCount, inviteCounts, assignee, createdAt, updatedAt, ...fields } =
    job;
  return fields;
}

describe('POST /api/employer/auth/v1/create-job-v1/{id}', () => {
  it('stores every field and reads it back identical', async () => {
    const { status, ...body } = fullJobBody();
    const created = await createJobThroughApi(app, employer, { ...body, status });
    expect(fieldsOf(created)).toEqual(body);
    expect(created).toMatchObject({
      status: 'open',
      applicantCount: 0,
      matchCount: 0,
      inviteCounts: { pending: 0, accepted: 0, declined: 0 },
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const read = await call('GET', `/get-single-job/${created._id}`, employer.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ success: true, data: created });
  });

  it('opens a job by default, saves a draft on request and drops unknown fields', async () => {
    const opened = await createJobThroughApi(
      app,
      employer,
      minimalJobBody({ organizationId: 'someone-else' }),
    );
    expect(opened.status).toBe('open');
    expect(opened).not.toHaveProperty('organizationId');
    expect(opened.subSpecialty).toEqual([]);
    expect(opened).not.toHaveProperty('salaryRange');

    const draft = await createJobThroughApi(app, employer, minimalJobBody({ status: 'draft' }));
    expect(draft.status).toBe('draft');
  });

  it('refuses to create a job as closed', async () => {
    const response = await postJob(app, employer.id, employer.token, minimalJobBody({ status: 'closed' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('status: A new job is either draft or open.');
  });

  it('refuses a path id that is not the caller (403)', async () => {
    const other = await signedInEmployer(app, { hasEstablishedProfile: true });
    const response = await postJob(app, other.id, employer.token, minimalJobBody());
    expect(response.statusCode).toBe(403);
  });

  it('asks for an organisation profile first (422)', async () => {
    const newcomer = await signedInEmployer(app);
    const response = await postJob(app, newcomer.id, newcomer.token, minimalJobBody());
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Set up your organization profile before posting a job.');
  });

  it('needs a session (401)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/employer/auth/v1/create-job-v1/${employer.id}`,
      payload: minimalJobBody(),
    });
    expect(response.statusCode).toBe(401);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a missing title', { title: undefined }, `title: ${JOB_MESSAGES.titleRequired}`],
    ['a blank title', { title: '   ' }, `title: ${JOB_MESSAGES.titleRequired}`],
    ['a missing specialty', { specialty: undefined }, `specialty: ${JOB_MESSAGES.specialtyRequired}`],
    [
      'a missing employment type',
      { employmentType: undefined },
      `employmentType: ${JOB_MESSAGES.employmentTypeRequired}`,
    ],
    ['no locations', { locations: [] }, 'locations: Add at least one location.'],
    ['missing locations', { locations: undefined }, 'locations: Add at least one location.'],
    [
      'a minimum salary above the maximum',
      { salaryRange: { min: 400_000, max: 300_000 } },
      'salaryRange: The minimum salary cannot be more than the maximum.',
    ],
    [
      'half-days above 10 in one kind',
      { halfDaysPerWeek: { outpatient: 11 } },
      'halfDaysPerWeek.outpatient: Half-days must be at most 10.',
    ],
    [
      'negative half-days',
      { halfDaysPerWeek: { inpatient: -1 } },
      'halfDaysPerWeek.inpatient: Half-days cannot be negative.',
    ],
    [
      'half-days adding up to more than 10',
      { halfDaysPerWeek: { outpatient: 6, inpatient: 3, procedural: 2 } },
      'halfDaysPerWeek: Half-days per week add up to more than 10.',
    ],
    [
      'partnership answers when partnership is not offered',
      { partnership: { value: 'No', types: ['2 years', '$100,000'] } },
      `partnership.types: ${JOB_MESSAGES.partnershipAnswersOnlyWithYes}`,
    ],
    [
      'an offered partnership without both answers',
      { partnership: { value: 'Yes', types: ['2 years'] } },
      `partnership.types: ${JOB_MESSAGES.partnershipAnswersRequired}`,
    ],
    [
      'an offered partnership without answers',
      { partnership: { value: 'Yes' } },
      `partnership.types: ${JOB_MESSAGES.partnershipAnswersRequired}`,
    ],
    ['an unknown specialty', { specialty: 'astrology' }, `specialty: ${JOB_MESSAGES.unknownSpecialty}`],
    [
      'a sub-specialty of another specialty',
      { specialty: 'family-medicine', subSpecialty: ['internal-medicine--cardiovascular-disease'] },
      `subSpecialty.0: ${JOB_MESSAGES.subSpecialtyOutsideSpecialty}`,
    ],
    [
      'an unknown sub-specialty',
      { subSpecialty: ['internal-medicine--cardiovascular-disease', 'internal-medicine--palmistry'] },
      `subSpecialty.1: ${JOB_MESSAGES.subSpecialtyOutsideSpecialty}`,
    ],
    [
      'an unknown employment type',
      { employmentType: 'forever' },
      `employmentType: ${JOB_MESSAGES.unknownEmploymentType}`,
    ],
    ['an unknown reason', { reasonForJobOpp: 'boredom' }, `reasonForJobOpp: ${JOB_MESSAGES.unknownReason}`],
    [
      'a benefit that is not listed',
      { supportBenefitPerk: ['Health insurance', 'Free yacht'] },
      `supportBenefitPerk.1: ${JOB_MESSAGES.unknownBenefit}`,
    ],
    ['a yes/no field with another answer', { mentorship: 'Maybe' }, 'mentorship: Answer Yes or No.'],
    ['a negative bonus', { signOnBonus: -5 }, 'signOnBonus: An amount cannot be negative.'],
    [
      'a minimum hourly rate above the maximum',
      { salaryRange: { min: 220, max: 180, payType: 'hourly' } },
      `salaryRange: ${JOB_MESSAGES.salaryOrder}`,
    ],
    [
      'an unknown pay type',
      { salaryRange: { min: 1_000, max: 2_000, payType: 'weekly' } },
      `salaryRange.payType: ${JOB_MESSAGES.payTypeUnknown}`,
    ],
    [
      'an annual salary typed as an hourly rate',
      { salaryRange: { min: 250_000, max: 300_000, payType: 'hourly' } },
      'salaryRange.max: That is more than $2,000 per hour: check the amount or the pay type.',
    ],
    [
      'a description longer than the limit',
      { description: 'x'.repeat(JOB_LIMITS.descriptionMax + 1) },
      `description: Use at most ${JOB_LIMITS.descriptionMax} characters for the description.`,
    ],
    [
      'an unknown state',
      {
        locations: [
          { city: 'Nowhere', state: 'ZZ', description: 'Nowhere, ZZ', coords: { latitude: 1, longitude: 1 } },
        ],
      },
      `locations.0.state: ${JOB_MESSAGES.unknownState}`,
    ],
  ];

  it.each(refusals)('refuses %s with a message naming the field', async (_case, overrides, message) => {
    const response = await postJob(app, employer.id, employer.token, fullJobBody(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('pay types and the description', () => {
  it('stores an hourly locum rate with its pay type and the Markdown description as written', async () => {
    const description = '# Locum coverage\n\n* 12-hour shifts\n* <b>raw html</b> stays text';
    const created = await createJobThroughApi(
      app,
      employer,
      minimalJobBody({ description, salaryRange: { min: 180, max: 220, payType: 'hourly' } }),
    );
    expect(created.salaryRange).toEqual({ min: 180, max: 220, payType: 'hourly' });
    expect(created.description).toBe(description);
    const read = await call('GET', `/get-single-job/${created._id}`, employer.token);
    expect(read.json().data).toMatchObject({ description, salaryRange: { payType: 'hourly' } });
  });

  it('reads a range sent without a pay type (older clients) as annual', async () => {
    const created = await createJobThroughApi(
      app,
      employer,
      minimalJobBody({ salaryRange: { min: 200_000, max: 240_000 } }),
    );
    expect(created.salaryRange).toEqual({ min: 200_000, max: 240_000, payType: 'annual' });
  });

  it('reads a job stored before pay types and descriptions existed', async () => {
    const created = await createJobThroughApi(app, employer, minimalJobBody());
    await app.db
      .update(jobs)
      .set({ salaryMin: 210_000, salaryMax: 250_000, salaryPayType: null, description: null })
      .where(eq(jobs.id, created._id));
    const read = await call('GET', `/get-single-job/${created._id}`, employer.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.salaryRange).toEqual({ min: 210_000, max: 250_000, payType: 'annual' });
    expect(read.json().data).not.toHaveProperty('description');
  });

  it('changes the pay type on update, and another organisation cannot (404)', async () => {
    const job = await createJobThroughApi(app, employer, minimalJobBody());
    const perShift = minimalJobBody({ salaryRange: { min: 1_800, max: 2_400, payType: 'perShift' } });
    const updated = await call('PATCH', `/update-job/${job._id}`, employer.token, perShift);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.salaryRange).toEqual({ min: 1_800, max: 2_400, payType: 'perShift' });

    const intruder = await signedInEmployer(app, { hasEstablishedProfile: true });
    const refused = await call('PATCH', `/update-job/${job._id}`, intruder.token, {
      ...perShift,
      salaryRange: { min: 1, max: 2, payType: 'perDiem' },
    });
    expect(refused.statusCode).toBe(404);
    const after = await call('GET', `/get-single-job/${job._id}`, employer.token);
    expect(after.json().data.salaryRange.payType).toBe('perShift');
  });
});

describe('a job of another organisation', () => {
  let foreignJob: TJob;
  let intruder: Awaited<ReturnType<typeof signedInEmployer>>;

  beforeAll(async () => {
    foreignJob = await createJobThroughApi(app, employer, fullJobBody({ title: 'Private posting' }));
    intruder = await signedInEmployer(app, { hasEstablishedProfile: true });
  });

  const attempts: [string, 'GET' | 'PATCH' | 'DELETE' | 'POST', string, unknown][] = [
    ['read', 'GET', '/get-single-job/', undefined],
    ['update', 'PATCH', '/update-job/', minimalJobBody({ title: 'Taken over' })],
    ['delete', 'DELETE', '/delete-job/', undefined],
    ['duplicate', 'POST', '/duplicate-job/', undefined],
    ['change the status of', 'PATCH', '/update-job-status/', { status: 'closed' }],
  ];

  it.each(attempts)('cannot be %sed (404, nothing revealed)', async (_verb, method, path, payload) => {
    const response = await call(method, `${path}${foreignJob._id}`, intruder.token, payload);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.message).toBe('We could not find that job.');

    const missing = await call(
      method,
      `${path}00000000-0000-4000-8000-000000000000`,
      intruder.token,
      payload,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(response.json().error.message);
  });

  it('stays untouched after the attempts', async () => {
    const read = await call('GET', `/get-single-job/${foreignJob._id}`, employer.token);
    expect(read.json().data).toEqual(foreignJob);
  });

  it('answers 404 for a malformed job id as well', async () => {
    const response = await call('GET', '/get-single-job/not-a-job', employer.token);
    expect(response.statusCode).toBe(404);
  });

  it('is not listed for another organisation, and another user id is refused (403)', async () => {
    const own = await call('GET', `/get-all-jobs/${intruder.id}`, intruder.token);
    expect(own.json().data).toMatchObject({ jobs: [], total: 0 });
    const foreign = await call('GET', `/get-all-jobs/${employer.id}`, intruder.token);
    expect(foreign.statusCode).toBe(403);
  });
});

describe('PATCH /api/employer/job/update-job/{jobId}', () => {
  it('replaces every editable field, clears what is left out and keeps the status', async () => {
    const job = await createJobThroughApi(app, employer, fullJobBody({ status: 'draft' }));
    const replacement = minimalJobBody({
      title: 'Sports Medicine Physician',
      subSpecialty: ['family-medicine--sports-medicine'],
      partnership: { value: 'No' },
    });
    const response = await call('PATCH', `/update-job/${job._id}`, employer.token, replacement);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().data as TJob;
    expect(fieldsOf(updated)).toEqual({ ...replacement, supportBenefitPerk: [] });
    expect(updated.status).toBe('draft');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(job.updatedAt));
  });

  it('applies the same validation as creating', async () => {
    const job = await createJobThroughApi(app, employer);
    const response = await call(
      'PATCH',
      `/update-job/${job._id}`,
      employer.token,
      minimalJobBody({ subSpecialty: ['internal-medicine--nephrology'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      `subSpecialty.0: ${JOB_MESSAGES.subSpecialtyOutsideSpecialty}`,
    );
    const missingLocation = await call('PATCH', `/update-job/${job._id}`, employer.token, {
      ...minimalJobBody(),
      locations: [],
    });
    expect(missingLocation.json().error.message).toBe('locations: Add at least one location.');
  });
});

describe('PATCH /api/employer/job/update-job-status/{jobId}', () => {
  it('closes, reopens and shelves a job', async () => {
    const job = await createJobThroughApi(app, employer);
    for (const status of ['closed', 'open', 'draft'] as const) {
      const response = await call('PATCH', `/update-job-status/${job._id}`, employer.token, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.status).toBe(status);
    }
  });

  it('refuses an unknown status', async () => {
    const job = await createJobThroughApi(app, employer);
    const response = await call('PATCH', `/update-job-status/${job._id}`, employer.token, {
      status: 'paused',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('status: Choose draft, open or closed.');
  });
});

describe('POST /api/employer/job/duplicate-job/{jobId}', () => {
  it('copies every field into a draft titled "… (copy)"', async () => {
    const original = await createJobThroughApi(app, employer, fullJobBody());
    const response = await call('POST', `/duplicate-job/${original._id}`, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    const copy = response.json().data as TJob;
    expect(copy._id).not.toBe(original._id);
    expect(copy).toMatchObject({
      status: 'draft',
      title: 'Non-invasive Cardiologist (copy)',
      applicantCount: 0,
    });
    expect({ ...fieldsOf(copy), title: original.title }).toEqual(fieldsOf(original));

    const listed = await call('GET', `/get-all-jobs/${employer.id}?pageSize=1`, employer.token);
    expect(listed.json().data.jobs[0]._id).toBe(copy._id);
  });

  it('keeps the copy title within the title limit', async () => {
    const original = await createJobThroughApi(app, employer, minimalJobBody({ title: 'T'.repeat(200) }));
    const response = await call('POST', `/duplicate-job/${original._id}`, employer.token);
    const title: string = response.json().data.title;
    expect(title).toHaveLength(200);
    expect(title.endsWith(' (copy)')).toBe(true);
  });
});

describe('DELETE /api/employer/job/delete-job/{jobId}', () => {
  // A job with applications or matches is closed instead; that path is tested with real
  // applications in applicants.test.ts ("job activity counts").
  it('deletes a job without applicants', async () => {
    const job = await createJobThroughApi(app, employer);
    const response = await call('DELETE', `/delete-job/${job._id}`, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ deleted: true, closed: false });
    expect(await app.db.select().from(jobs).where(eq(jobs.id, job._id))).toEqual([]);
    const again = await call('GET', `/get-single-job/${job._id}`, employer.token);
    expect(again.statusCode).toBe(404);
  });
});

describe('deleting the account', () => {
  it('closes the organisation’s open jobs and drafts and keeps them', async () => {
    const leaving = await signedInEmployer(app, { hasEstablishedProfile: true });
    const open = await createJobThroughApi(app, leaving);
    const draft = await createJobThroughApi(app, leaving, minimalJobBody({ status: 'draft' }));
    const closed = await createJobThroughApi(app, leaving);
    await call('PATCH', `/update-job-status/${closed._id}`, leaving.token, { status: 'closed' });
    const untouched = await createJobThroughApi(app, employer);

    const response = await app.inject({
      method: 'PATCH',
      url: `/api/employer/auth/v1/archive-profile/${leaving.id}`,
      headers: { authorization: leaving.token },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.jobsClosed).toBe(2);

    const rows = await app.db.select({ id: jobs.id, status: jobs.status }).from(jobs);
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    expect([open, draft, closed].map((job) => statusOf(job._id))).toEqual(['closed', 'closed', 'closed']);
    expect(statusOf(untouched._id)).toBe('open');
  });
});
