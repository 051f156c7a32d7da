import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import { JOB_MESSAGES } from '@medhire/contract/jobs';
import { PHYSICIAN_MESSAGES, type TPhysicianJob } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { applicationEvents, applications, notifications } from '../../../src/db/schema/hiring.ts';
import { buildTestApp } from '../../helper.ts';
import { createEmployer } from '../employer/auth-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  postAnotherJob,
  type SignedInPhysician,
  setJobStatus,
  signedInPhysician,
} from './physician-kit.ts';

let app: FastifyInstance;
let physician: SignedInPhysician;

beforeAll(async () => {
  app = await buildTestApp();
  physician = await signedInPhysician(app);
});
afterAll(async () => {
  await app.close();
});

function listJobs(query = '', token = physician.token) {
  return callApi(app, 'GET', `/api/employee/job/get-all-jobs${query}`, token);
}

function apply(jobId: string, token = physician.token, payload: unknown = {}) {
  return callApi(app, 'POST', `/api/employee/job/apply/${jobId}`, token, payload);
}

describe('GET /api/employee/job/get-all-jobs and get-single-job', () => {
  it('lists only open jobs of every organisation, newest first, with filters and paging', async () => {
    const first = await employerWithOpenJob(app, { title: 'Family Physician, Austin' });
    const second = await employerWithOpenJob(app, {
      title: 'Outpatient Psychiatrist',
      specialty: 'psychiatry',
      locations: [
        {
          city: 'Denver',
          state: 'CO',
          description: 'Denver, CO',
          coords: { latitude: 39.74, longitude: -104.99 },
        },
      ],
    });
    const draft = await postAnotherJob(app, first.employer, {
      title: 'Draft Family Physician',
      status: 'draft',
    });
    const closed = await postAnotherJob(app, second.employer, {
      title: 'Closed Psychiatrist',
      specialty: 'psychiatry',
    });
    await setJobStatus(app, second.employer, closed._id, 'closed');
    const third = await postAnotherJob(app, first.employer, { title: 'Family Physician, Round Rock' });

    const all = await listJobs();
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data).toMatchObject({ total: 3, pageNumber: 1, pageSize: 10 });
    expect(data.jobs.map((job: TPhysicianJob) => job._id)).toEqual([
      third._id,
      second.job._id,
      first.job._id,
    ]);
    const ids = data.jobs.map((job: TPhysicianJob) => job._id);
    expect(ids).not.toContain(draft._id);
    expect(ids).not.toContain(closed._id);
    const [newest] = data.jobs as TPhysicianJob[];
    expect(newest).toMatchObject({
      status: 'open',
      title: 'Family Physician, Round Rock',
      specialty: 'family-medicine',
      organization: { _id: first.employer.organizationId, name: 'Hill Country Pediatrics', logo: null },
      hasApplied: false,
    });
    expect(newest).not.toHaveProperty('applicantCount');

    const bySpecialty = (await listJobs('?specialty=psychiatry')).json().data;
    expect(bySpecialty.jobs.map((job: TPhysicianJob) => job._id)).toEqual([second.job._id]);
    const byState = (await listJobs('?state=co')).json().data;
    expect(byState.jobs.map((job: TPhysicianJob) => job._id)).toEqual([second.job._id]);
    const byText = (await listJobs('?queryText=round%20rock')).json().data;
    expect(byText.jobs.map((job: TPhysicianJob) => job._id)).toEqual([third._id]);

    const page2 = (await listJobs('?pageSize=2&pageNumber=2')).json().data;
    expect(page2).toMatchObject({ total: 3, pageNumber: 2, pageSize: 2 });
    expect(page2.jobs.map((job: TPhysicianJob) => job._id)).toEqual([first.job._id]);

    const invalid = await listJobs('?pageSize=0&state=Texas');
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json().error)).toContain('Give the state as its two-letter code, e.g. TX.');

    const single = await callApi(
      app,
      'GET',
      `/api/employee/job/get-single-job/${second.job._id}`,
      physician.token,
    );
    expect(single.statusCode, single.body).toBe(200);
    const { organization: listedOrganization, ...listed } = data.jobs[1];
    expect(single.json().data).toMatchObject({
      ...listed,
      organization: { _id: listedOrganization._id, name: listedOrganization.name },
    });
    expect(single.json().data.organization).toHaveProperty('media');
    expect(single.json().data.organization).not.toHaveProperty('email');
    for (const jobId of [closed._id, draft._id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const hidden = await callApi(app, 'GET', `/api/employee/job/get-single-job/${jobId}`, physician.token);
      expect(hidden.statusCode, jobId).toBe(404);
      expect(hidden.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
  });
});

