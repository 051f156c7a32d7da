import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/accounts.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { recordActivity } from '../../../src/domain/team/record-activity.ts';
import { buildTestApp } from '../../helper.ts';
import { waitForMails } from '../../mail-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  postAnotherJob,
  signedInPhysician,
} from '../../routes/employee/physician-kit.ts';
import { apply, createPhysician } from '../../routes/employer/applicant-kit.ts';
import { PASSWORD, signedInEmployer, uniqueIp } from '../../routes/employer/auth-kit.ts';
import { profileBody } from '../../routes/employer/organization-kit.ts';
import { GOOD_CARD } from '../../routes/employer/subscription-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Employer = Awaited<ReturnType<typeof employerWithOpenJob>>['employer'];

async function entriesOf(organizationId: string) {
  return app.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.organizationId, organizationId))
    .orderBy(asc(activityLog.createdAt));
}

/** Runs the change and answers the entries it added to the organisation's log. */
async function added(organizationId: string, change: () => Promise<unknown>) {
  const before = new Set((await entriesOf(organizationId)).map((entry) => entry.id));
  await change();
  return (await entriesOf(organizationId)).filter((entry) => !before.has(entry.id));
}

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

describe('the activity log records each change in its transaction', () => {
  let employer: Employer;
  let jobId: string;

  beforeAll(async () => {
    const made = await employerWithOpenJob(app, { title: 'Family Physician, Austin' });
    employer = made.employer;
    jobId = made.job._id;
  });

  it('job created, edited, closed, reopened and deleted, each with the job title and the member', async () => {
    let createdId = '';
    const created = await added(employer.organizationId, async () => {
      createdId = (await postAnotherJob(app, employer, { title: 'Sports Medicine, Round Rock' }))._id;
    });
    expect(created).toMatchObject([
      {
        type: 'job.created',
        actorUserId: employer.id,
        actorName: employer.email,
        subjectType: 'job',
        subjectId: createdId,
        summary: 'Posted the job “Sports Medicine, Round Rock”',
      },
    ]);

    const edited = await added(employer.organizationId, async () => {
      const response = await callApi(
        app,
        'PATCH',
        `/api/employer/job/update-job/${createdId}`,
        employer.token,
        {
          title: 'Sports Medicine, Georgetown',
          specialty: 'family-medicine',
          employmentType: 'full-time',
          locations: [
            {
              city: 'Georgetown',
              state: 'TX',
              description: 'Georgetown, TX',
              coords: { latitude: 30.63, longitude: -97.68 },
            },
          ],
        },
      );
      expectStatus(response, 200);
    });
    expect(edited).toMatchObject([
      {
        type: 'job.edited',
        summary: 'Edited the job “Sports Medicine, Georgetown” (was “Sports Medicine, Round Rock”)',
      },
    ]);

    const setStatus = (status: string) =>
      callApi(app, 'PATCH', `/api/employer/job/update-job-status/${createdId}`, employer.token, { status });
    const closed = await added(employer.organizationId, async () =>
      expectStatus(await setStatus('closed'), 200),
    );
    expect(closed).toMatchObject([
      { type: 'job.status_changed', summary: 'Closed the job “Sports Medicine, Georgetown”' },
    ]);
    const reopened = await added(employer.organizationId, async () =>
      expectStatus(await setStatus('open'), 200),
    );
    expect(reopened).toMatchObject([
      { type: 'job.status_changed', summary: 'Reopened the job “Sports Medicine, Georgetown”' },
    ]);
    // The status it already has changes nothing and logs nothing.
    expect(
      await added(employer.organizationId, async () => expectStatus(await setStatus('open'), 200)),
    ).toEqual([]);

    const deleted = await added(employer.organizationId, async () =>
      expectStatus(
        await callApi(app, 'DELETE', `/api/employer/job/delete-job/${createdId}`, employer.token),
        200,
      ),
    );
    expect(deleted).toMatchObject([
      { type: 'job.deleted', subjectId: createdId, summary: 'Deleted the job “Sports Medicine, Georgetown”' },
    ]);
  });

  it('a refused job change writes no entry', async () => {
    const refused = await added(employer.organizationId, async () => {
      const invalid = await callApi(app, 'PATCH', `/api/employer/job/update-job/${jobId}`, employer.token, {
        title: 'Family Physician',
        specialty: 'no-such-specialty',
        employmentType: 'full-time',
        locations: [
          {
            city: 'Austin',
            state: 'TX',
            description: 'Austin, TX',
            coords: { latitude: 30.27, longitude: -97.74 },
          },
        ],
      });
      expect(invalid.statusCode).toBe(400);
      const stranger = await signedInEmployer(app, { hasEstablishedProfile: true });
      const foreign = await callApi(
        app,
        'PATCH',
        `/api/employer/job/update-job-status/${jobId}`,
        stranger.token,
        {
          status: 'closed',
        },
      );
      expect(foreign.statusCode).toBe(404);
    });
    expect(refused).toEqual([]);
  });

  it('a pipeline move names the physician, the stage and the job; moving to the same stage writes none', async () => {
    const physicianId = await createPhysician(app, { firstName: 'Rosa', lastName: 'Lindqvist' });
    const applicationId = await apply(app, physicianId, jobId);
    const move = (pipelineStatus: string) =>
      callApi(
        app,
        'PATCH',
        `/api/employer/applicant/update-pipeline-status/${applicationId}`,
        employer.token,
        {
          pipelineStatus,
        },
      );
    const moved = await added(employer.organizationId, async () =>
      expectStatus(await move('Interview'), 200),
    );
    expect(moved).toMatchObject([
      {
        type: 'pipeline.moved',
        subjectType: 'applicant',
        subjectId: physicianId,
        summary: 'Moved Dr. Rosa Lindqvist to Interview on “Family Physician, Austin”',
        details: { applicationId, jobId, to: 'Interview' },
      },
    ]);
    expect(
      await added(employer.organizationId, async () => expectStatus(await move('Interview'), 422)),
    ).toEqual([]);
  });

  it('invites sent and cancelled; an invite to a closed job writes none', async () => {
    const physicianId = await createPhysician(app, { firstName: 'Omar', lastName: 'Haddad' });
    let matchId = '';
    const sent = await added(employer.organizationId, async () => {
      const response = await callApi(app, 'POST', '/api/employer/match/create-match', employer.token, {
        jobId,
        applicantId: physicianId,
      });
      expectStatus(response, 200);
      matchId = response.json().data._id;
    });
    expect(sent).toMatchObject([
      {
        type: 'invite.sent',
        subjectId: matchId,
        summary: 'Invited Dr. Omar Haddad to “Family Physician, Austin”',
      },
    ]);
    const cancelled = await added(employer.organizationId, async () =>
      expectStatus(
        await callApi(app, 'PATCH', `/api/employer/match/update-match-status/${matchId}`, employer.token, {
          status: 'cancelled',
        }),
        200,
      ),
    );
    expect(cancelled).toMatchObject([
      {
        type: 'invite.cancelled',
        summary: 'Canceled the invite of Dr. Omar Haddad to “Family Physician, Austin”',
      },
    ]);

    const closedJob = await postAnotherJob(app, employer, { title: 'Closed opening' });
    expectStatus(
      await callApi(app, 'PATCH', `/api/employer/job/update-job-status/${closedJob._id}`, employer.token, {
        status: 'closed',
      }),
      200,
    );
    const refused = await added(employer.organizationId, async () =>
      expectStatus(
        await callApi(app, 'POST', '/api/employer/match/create-match', employer.token, {
          jobId: closedJob._id,
          applicantId: physicianId,
        }),
        422,
      ),
    );
    expect(refused).toEqual([]);
  });

  it('a sent message and a deleted one name the physician; a retried send or a second delete writes none', async () => {
    const physician = await signedInPhysician(app, { register: { firstName: 'Maya', lastName: 'Okafor' } });
    const invited = await callApi(app, 'POST', '/api/employer/match/create-match', employer.token, {
      jobId,
      applicantId: physician.profile._id,
    });
    expectStatus(invited, 200);
    const accepted = await callApi(
      app,
      'PATCH',
      `/api/employee/match/respond/${invited.json().data._id}`,
      physician.token,
      { status: 'accepted' },
    );
    expectStatus(accepted, 200);
    const conversationId = accepted.json().data.conversationId as string;
    const send = () =>
      callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, employer.token, {
        body: 'Could you visit the clinic next week?',
        tempMsgId: 'temp-1',
      });
    let messageId = '';
    const sentEntries = await added(employer.organizationId, async () => {
      const sent = await send();
      expectStatus(sent, 200);
      messageId = sent.json().data._id as string;
    });
    expect(sentEntries).toMatchObject([
      {
        type: 'message.sent',
        actorUserId: employer.id,
        subjectType: 'conversation',
        subjectId: conversationId,
        summary: 'Sent a message to Dr. Maya Okafor',
        details: { messageId },
      },
    ]);
    // The physician's reply is theirs, not the team's: it writes none.
    expect(
      await added(employer.organizationId, async () =>
        expectStatus(
          await callApi(
            app,
            'POST',
            `/api/employee/conversation/send-message/${conversationId}`,
            physician.token,
            { body: 'Yes, Tuesday works.', tempMsgId: 'reply-1' },
          ),
          200,
        ),
      ),
    ).toEqual([]);
    // A retry of the same temp id answers the stored message and logs nothing more.
    expect(await added(employer.organizationId, async () => expectStatus(await send(), 200))).toEqual([]);
    const remove = (id: string) =>
      callApi(
        app,
        'DELETE',
        `/api/employer/conversation/delete-message/${conversationId}/${id}`,
        employer.token,
      );
    const deleted = await added(employer.organizationId, async () =>
      expectStatus(await remove(messageId), 200),
    );
    expect(deleted).toMatchObject([
      {
        type: 'message.deleted',
        subjectType: 'conversation',
        subjectId: conversationId,
        summary: 'Deleted a message in the conversation with Dr. Maya Okafor',
      },
    ]);
    // Deleting again changes nothing.
    expect(
      await added(employer.organizationId, async () => expectStatus(await remove(messageId), 200)),
    ).toEqual([]);
  });

  it('saving the organisation profile', async () => {
    const saved = await added(employer.organizationId, async () =>
      expectStatus(
        await callApi(
          app,
          'PATCH',
          `/api/employer/auth/v1/update-orgdetails/${employer.id}`,
          employer.token,
          profileBody(),
        ),
        200,
      ),
    );
    expect(saved).toMatchObject([
      { type: 'organization.updated', summary: 'Saved the organization profile of Bluebonnet Primary Care' },
    ]);
  });

  it('a transaction that fails after recording rolls the entry back with it', async () => {
    const attempt = app.db.transaction(async (tx) => {
      await recordActivity(tx, {
        organizationId: employer.organizationId,
        actorUserId: employer.id,
        type: 'job.edited',
        summary: 'Never committed',
      });
      throw new Error('the change failed');
    });
    await expect(attempt).rejects.toThrow('the change failed');
    const entries = await entriesOf(employer.organizationId);
    expect(entries.map((entry) => entry.summary)).not.toContain('Never committed');
  });
});

