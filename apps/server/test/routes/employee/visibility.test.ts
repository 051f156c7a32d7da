import { VISIBILITY_MESSAGES } from '@medhire/contract/physician-visibility';
import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../src/db/schema/accounts.ts';
import { matches, notifications } from '../../../src/db/schema/hiring.ts';
import { physicianHiddenOrganizations, physicians } from '../../../src/db/schema/physicians.ts';
import { isPubliclyDiscoverable } from '../../../src/domain/applicants/physician-visibility.ts';
import { collectExportData } from '../../../src/domain/data-export/collect-export-data.ts';
import { buildTestApp } from '../../helper.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  postAnotherJob,
  type SignedInPhysician,
  signedInPhysician,
} from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Employer = Awaited<ReturnType<typeof employerWithOpenJob>>['employer'];

/**
 * Every employer list and view that can show a physician, each answering the raw body: a
 * physician is seen when their id appears in it. `ids` are the ids the views are called with.
 */
function employerViews(
  employer: Employer,
  ids: { jobId: string; inviteJobId: string; physicianId: string; conversationId: string },
): Record<string, () => Promise<{ statusCode: number; body: string }>> {
  const get = (url: string) => callApi(app, 'GET', url, employer.token);
  return {
    'all applicants': () => get(`/api/employer/applicant/get-all-applicants/${employer.id}`),
    "a job's applicants": () =>
      get(`/api/employer/applicant/get-all-applicants/${employer.id}?jobId=${ids.jobId}`),
    pipeline: () => get(`/api/employer/applicant/get-all-applicants/${employer.id}?pipelineStatus=Submitted`),
    recommended: () => get(`/api/employer/applicant/get-recommended-applicants/${ids.jobId}`),
    explore: () => get(`/api/employer/applicant/explore/${employer.id}`),
    'saved applicants': () => get(`/api/employer/applicant/get-saved-applicants/${employer.id}`),
    matches: () => get(`/api/employer/match/get-all-matches/${employer.id}`),
    "a job's matches": () => get(`/api/employer/match/get-matches-by-job/${ids.inviteJobId}`),
    conversations: () => get(`/api/employer/conversation/get-all-conversation/${employer.id}`),
    'conversation sync': () => get('/api/employer/conversation/sync?since=0'),
    dashboard: () => get(`/api/employer/dashboard/get-summary/${employer.id}`),
    'activity log': () => get('/api/employer/activity/get-activity-log'),
    notifications: () => get(`/api/employer/notification/get-all-notification/${employer.id}?pageSize=50`),
    'single applicant': () => get(`/api/employer/applicant/get-single-applicant/${ids.physicianId}`),
    'conversation messages': () =>
      get(`/api/employer/conversation/get-single-conversation/${ids.conversationId}`),
  };
}

