import type { TJob } from '@medhire/contract/jobs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/db/schema/hiring.ts';
import { jobAlertMatches, jobAlerts } from '../../../src/db/schema/job-alerts.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { matchJobAlerts } from '../../../src/domain/physicians/alerts/match-job-alerts.ts';
import { sendJobAlertDigests } from '../../../src/domain/physicians/alerts/send-job-alert-digests.ts';
import { buildTestApp, testDataDir } from '../../helper.ts';
import { signedInEmployer } from '../employer/auth-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  postAnotherJob,
  type SignedInPhysician,
  setJobStatus,
  signedInPhysician,
} from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://medhire.example' });
});
afterAll(async () => {
  await app.close();
});

function alertBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Family medicine near Austin',
    criteria: { specialty: 'family-medicine', state: 'TX' },
    channels: { push: true, email: true },
    frequency: 'instant',
    ...overrides,
  };
}

async function createAlert(physician: SignedInPhysician, overrides: Record<string, unknown> = {}) {
  const response = await callApi(
    app,
    'POST',
    '/api/employee/alert/create-alert',
    physician.token,
    alertBody(overrides),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { _id: string };
}

async function storedAlerts(physician: SignedInPhysician) {
  return app.db.select().from(jobAlerts).where(eq(jobAlerts.physicianId, physician.profile._id));
}

describe('job alerts CRUD', () => {
  it('creates, lists newest first, reads, updates and deletes the physician’s alerts', async () => {
    const physician = await signedInPhysician(app);
    const first = await createAlert(physician);
    const second = await createAlert(physician, {
      name: 'Anchorage, daily',
      criteria: { latitude: 61.22, longitude: -149.9, placeName: 'Anchorage, AK', radiusMiles: 25 },
      channels: { push: false, email: true },
      frequency: 'daily',
    });
    const listed = await callApi(app, 'GET', '/api/employee/alert/get-all-alerts', physician.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.total).toBe(2);
    expect(listed.json().data.alerts.map((alert: { _id: string }) => alert._id)).toEqual([
      second._id,
      first._id,
    ]);

    const read = await callApi(app, 'GET', `/api/employee/alert/get-alert/${second._id}`, physician.token);
    expect(read.json().data).toMatchObject({
      name: 'Anchorage, daily',
      criteria: { latitude: 61.22, longitude: -149.9, radiusMiles: 25 },
      channels: { push: false, email: true },
      frequency: 'daily',
    });

    const updated = await callApi(
      app,
      'PATCH',
      `/api/employee/alert/update-alert/${first._id}`,
      physician.token,
      {
        name: 'Texas family medicine',
        criteria: { specialty: 'family-medicine', minSalary: 250000 },
      },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Texas family medicine',
      criteria: { minSalary: 250000 },
    });
    const [row] = (await storedAlerts(physician)).filter((alert) => alert.id === first._id);
    expect(row).toMatchObject({ state: null, minSalary: 250000, specialtyId: 'family-medicine' });

    const deleted = await callApi(
      app,
      'DELETE',
      `/api/employee/alert/delete-alert/${first._id}`,
      physician.token,
    );
    expect(deleted.json().data).toEqual({ alertId: first._id });
    expect((await storedAlerts(physician)).map((alert) => alert.id)).toEqual([second._id]);
  });

  it('refuses invalid alerts with 400 and stores nothing', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    for (const body of [
      alertBody({ name: '' }),
      alertBody({ criteria: { latitude: 30.2 } }),
      alertBody({ criteria: { radiusMiles: 1, latitude: 30.2, longitude: -97.7 } }),
      alertBody({ criteria: { minSalary: -5 } }),
      alertBody({ channels: { push: false, email: false } }),
      alertBody({ frequency: 'daily', channels: { push: true, email: false } }),
      alertBody({ frequency: 'weekly' }),
    ]) {
      const response = await callApi(app, 'POST', '/api/employee/alert/create-alert', physician.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await storedAlerts(physician)).toEqual([]);

    const alert = await createAlert(physician);
    for (const body of [
      {},
      { channels: { push: false, email: false } },
      { frequency: 'daily', channels: { push: true, email: false } },
    ]) {
      const response = await callApi(
        app,
        'PATCH',
        `/api/employee/alert/update-alert/${alert._id}`,
        physician.token,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // An e-mail-less instant alert cannot become daily either.
    await callApi(app, 'PATCH', `/api/employee/alert/update-alert/${alert._id}`, physician.token, {
      channels: { push: true, email: false },
    });
    const daily = await callApi(
      app,
      'PATCH',
      `/api/employee/alert/update-alert/${alert._id}`,
      physician.token,
      {
        frequency: 'daily',
      },
    );
    expect(daily.statusCode).toBe(400);
    const [row] = await storedAlerts(physician);
    expect(row?.frequency).toBe('instant');
  });

  it('answers 404 for another physician’s alert and changes nothing; 403 for an employer', async () => {
    const owner = await signedInPhysician(app, { isComplete: false });
    const alert = await createAlert(owner);
    const stranger = await signedInPhysician(app, { isComplete: false });
    for (const [method, url, body] of [
      ['GET', `/api/employee/alert/get-alert/${alert._id}`, undefined],
      ['PATCH', `/api/employee/alert/update-alert/${alert._id}`, { name: 'Mine now' }],
      ['DELETE', `/api/employee/alert/delete-alert/${alert._id}`, undefined],
      ['GET', '/api/employee/alert/get-alert/not-an-id', undefined],
    ] as const) {
      const response = await callApi(app, method, url, stranger.token, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const [row] = await storedAlerts(owner);
    expect(row?.name).toBe('Family medicine near Austin');
    const strangerList = await callApi(app, 'GET', '/api/employee/alert/get-all-alerts', stranger.token);
    expect(strangerList.json().data.total).toBe(0);
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    expect((await callApi(app, 'GET', '/api/employee/alert/get-all-alerts', employer.token)).statusCode).toBe(
      403,
    );
  });
});

describe('matching a published job against alerts', () => {
  async function isMatched(alertId: string, jobId: string): Promise<boolean> {
    await matchJobAlerts({ db: app.db, jobId });
    const rows = await app.db
      .select()
      .from(jobAlertMatches)
      .where(and(eq(jobAlertMatches.alertId, alertId), eq(jobAlertMatches.jobId, jobId)));
    return rows.length === 1;
  }

  it('matches and misses on each criterion', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const { employer, job: austin } = await employerWithOpenJob(app, {
      salaryRange: { min: 240000, max: 280000, payType: 'annual' },
    });
    const internist: TJob = await postAnotherJob(app, employer, {
      specialty: 'internal-medicine',
      employmentType: 'part-time',
      locations: [
        {
          city: 'Denver',
          state: 'CO',
          description: 'Denver, CO',
          coords: { latitude: 39.74, longitude: -104.99 },
        },
      ],
      salaryRange: { min: 120, max: 150, payType: 'hourly' },
    });
    const cases: [string, Record<string, unknown>, TJob, TJob][] = [
      ['specialty', { specialty: 'family-medicine' }, austin, internist],
      ['state', { state: 'TX' }, austin, internist],
      // Round Rock is about 18 miles from Austin; Denver is far beyond 50.
      ['radius', { latitude: 30.51, longitude: -97.68, radiusMiles: 50 }, austin, internist],
      ['employment type', { employmentType: 'part-time' }, internist, austin],
      // Counted yearly as the job search counts it: $150 an hour is $312,000 a year.
      ['minimum salary', { minSalary: 300000 }, internist, austin],
    ];
    for (const [criterion, criteria, matching, missing] of cases) {
      const alert = await createAlert(physician, { name: criterion, criteria });
      expect(await isMatched(alert._id, matching._id), `${criterion} matches`).toBe(true);
      expect(await isMatched(alert._id, missing._id), `${criterion} misses`).toBe(false);
    }
    const tooRich = await createAlert(physician, { name: 'too rich', criteria: { minSalary: 300000 } });
    expect(await isMatched(tooRich._id, austin._id)).toBe(false);
    const tooSmall = await createAlert(physician, {
      name: 'tight radius',
      criteria: { latitude: 30.51, longitude: -97.68, radiusMiles: 10 },
    });
    expect(await isMatched(tooSmall._id, austin._id)).toBe(false);
  });

  it('notifies an instant alert once, however often the queue job runs, and never for a closed job', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    await createAlert(physician, { criteria: { specialty: 'family-medicine' } });
    await createAlert(physician, {
      name: 'Texas',
      criteria: { state: 'TX' },
      channels: { push: false, email: true },
    });
    const { employer, job } = await employerWithOpenJob(app, { title: 'Alerted job' });
    await matchJobAlerts({ db: app.db, jobId: job._id });
    const again = await matchJobAlerts({ db: app.db, jobId: job._id });
    expect(again).toEqual({ matched: 0, notified: 0 });
    // Queue jobs of jobs other tests posted may still run and find these alerts: count this job's.
    const alertsOfJob = async () =>
      (
        await app.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, physician.profile.userId), eq(notifications.type, 'JOB_ALERT')))
      ).filter((row) => row.data.jobId === job._id);
    const rows = await alertsOfJob();
    // Two alerts matched the job: one notification, on every channel either alert asked for.
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data).toMatchObject({ jobId: job._id, alertChannels: { push: true, email: true } });
    expect(rows[0]?.body).toContain('Alerted job');

    // Closing and reopening tells nobody twice.
    await setJobStatus(app, employer, job._id, 'closed');
    await setJobStatus(app, employer, job._id, 'open');
    await matchJobAlerts({ db: app.db, jobId: job._id });
    expect(await alertsOfJob()).toHaveLength(1);

    const draft = await postAnotherJob(app, employer, { status: 'draft' });
    expect(await matchJobAlerts({ db: app.db, jobId: draft._id })).toEqual({ matched: 0, notified: 0 });
  });

  it('runs the search from the queue when a job is published, not while it is a draft', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    await createAlert(physician, { name: 'Pediatrics anywhere', criteria: { specialty: 'pediatrics' } });
    const { employer } = await employerWithOpenJob(app);
    const draft = await postAnotherJob(app, employer, {
      title: 'Pediatrician, Austin',
      specialty: 'pediatrics',
      status: 'draft',
    });
    const alertNotifications = async () =>
      (
        await app.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, physician.profile.userId), eq(notifications.type, 'JOB_ALERT')))
      ).filter((row) => row.data.jobId === draft._id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await alertNotifications()).toEqual([]);

    await setJobStatus(app, employer, draft._id, 'open');
    const deadline = Date.now() + 10_000;
    let rows = await alertNotifications();
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await alertNotifications();
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data.jobId).toBe(draft._id);
  });

  it('gathers daily alerts into one e-mail per physician, sent once', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    await createAlert(physician, {
      name: 'Daily dermatology',
      // A specialty no other test posts, so no other job's queue job adds to this digest.
      criteria: { specialty: 'dermatology' },
      channels: { push: false, email: true },
      frequency: 'daily',
    });
    const { employer, job } = await employerWithOpenJob(app, {
      title: 'First daily job',
      specialty: 'dermatology',
    });
    const second = await postAnotherJob(app, employer, {
      title: 'Second daily job',
      specialty: 'dermatology',
    });
    await matchJobAlerts({ db: app.db, jobId: job._id });
    await matchJobAlerts({ db: app.db, jobId: second._id });
    const instant = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, physician.profile.userId), eq(notifications.type, 'JOB_ALERT')));
    // A daily alert is never an instant notification, whichever job it matched.
    expect(instant).toEqual([]);

    expect(
      await sendJobAlertDigests({ db: app.db, mailer: app.mailer, publicUrl: 'https://medhire.example' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await sendJobAlertDigests({ db: app.db, mailer: app.mailer, publicUrl: 'https://medhire.example' }),
    ).toBe(0);
    const mails = (await readOutbox(testDataDir(), physician.email)).filter((mail) =>
      mail.subject.includes('new jobs for your alerts'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('First daily job');
    expect(mails[0]?.text).toContain('Second daily job');
    expect(mails[0]?.text).toContain(`https://medhire.example/physician/jobs/${job._id}`);
  });

  it('tells no physician whose account was deleted', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const alert = await createAlert(physician, { criteria: { specialty: 'family-medicine' } });
    const deleted = await callApi(app, 'DELETE', '/api/employee/auth/delete-account', physician.token, {
      password: physician.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await app.db.select().from(jobAlerts).where(eq(jobAlerts.id, alert._id))).toEqual([]);
  });
});