describe('POST /api/employee/job/apply/{jobId}', () => {
  it('creates a Submitted application with its first event and notifies every employer of the organisation', async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Sports Medicine Physician' });
    const colleague = await createEmployer(app);
    await app.db
      .update(users)
      .set({ organizationId: employer.organizationId })
      .where(eq(users.id, colleague.id));

    const response = await apply(job._id, physician.token, { coverLetter: 'I would love to join.' });
    expect(response.statusCode, response.body).toBe(200);
    const application = response.json().data;
    expect(application).toMatchObject({
      jobId: job._id,
      jobTitle: 'Sports Medicine Physician',
      organizationName: 'Hill Country Pediatrics',
    });

    const [row] = await app.db.select().from(applications).where(eq(applications.id, application._id));
    expect(row).toMatchObject({
      physicianId: physician.profile._id,
      organizationId: employer.organizationId,
      source: 'application',
      pipelineStatus: 'Submitted',
      coverLetter: 'I would love to join.',
    });
    const events = await app.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, application._id));
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'Submitted',
        actor: 'physician',
        changedByUserId: null,
      }),
    ]);
    const notified = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'APPLY_ON_JOB')));
    const forThisJob = notified.filter((notification) => notification.data.jobId === job._id);
    expect(forThisJob.map((notification) => notification.userId).sort()).toEqual(
      [employer.id, colleague.id].sort(),
    );
    expect(forThisJob[0]?.data).toEqual({ jobId: job._id, physicianId: physician.profile._id });
    expect(forThisJob[0]?.body).toBe('Dr. Maya Okafor applied to Sports Medicine Physician.');

    const listed = (await listJobs('?queryText=sports')).json().data.jobs;
    expect(listed[0]).toMatchObject({ _id: job._id, hasApplied: true });

    const mine = await callApi(app, 'GET', '/api/employee/job/get-applications', physician.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.applications[0]).toEqual(application);

    const again = await apply(job._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PHYSICIAN_MESSAGES.alreadyApplied);

    // A job the physician applied to stays readable after it closes.
    await setJobStatus(app, employer, job._id, 'closed');
    const followed = await callApi(
      app,
      'GET',
      `/api/employee/job/get-single-job/${job._id}`,
      physician.token,
    );
    expect(followed.statusCode).toBe(200);
  });

  it('applies without a body at all', async () => {
    const { job } = await employerWithOpenJob(app);
    const other = await signedInPhysician(app);
    const response = await app.inject({
      method: 'POST',
      url: `/api/employee/job/apply/${job._id}`,
      headers: { authorization: other.token },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a closed job (422), an unknown one (404) and an incomplete profile (422)', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const closed = await postAnotherJob(app, employer);
    await setJobStatus(app, employer, closed._id, 'closed');
    const closedAnswer = await apply(closed._id);
    expect(closedAnswer.statusCode).toBe(422);
    expect(closedAnswer.json().error.message).toBe(PHYSICIAN_MESSAGES.jobNotOpen);

    const unknown = await apply('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(JOB_MESSAGES.notFound);

    const newcomer = await signedInPhysician(app, { isComplete: false });
    const incomplete = await apply(job._id, newcomer.token);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().error.message).toBe(PHYSICIAN_MESSAGES.profileIncomplete);
    const rows = await app.db
      .select()
      .from(applications)
      .where(eq(applications.physicianId, newcomer.profile._id));
    expect(rows).toHaveLength(0);
  });

  it('names the invalid field', async () => {
    const { job } = await employerWithOpenJob(app);
    const response = await apply(job._id, physician.token, { coverLetter: 'x'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Keep the cover letter under 5,000 characters.');
  });
});

// Last, so the other cases' lists of open jobs do not include this one.
describe('a job as a physician reads it', () => {
  it('shows physicians the Markdown description as written and the pay with its type', async () => {
    const description = '## Shifts\n\n- 7 on / 7 off\n- **$2,000** per shift';
    const { job } = await employerWithOpenJob(app, {
      title: 'Locum Hospitalist',
      description,
      salaryRange: { min: 1_800, max: 2_200, payType: 'perShift' },
    });
    const read = await callApi(app, 'GET', `/api/employee/job/get-single-job/${job._id}`, physician.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      description,
      salaryRange: { min: 1_800, max: 2_200, payType: 'perShift' },
    });
  });
});

describe('saved jobs', () => {
  it('saves, lists (paged, most recent first), unsaves, and marks the search answers', async () => {
    const saver = await signedInPhysician(app);
    const { employer, job: first } = await employerWithOpenJob(app, { title: 'Saved Hospitalist' });
    const second = await postAnotherJob(app, employer, { title: 'Saved Nocturnist' });
    for (const jobId of [first._id, second._id, second._id]) {
      const saved = await callApi(app, 'POST', `/api/employee/job/save-job/${jobId}`, saver.token);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({ jobId, isSaved: true });
    }
    const page = await callApi(app, 'GET', '/api/employee/job/get-saved-jobs?pageSize=1', saver.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ total: 2, pageSize: 1, pageNumber: 1 });
    expect(page.json().data.jobs.map((job: TPhysicianJob) => job._id)).toEqual([second._id]);
    expect(page.json().data.jobs[0].isSaved).toBe(true);

    const searched = await callApi(app, 'GET', '/api/employee/job/get-all-jobs?queryText=saved', saver.token);
    expect(searched.json().data.jobs.every((job: TPhysicianJob) => job.isSaved)).toBe(true);
    // Saves are the physician's own: another physician sees nothing saved.
    const other = await callApi(
      app,
      'GET',
      '/api/employee/job/get-all-jobs?queryText=saved',
      physician.token,
    );
    expect(other.json().data.jobs.some((job: TPhysicianJob) => job.isSaved)).toBe(false);
    const othersList = await callApi(app, 'GET', '/api/employee/job/get-saved-jobs', physician.token);
    expect(othersList.json().data.total).toBe(0);
    const notMine = await callApi(
      app,
      'DELETE',
      `/api/employee/job/unsave-job/${first._id}`,
      physician.token,
    );
    expect(notMine.statusCode).toBe(404);

    const unsaved = await callApi(app, 'DELETE', `/api/employee/job/unsave-job/${first._id}`, saver.token);
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    expect(unsaved.json().data).toEqual({ jobId: first._id, isSaved: false });
    const left = await callApi(app, 'GET', '/api/employee/job/get-saved-jobs', saver.token);
    expect(left.json().data.jobs.map((job: TPhysicianJob) => job._id)).toEqual([second._id]);
  });

  it('refuses a draft, an unknown job and a malformed page', async () => {
    const { employer } = await employerWithOpenJob(app);
    const draft = await postAnotherJob(app, employer, { status: 'draft' });
    for (const jobId of [draft._id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const refused = await callApi(app, 'POST', `/api/employee/job/save-job/${jobId}`, physician.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
    const invalid = await callApi(app, 'GET', '/api/employee/job/get-saved-jobs?pageSize=0', physician.token);
    expect(invalid.statusCode).toBe(400);
  });
});

describe('application status in words, and withdrawing', () => {
  it("shows the candidate's status, never the employer's stage, and the employer sees the withdrawal", async () => {
    const candidate = await signedInPhysician(app);
    const { employer, job } = await employerWithOpenJob(app, { title: 'Withdrawable Internist' });
    const applied = await apply(job._id, candidate.token);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      status: 'submitted',
      statusLabel: 'Submitted',
      withdrawnAt: null,
    });
    const applicationId = applied.json().data._id as string;

    const moved = await callApi(
      app,
      'PATCH',
      `/api/employer/applicant/update-pipeline-status/${applicationId}`,
      employer.token,
      { pipelineStatus: 'Shortlisted' },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const listed = await callApi(app, 'GET', '/api/employee/job/get-applications', candidate.token);
    expect(listed.json().data.applications[0]).toMatchObject({
      status: 'in_review',
      statusLabel: 'In review',
    });
    expect(listed.body).not.toContain('Shortlisted');

    // Someone else's application is not found and stays as it was.
    const notMine = await callApi(
      app,
      'PATCH',
      `/api/employee/job/withdraw-application/${applicationId}`,
      physician.token,
    );
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(PHYSICIAN_MESSAGES.applicationNotFound);
    const invalid = await callApi(
      app,
      'PATCH',
      '/api/employee/job/withdraw-application/not-an-id',
      candidate.token,
    );
    expect(invalid.statusCode).toBe(404);
    const [stillStanding] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(stillStanding?.withdrawnAt).toBeNull();

    const withdrawn = await callApi(
      app,
      'PATCH',
      `/api/employee/job/withdraw-application/${applicationId}`,
      candidate.token,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', statusLabel: 'Withdrawn' });
    expect(withdrawn.json().data.withdrawnAt).toEqual(expect.any(String));
    const twice = await callApi(
      app,
      'PATCH',
      `/api/employee/job/withdraw-application/${applicationId}`,
      candidate.token,
    );
    expect(twice.statusCode).toBe(409);

    // The employer's lists show the candidate where they left, marked withdrawn, and cannot move them.
    const applicants = await callApi(
      app,
      'GET',
      `/api/employer/applicant/get-all-applicants/${employer.id}?jobId=${job._id}`,
      employer.token,
    );
    expect(applicants.statusCode, applicants.body).toBe(200);
    const [applicant] = applicants.json().data.applicants;
    expect(applicant.applications[0]).toMatchObject({
      _id: applicationId,
      pipelineStatus: 'Shortlisted',
      withdrawnAt: withdrawn.json().data.withdrawnAt,
    });
    const refused = await callApi(
      app,
      'PATCH',
      `/api/employer/applicant/update-pipeline-status/${applicationId}`,
      employer.token,
      { pipelineStatus: 'Interview' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(APPLICANT_MESSAGES.withdrawnCannotMove);
  });

  it('keeps a hire final', async () => {
    const candidate = await signedInPhysician(app);
    const { employer, job } = await employerWithOpenJob(app);
    const applicationId = (await apply(job._id, candidate.token)).json().data._id as string;
    const hired = await callApi(
      app,
      'PATCH',
      `/api/employer/applicant/update-pipeline-status/${applicationId}`,
      employer.token,
      { pipelineStatus: 'Hired' },
    );
    expect(hired.statusCode, hired.body).toBe(200);
    const refused = await callApi(
      app,
      'PATCH',
      `/api/employee/job/withdraw-application/${applicationId}`,
      candidate.token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(PHYSICIAN_MESSAGES.cannotWithdrawHired);
  });
});