/** An organisation that has dealt with the physician every way there is, and a discoverable physician. */
async function organisationThatKnowsThePhysician(physician: SignedInPhysician) {
  const { employer, job } = await employerWithOpenJob(app, { title: 'Family Physician, Hidden' });
  const otherJob = await postAnotherJob(app, employer, { title: 'Family Physician, Invites' });
  const physicianId = physician.profile._id;
  const applied = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
  expect(applied.statusCode, applied.body).toBe(200);
  const applicationId = applied.json().data._id as string;
  await invite(app, employer, otherJob._id, physicianId);
  const saved = await callApi(
    app,
    'POST',
    `/api/employer/applicant/save-applicant/${physicianId}`,
    employer.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const started = await callApi(
    app,
    'POST',
    `/api/employer/conversation/start-conversation/${applicationId}`,
    employer.token,
    {},
  );
  expect(started.statusCode, started.body).toBe(200);
  const conversationId = started.json().data._id as string;
  const sent = await callApi(
    app,
    'POST',
    `/api/employer/conversation/send-message/${conversationId}`,
    employer.token,
    {
      body: 'Would you like to talk this week?',
      tempMsgId: 'hidden-1',
    },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return { employer, job, otherJob, applicationId, conversationId, physicianId };
}

describe('an organisation the physician hides from sees them nowhere', () => {
  it('drops the physician from every employer list, view, count and export, and lets them back in when shown again', async () => {
    const physician = await signedInPhysician(app);
    const known = await organisationThatKnowsThePhysician(physician);
    const { employer, physicianId } = known;
    // A second organisation the physician does not hide from keeps seeing them.
    const { employer: otherEmployer, job: otherOrganisationJob } = await employerWithOpenJob(app);
    const views = employerViews(employer, {
      jobId: known.job._id,
      inviteJobId: known.otherJob._id,
      physicianId,
      conversationId: known.conversationId,
    });

    // The sync feed carries conversations and messages, not profiles: the conversation is the mark.
    // The activity log tells what members did in sentences: the physician's name is the mark.
    const markerOf = (name: string) =>
      name === 'conversation sync'
        ? known.conversationId
        : name === 'activity log'
          ? 'Maya Okafor'
          : physicianId;
    for (const [name, view] of Object.entries(views)) {
      const before = await view();
      expect(before.statusCode, `${name}: ${before.body}`).toBe(200);
      // The dashboard names the physician rather than giving the id in every part; its counts are checked below.
      if (name !== 'dashboard') expect(before.body, name).toContain(markerOf(name));
    }
    const dashboardBefore = JSON.parse((await views.dashboard?.())?.body ?? '{}').data;
    expect(dashboardBefore).toMatchObject({ totalApplicants: 1, savedApplicants: 1 });
    const jobsBefore = await callApi(
      app,
      'GET',
      `/api/employer/job/get-all-jobs/${employer.id}`,
      employer.token,
    );
    expect(
      jobsBefore.json().data.jobs.map((job: { applicantCount: number }) => job.applicantCount),
    ).toContain(1);
    const exportBefore = JSON.stringify(await collectExportData(app.db, employer.organizationId, new Date()));
    expect(exportBefore).toContain(physicianId);

    const hidden = await callApi(
      app,
      'POST',
      `/api/employee/visibility/hide-organization/${employer.organizationId}`,
      physician.token,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ _id: employer.organizationId, isHidden: true });

    for (const [name, view] of Object.entries(views)) {
      const after = await view();
      if (name === 'single applicant' || name === 'conversation messages') {
        expect(after.statusCode, name).toBe(404);
      } else {
        expect(after.statusCode, `${name}: ${after.body}`).toBe(200);
      }
      expect(after.body, name).not.toContain(markerOf(name));
      expect(after.body, name).not.toContain('Okafor');
    }
    const dashboardAfter = JSON.parse((await views.dashboard?.())?.body ?? '{}').data;
    expect(dashboardAfter).toMatchObject({
      totalApplicants: 0,
      newApplicants: 0,
      savedApplicants: 0,
      recentActivity: [],
      matchesByStatus: { pending: 0 },
      pipeline: { Submitted: 0 },
    });
    const jobsAfter = await callApi(
      app,
      'GET',
      `/api/employer/job/get-all-jobs/${employer.id}`,
      employer.token,
    );
    for (const listed of jobsAfter.json().data.jobs) {
      expect(listed).toMatchObject({ applicantCount: 0, matchCount: 0 });
    }
    const singleJob = await callApi(
      app,
      'GET',
      `/api/employer/job/get-single-job/${known.job._id}`,
      employer.token,
    );
    expect(singleJob.json().data).toMatchObject({ applicantCount: 0 });
    const exportAfter = JSON.stringify(await collectExportData(app.db, employer.organizationId, new Date()));
    expect(exportAfter).not.toContain(physicianId);

    // Nothing the organisation tries reaches the physician, and nothing changes.
    const attempts = [
      callApi(app, 'POST', `/api/employer/applicant/save-applicant/${physicianId}`, employer.token),
      callApi(
        app,
        'PATCH',
        `/api/employer/applicant/update-pipeline-status/${known.applicationId}`,
        employer.token,
        {
          pipelineStatus: 'Interview',
        },
      ),
      callApi(app, 'POST', '/api/employer/match/create-match', employer.token, {
        jobId: known.job._id,
        applicantId: physicianId,
      }),
      callApi(
        app,
        'POST',
        `/api/employer/conversation/send-message/${known.conversationId}`,
        employer.token,
        {
          body: 'Are you there?',
          tempMsgId: 'hidden-2',
        },
      ),
      callApi(
        app,
        'POST',
        `/api/employer/conversation/start-conversation/${known.applicationId}`,
        employer.token,
        {},
      ),
      callApi(app, 'PATCH', `/api/employer/conversation/archive/${known.conversationId}`, employer.token, {
        archived: true,
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect([403, 404], attempt.body).toContain(attempt.statusCode);
    }
    const applyHidden = await callApi(
      app,
      'POST',
      `/api/employee/job/apply/${known.otherJob._id}`,
      physician.token,
      {},
    );
    expect(applyHidden.statusCode).toBe(422);
    expect(applyHidden.json().error.message).toBe(PHYSICIAN_MESSAGES.organizationHidden);
    // Nor can the physician write into the conversation the organisation no longer sees.
    const writeHidden = await callApi(
      app,
      'POST',
      `/api/employee/conversation/send-message/${known.conversationId}`,
      physician.token,
      { body: 'Hello again', tempMsgId: 'hidden-physician-1' },
    );
    expect(writeHidden.statusCode, writeHidden.body).toBe(422);
    expect(writeHidden.json().error.message).toBe(PHYSICIAN_MESSAGES.messageToHiddenOrganization);
    const applications = await callApi(app, 'GET', '/api/employee/job/get-applications', physician.token);
    expect(applications.json().data.applications[0]).toMatchObject({ status: 'submitted' });

    // Another organisation still finds the physician.
    const elsewhere = await callApi(
      app,
      'GET',
      `/api/employer/applicant/get-recommended-applicants/${otherOrganisationJob._id}`,
      otherEmployer.token,
    );
    expect(elsewhere.body).toContain(physicianId);

    const shown = await callApi(
      app,
      'DELETE',
      `/api/employee/visibility/unhide-organization/${employer.organizationId}`,
      physician.token,
    );
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.isHidden).toBe(false);
    const back = await views['all applicants']?.();
    expect(back?.body).toContain(physicianId);
  });
});

describe('"open to opportunities" off', () => {
  it('keeps the physician out of explore and recommended lists, in the SQL of each', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const closedToOffers = await signedInPhysician(app, { profile: { isDiscoverable: false } });
    const open = await signedInPhysician(app);
    const explore = await callApi(
      app,
      'GET',
      `/api/employer/applicant/explore/${employer.id}?pageSize=50`,
      employer.token,
    );
    expect(explore.body).toContain(open.profile._id);
    expect(explore.body).not.toContain(closedToOffers.profile._id);
    const recommended = await callApi(
      app,
      'GET',
      `/api/employer/applicant/get-recommended-applicants/${job._id}?pageSize=50`,
      employer.token,
    );
    expect(recommended.body).toContain(open.profile._id);
    expect(recommended.body).not.toContain(closedToOffers.profile._id);
    // The totals are counted by the same query: a physician filtered out afterwards would still count.
    const [discoverable] = await app.db
      .select({ total: count() })
      .from(physicians)
      .where(isPubliclyDiscoverable);
    expect(explore.json().data.total).toBe(discoverable?.total);
    const single = await callApi(
      app,
      'GET',
      `/api/employer/applicant/get-single-applicant/${closedToOffers.profile._id}`,
      employer.token,
    );
    expect(single.statusCode).toBe(404);
  });
});

describe('/api/employee/visibility', () => {
  it('searches organisations by name, hides, lists and shows again', async () => {
    const physician = await signedInPhysician(app);
    const { employer } = await employerWithOpenJob(app);
    await app.db
      .update(organizations)
      .set({ name: 'Pecan Street Quorum Pediatrics' })
      .where(eq(organizations.id, employer.organizationId));
    const found = await callApi(
      app,
      'GET',
      '/api/employee/visibility/search-organizations?queryText=street%20quorum',
      physician.token,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.organizations).toEqual([
      expect.objectContaining({
        _id: employer.organizationId,
        name: 'Pecan Street Quorum Pediatrics',
        isHidden: false,
      }),
    ]);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const hidden = await callApi(
        app,
        'POST',
        `/api/employee/visibility/hide-organization/${employer.organizationId}`,
        physician.token,
      );
      expect(hidden.statusCode, hidden.body).toBe(200);
    }
    const list = await callApi(
      app,
      'GET',
      '/api/employee/visibility/get-hidden-organizations',
      physician.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, pageNumber: 1 });
    expect(list.json().data.organizations[0]).toMatchObject({ _id: employer.organizationId, isHidden: true });
    const again = await callApi(
      app,
      'GET',
      '/api/employee/visibility/search-organizations?queryText=Pecan%20Street%20Q',
      physician.token,
    );
    expect(again.json().data.organizations[0].isHidden).toBe(true);

    // Another physician's list is their own.
    const other = await signedInPhysician(app);
    const othersList = await callApi(
      app,
      'GET',
      '/api/employee/visibility/get-hidden-organizations',
      other.token,
    );
    expect(othersList.json().data.total).toBe(0);
    const notTheirs = await callApi(
      app,
      'DELETE',
      `/api/employee/visibility/unhide-organization/${employer.organizationId}`,
      other.token,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.message).toBe(VISIBILITY_MESSAGES.organizationNotFound);
    const stillHidden = await app.db
      .select()
      .from(physicianHiddenOrganizations)
      .where(eq(physicianHiddenOrganizations.organizationId, employer.organizationId));
    expect(stillHidden).toHaveLength(1);
  });

  it('refuses a short search, an unknown organisation and an employer token', async () => {
    const physician = await signedInPhysician(app);
    const short = await callApi(
      app,
      'GET',
      '/api/employee/visibility/search-organizations?queryText=a',
      physician.token,
    );
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json().error)).toContain(
      'Type at least two letters of the organization name.',
    );
    for (const organizationId of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const unknown = await callApi(
        app,
        'POST',
        `/api/employee/visibility/hide-organization/${organizationId}`,
        physician.token,
      );
      expect(unknown.statusCode).toBe(404);
    }
    const list = await callApi(
      app,
      'GET',
      '/api/employee/visibility/get-hidden-organizations',
      physician.token,
    );
    expect(list.json().data.total).toBe(0);
    const { employer } = await employerWithOpenJob(app);
    const asEmployer = await callApi(
      app,
      'GET',
      '/api/employee/visibility/get-hidden-organizations',
      employer.token,
    );
    expect(asEmployer.statusCode).toBe(403);
  });
});

