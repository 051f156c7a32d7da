import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../../src/db/schema/accounts.ts';
import { applications, notifications } from '../../../src/db/schema/hiring.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { claimNotificationDelivery } from '../../../src/domain/notifications/deliver-notifications.ts';
import { buildTestApp, testDataDir } from '../../helper.ts';
import { BROWSER_PUSH_KEYS, signedInEmployer } from '../employer/auth-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  type SignedInPhysician,
  signedInPhysician,
} from './physician-kit.ts';

let app: FastifyInstance;
/** onNotification events emitted to each physician's room. */
const emitted: {
  room: string;
  payload: { notification: { data: { type: string } }; unreadCount: number };
}[] = [];

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://medhire.example' });
  const to = app.io.to.bind(app.io);
  app.io.to = ((room: string) => {
    const operator = to(room);
    const emit = operator.emit.bind(operator);
    operator.emit = ((event: string, payload: (typeof emitted)[number]['payload']) => {
      if (event === 'onNotification') emitted.push({ room, payload });
      return emit(event, payload);
    }) as typeof operator.emit;
    return operator;
  }) as typeof app.io.to;
});
afterAll(async () => {
  await app.close();
});

async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function list(physician: SignedInPhysician, query = '') {
  return callApi(app, 'GET', `/api/employee/notification/get-all-notification${query}`, physician.token);
}

async function rowsOf(physician: SignedInPhysician) {
  return app.db.select().from(notifications).where(eq(notifications.userId, physician.profile.userId));
}

/** A physician invited to a job: one JOB_INVITE notification. */
async function invitedPhysician() {
  const { employer, job } = await employerWithOpenJob(app, { title: 'Family physician, Austin' });
  const physician = await signedInPhysician(app);
  await invite(app, employer, job._id, physician.profile._id);
  return { employer, job, physician };
}