describe('plan changes', () => {
  const subscription = (method: 'POST', url: string, token: string, payload: unknown) =>
    callApi(app, method, `/api/employer/subscription${url}`, token, payload);

  it('checkout, upgrade and cancel each write one entry; a declined card writes none', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const organizationId = employer.session.user.organizationId ?? '';
    const declined = await added(organizationId, async () =>
      expectStatus(
        await subscription('POST', `/checkout/${employer.id}`, employer.token, {
          planId: 'starter',
          interval: 'month',
          card: { ...GOOD_CARD, number: '4000 0000 0000 0002' },
        }),
        422,
      ),
    );
    expect(declined).toEqual([]);

    const subscribed = await added(organizationId, async () =>
      expectStatus(
        await subscription('POST', `/checkout/${employer.id}`, employer.token, {
          planId: 'starter',
          interval: 'month',
          card: GOOD_CARD,
        }),
        200,
      ),
    );
    expect(subscribed).toMatchObject([
      { type: 'plan.changed', actorUserId: employer.id, summary: 'Subscribed to Starter (monthly)' },
    ]);
    const upgraded = await added(organizationId, async () =>
      expectStatus(
        await subscription('POST', `/change-plan/${employer.id}`, employer.token, {
          planId: 'professional',
          interval: 'month',
        }),
        200,
      ),
    );
    expect(upgraded).toMatchObject([
      { type: 'plan.changed', summary: 'Upgraded from Starter (monthly) to Professional (monthly)' },
    ]);
    const cancelled = await added(organizationId, async () =>
      expectStatus(await subscription('POST', `/cancel/${employer.id}`, employer.token, {}), 200),
    );
    expect(cancelled).toMatchObject([
      { type: 'plan.changed', summary: expect.stringMatching(/^Canceled the subscription/) },
    ]);
  });
});