describe('invites from an organisation the physician hides from', () => {
  it('cannot be accepted, and a decline is not told to the organisation', async () => {
    const physician = await signedInPhysician(app);
    const { employer, job } = await employerWithOpenJob(app);
    const second = await postAnotherJob(app, employer);
    const first = await invite(app, employer, job._id, physician.profile._id);
    const other = await invite(app, employer, second._id, physician.profile._id);
    const hidden = await callApi(
      app,
      'POST',
      `/api/employee/visibility/hide-organization/${employer.organizationId}`,
      physician.token,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);

    const accepted = await callApi(
      app,
      'PATCH',
      `/api/employee/match/respond/${first._id}`,
      physician.token,
      {
        status: 'accepted',
      },
    );
    expect(accepted.statusCode).toBe(422);
    expect(accepted.json().error.message).toBe(PHYSICIAN_MESSAGES.inviteFromHiddenOrganization);
    const [stillPending] = await app.db.select().from(matches).where(eq(matches.id, first._id));
    expect(stillPending?.status).toBe('pending');

    const declined = await callApi(
      app,
      'PATCH',
      `/api/employee/match/respond/${other._id}`,
      physician.token,
      {
        status: 'declined',
      },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, employer.id), eq(notifications.type, 'INVITE_REJECTED')));
    expect(told).toEqual([]);
  });
});