describe('notifications of a physician', () => {
  it('tells the physician of an invite: in the list, the unread count and live on their socket', async () => {
    const { job, physician } = await invitedPhysician();
    const response = await list(physician);
    expect(response.statusCode, response.body).toBe(200);
    const { notifications: items, unreadCount, total } = response.json().data;
    expect(total).toBe(1);
    expect(unreadCount).toBe(1);
    expect(items[0]).toMatchObject({
      read: false,
      data: { type: 'JOB_INVITE', jobId: job._id, candidateStatus: null },
      notification: { title: 'New job invitation' },
      fcmOptions: { link: '/physician/invites' },
    });
    expect(items[0].notification.body).toContain('Family physician, Austin');

    const count = await callApi(app, 'GET', '/api/employee/notification/unread-count', physician.token);
    expect(count.json().data).toEqual({ unreadCount: 1 });

    const live = await waitFor(() =>
      emitted.find((event) => event.room === `user:${physician.profile.userId}`),
    );
    expect(live.payload).toMatchObject({ unreadCount: 1, notification: { data: { type: 'JOB_INVITE' } } });
  });

  it('speaks candidate words when the employer moves the application', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    const applied = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const [application] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.physicianId, physician.profile._id), eq(applications.jobId, job._id)));
    for (const pipelineStatus of ['Shortlisted', 'Rejected']) {
      const moved = await callApi(
        app,
        'PATCH',
        `/api/employer/applicant/update-pipeline-status/${application?.id}`,
        employer.token,
        { pipelineStatus },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const items = (await list(physician)).json().data.notifications;
    expect(items.map((item: { data: { candidateStatus: string } }) => item.data.candidateStatus)).toEqual([
      'not_selected',
      'in_review',
    ]);
    expect(items[1].notification.title).toBe('Application update: In review');
    // Pipeline internals never reach the physician.
    expect(JSON.stringify(items)).not.toContain('Shortlisted');
  });

  it('pages newest first and filters the unread ones', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    await invite(app, employer, job._id, physician.profile._id);
    const second = await employerWithOpenJob(app, { title: 'Second job' });
    await invite(app, second.employer, second.job._id, physician.profile._id);

    const page1 = (await list(physician, '?pageSize=1&pageNumber=1')).json().data;
    const page2 = (await list(physician, '?pageSize=1&pageNumber=2')).json().data;
    expect(page1).toMatchObject({ total: 2, pageSize: 1, pageNumber: 1, unreadCount: 2 });
    expect(page1.notifications[0].data.jobId).toBe(second.job._id);
    expect(page2.notifications[0].data.jobId).toBe(job._id);

    const read = await callApi(
      app,
      'PATCH',
      `/api/employee/notification/mark-as-read/${page2.notifications[0]._id}`,
      physician.token,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ unreadCount: 1, notification: { read: true } });
    const unread = (await list(physician, '?unread=true')).json().data;
    expect(unread.notifications.map((item: { _id: string }) => item._id)).toEqual([
      page1.notifications[0]._id,
    ]);

    const all = await callApi(app, 'PATCH', '/api/employee/notification/mark-all-as-read', physician.token);
    expect(all.json().data).toEqual({ unreadCount: 0, updated: 1 });
  });

  it('refuses invalid paging (400), another physician’s notification (404) and an employer (403), changing nothing', async () => {
    const { physician } = await invitedPhysician();
    for (const query of ['?pageSize=0', '?pageNumber=0', '?unread=maybe']) {
      const response = await list(physician, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const [row] = await rowsOf(physician);
    const stranger = await signedInPhysician(app, { isComplete: false });
    const foreign = await callApi(
      app,
      'PATCH',
      `/api/employee/notification/mark-as-read/${row?.id}`,
      stranger.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const strangerAll = await callApi(
      app,
      'PATCH',
      '/api/employee/notification/mark-all-as-read',
      stranger.token,
    );
    expect(strangerAll.json().data.updated).toBe(0);
    const [after] = await rowsOf(physician);
    expect(after?.readAt).toBeNull();
    expect(
      (await callApi(app, 'PATCH', '/api/employee/notification/mark-as-read/not-an-id', physician.token))
        .statusCode,
    ).toBe(404);

    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const asEmployer = await callApi(
      app,
      'GET',
      '/api/employee/notification/get-all-notification',
      employer.token,
    );
    expect(asEmployer.statusCode).toBe(403);
    expect((await callApi(app, 'GET', '/api/employee/notification/unread-count', undefined)).statusCode).toBe(
      401,
    );
  });
});

describe('channels: preferences, push subscriptions and the e-mail instead of a push', () => {
  it('lists every physician type with in-app, push and e-mail on by default, and saves changes', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const defaults = await callApi(app, 'GET', '/api/employee/notification/preferences', physician.token);
    expect(defaults.json().data.preferences).toEqual([
      { type: 'JOB_INVITE', inApp: true, push: true, email: true },
      { type: 'EMPLOYER_MESSAGE', inApp: true, push: true, email: true },
      { type: 'APPLICATION_STATUS', inApp: true, push: true, email: true },
      { type: 'JOB_ALERT', inApp: true, push: true, email: true },
    ]);
    const saved = await callApi(app, 'PATCH', '/api/employee/notification/preferences', physician.token, {
      preferences: [{ type: 'JOB_ALERT', email: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.preferences[3]).toEqual({
      type: 'JOB_ALERT',
      inApp: true,
      push: true,
      email: false,
    });

    for (const body of [{ preferences: [] }, { preferences: [{ type: 'APPLY_ON_JOB', push: false }] }, {}]) {
      const refused = await callApi(
        app,
        'PATCH',
        '/api/employee/notification/preferences',
        physician.token,
        body,
      );
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unchanged = await callApi(app, 'GET', '/api/employee/notification/preferences', physician.token);
    expect(unchanged.json().data).toEqual(saved.json().data);
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    expect(
      (await callApi(app, 'GET', '/api/employee/notification/preferences', employer.token)).statusCode,
    ).toBe(403);
  });

  it('saves and removes a push subscription on the allow-list only', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/${physician.profile.userId}`,
      keys: BROWSER_PUSH_KEYS,
    };
    const saved = await callApi(
      app,
      'POST',
      '/api/employee/notification/save-push-subscription',
      physician.token,
      {
        value: JSON.stringify(subscription),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await callApi(
      app,
      'POST',
      '/api/employee/notification/save-push-subscription',
      physician.token,
      {
        value: JSON.stringify({ ...subscription, endpoint: 'https://attacker.example/push' }),
      },
    );
    expect(refused.statusCode).toBe(400);
    // Another physician cannot remove it: their delete touches only their own subscriptions.
    const stranger = await signedInPhysician(app, { isComplete: false });
    await callApi(app, 'DELETE', '/api/employee/notification/delete-push-subscription', stranger.token, {
      value: JSON.stringify(subscription),
    });
    expect(
      await app.db.select().from(pushTokens).where(eq(pushTokens.userId, physician.profile.userId)),
    ).toHaveLength(1);
    const removed = await callApi(
      app,
      'DELETE',
      '/api/employee/notification/delete-push-subscription',
      physician.token,
      {
        value: JSON.stringify(subscription),
      },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await app.db.select().from(pushTokens).where(eq(pushTokens.userId, physician.profile.userId)),
    ).toEqual([]);
  });

  it('e-mails a physician who has no push subscription, and not one who turned e-mail off', async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Hospitalist, Dallas' });
    const mailed = await signedInPhysician(app);
    const quiet = await signedInPhysician(app);
    await callApi(app, 'PATCH', '/api/employee/notification/preferences', quiet.token, {
      preferences: [{ type: 'JOB_INVITE', email: false }],
    });
    await invite(app, employer, job._id, mailed.profile._id);
    await invite(app, employer, job._id, quiet.profile._id);

    const [mail] = await waitFor(async () => {
      const messages = await readOutbox(testDataDir(), mailed.email);
      const invites = messages.filter((message) => message.subject === 'New job invitation');
      return invites.length > 0 ? invites : undefined;
    });
    expect(mail?.text).toContain('Hospitalist, Dallas');
    expect(mail?.text).toContain('https://medhire.example/physician/invites');
    // Both were delivered (socket) by now; only the one with e-mail on got a mail.
    await waitFor(async () => {
      const [row] = await rowsOf(quiet);
      return row?.deliveredAt ? row : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const quietMail = await readOutbox(testDataDir(), quiet.email);
    expect(quietMail.filter((message) => message.subject === 'New job invitation')).toEqual([]);
  });

  it('e-mails a physician who subscribed a device but turned push off for the type', async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Urgent care, Houston' });
    const physician = await signedInPhysician(app);
    await callApi(app, 'POST', '/api/employee/notification/save-push-subscription', physician.token, {
      value: JSON.stringify({
        endpoint: `https://fcm.googleapis.com/fcm/send/${physician.profile.userId}`,
        keys: BROWSER_PUSH_KEYS,
      }),
    });
    await callApi(app, 'PATCH', '/api/employee/notification/preferences', physician.token, {
      preferences: [{ type: 'JOB_INVITE', push: false }],
    });
    await invite(app, employer, job._id, physician.profile._id);
    const [mail] = await waitFor(async () => {
      const invites = (await readOutbox(testDataDir(), physician.email)).filter(
        (message) => message.subject === 'New job invitation',
      );
      return invites.length > 0 ? invites : undefined;
    });
    expect(mail?.text).toContain('Urgent care, Houston');
  });

  it('sends a push, not an e-mail, to a physician with a subscription', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    await callApi(app, 'POST', '/api/employee/notification/save-push-subscription', physician.token, {
      value: JSON.stringify({
        endpoint: `https://fcm.googleapis.com/fcm/send/${physician.profile.userId}`,
        keys: BROWSER_PUSH_KEYS,
      }),
    });
    await app.queue.stopWorkers();
    try {
      await invite(app, employer, job._id, physician.profile._id);
      const [row] = await rowsOf(physician);
      await claimNotificationDelivery({ db: app.db, notificationIds: [row?.id ?? ''] });
      const queued = (await app.db.execute(
        sql`select name from pgboss.job where data->>'notificationId' = ${row?.id ?? ''}`,
      )) as unknown as { name: string }[];
      expect(queued.map((job) => job.name)).toEqual(['notification-push']);
    } finally {
      await app.queue.startWorkers();
    }
  });
});