describe('sign-ins from a new device', () => {
  const NEW_DEVICE_SUBJECT = 'New sign-in to your MedHire account';
  const CHROME_MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

  const signInWith = (email: string, userAgent: string, password = PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/employer/auth/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
      remoteAddress: uniqueIp(),
    });

  it('logs and mails the first sign-in from each browser once; a wrong password does neither', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const organizationId = employer.session.user.organizationId ?? '';
    const first = await added(organizationId, async () =>
      expectStatus(await signInWith(employer.email, CHROME_MAC), 200),
    );
    expect(first).toMatchObject([
      {
        type: 'auth.new_device',
        actorUserId: employer.id,
        summary: 'Signed in from a new device (Chrome on macOS)',
      },
    ]);
    expect(
      await added(organizationId, async () =>
        expectStatus(await signInWith(employer.email, CHROME_MAC), 200),
      ),
    ).toEqual([]);
    expect(
      await added(organizationId, async () =>
        expectStatus(await signInWith(employer.email, FIREFOX_WINDOWS, 'not-the-password'), 401),
      ),
    ).toEqual([]);
    const second = await added(organizationId, async () =>
      expectStatus(await signInWith(employer.email, FIREFOX_WINDOWS), 200),
    );
    expect(second).toMatchObject([{ summary: 'Signed in from a new device (Firefox on Windows)' }]);

    // The account is told by mail, once per new device, naming it.
    const mails = await waitForMails(app, employer.email, 2, (mail) => mail.subject === NEW_DEVICE_SUBJECT);
    expect(mails.map((mail) => mail.text.match(/new device: ([^,]+),/)?.[1])).toEqual([
      'Chrome on macOS',
      'Firefox on Windows',
    ]);

    // Ended sessions are purged; the browser is still known and not reported again.
    await app.db.delete(sessions).where(eq(sessions.userId, employer.id));
    expect(
      await added(organizationId, async () =>
        expectStatus(await signInWith(employer.email, CHROME_MAC), 200),
      ),
    ).toEqual([]);
  });

  it('mails a physician signing in from a new device, and not for the device they signed up on', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const physicianSignIn = (userAgent: string) =>
      app.inject({
        method: 'POST',
        url: '/api/employee/auth/login',
        payload: { email: physician.email, password: physician.password },
        headers: { 'user-agent': userAgent },
        remoteAddress: uniqueIp(),
      });
    // The device of the sign-up (the test client's) is the account's first: signing in on it is not news.
    expectStatus(await physicianSignIn('lightMyRequest'), 200);
    expectStatus(await physicianSignIn(FIREFOX_WINDOWS), 200);
    expectStatus(await physicianSignIn(FIREFOX_WINDOWS), 200);
    const mails = await waitForMails(app, physician.email, 1, (mail) => mail.subject === NEW_DEVICE_SUBJECT);
    // A moment for a second (wrong) mail to arrive, had one been queued.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const all = (await readOutbox(app.config.dataDir, physician.email)).filter(
      (mail) => mail.subject === NEW_DEVICE_SUBJECT,
    );
    expect(all).toHaveLength(1);
    expect(mails[0]?.text).toContain('Firefox on Windows');
  });
});
