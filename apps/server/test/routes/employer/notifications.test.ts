import type { TNotification, TNotificationSocketPayload } from '@medhire/contract/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, notifications } from '../../../src/db/schema/hiring.ts';
import { notificationPreferences } from '../../../src/db/schema/notifications.ts';
import { createDigestUnsubscribeToken } from '../../../src/domain/notifications/digest-unsubscribe-token.ts';
import { notifyUsers } from '../../../src/domain/notifications/notify.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, employerWithOpenJob, signedInPhysician } from '../employee/physician-kit.ts';
import { signedInEmployer } from './auth-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const BASE = '/api/employer/notification';

async function employerWithApplicant() {
  const { employer, job } = await employerWithOpenJob(app);
  const physician = await signedInPhysician(app);
  const applied = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
  expect(applied.statusCode, applied.body).toBe(200);
  return { employer, job, physician };
}

/** Notifications written straight through the domain (one per call), oldest first. */
async function notify(userId: string, count: number, data: { conversation?: string } = {}) {
  for (let index = 0; index < count; index += 1) {
    await notifyUsers({
      db: app.db,
      userIds: [userId],
      type: data.conversation ? 'SEND_MSG_TO_EMPLOYER' : 'EMPLOYEE_REGISTERED',
      title: `Notice ${index + 1}`,
      body: `Body ${index + 1}`,
      data,
      now: new Date(Date.now() - (count - index) * 60_000),
    });
  }
}

async function readAtOf(notificationId: string) {
  const [row] = await app.db.select().from(notifications).where(eq(notifications.id, notificationId));
  return row?.readAt ?? null;
}

describe('GET /api/employer/notification/get-all-notification/{id}', () => {
  it('lists a new applicant as the spec’s push payload, linking to the job with the applicant in view', async () => {
    const { employer, job, physician } = await employerWithApplicant();
    const response = await callApi(app, 'GET', `${BASE}/get-all-notification/${employer.id}`, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ unreadCount: 1, total: 1, pageNumber: 1, pageSize: 20 });
    const [notification] = data.notifications as TNotification[];
    expect(notification).toMatchObject({
      read: false,
      data: {
        type: 'APPLY_ON_JOB',
        markAsRead: true,
        conversation: null,
        jobId: job._id,
        physicianId: physician.profile._id,
      },
      notification: { title: 'New applicant', image: null },
      fcmOptions: { link: `/jobs-resident/${job._id}?applicant=${physician.profile._id}` },
    });
    expect(notification?.notification.body).toContain(job.title);
    expect(Date.parse(notification?.createdAt ?? '')).not.toBeNaN();
  });

  it('pages newest first and filters unread', async () => {
    const employer = await signedInEmployer(app);
    await notify(employer.id, 5);
    const page = await callApi(
      app,
      'GET',
      `${BASE}/get-all-notification/${employer.id}?pageSize=2&pageNumber=2`,
      employer.token,
    );
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.notifications.map((item: TNotification) => item.notification.title)).toEqual([
      'Notice 3',
      'Notice 2',
    ]);
    expect(data).toMatchObject({ total: 5, unreadCount: 5, pageNumber: 2, pageSize: 2 });

    const newest = (
      await callApi(app, 'GET', `${BASE}/get-all-notification/${employer.id}`, employer.token)
    ).json().data.notifications[0] as TNotification;
    await callApi(app, 'PATCH', `${BASE}/${newest._id}/mark-as-read-notification`, employer.token);
    const unread = await callApi(
      app,
      'GET',
      `${BASE}/get-all-notification/${employer.id}?unread=true`,
      employer.token,
    );
    expect(unread.json().data).toMatchObject({ total: 4, unreadCount: 4 });
    expect(unread.json().data.notifications.every((item: TNotification) => !item.read)).toBe(true);
  });

  it('names an invalid page size', async () => {
    const employer = await signedInEmployer(app);
    const response = await callApi(
      app,
      'GET',
      `${BASE}/get-all-notification/${employer.id}?pageSize=500`,
      employer.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual(expect.objectContaining({ field: 'pageSize' }));
  });

  it("refuses another user's id and needs a session", async () => {
    const caller = await signedInEmployer(app);
    const { employer: other } = await employerWithApplicant();
    const response = await callApi(app, 'GET', `${BASE}/get-all-notification/${other.id}`, caller.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().success).toBe(false);
    const anonymous = await callApi(app, 'GET', `${BASE}/get-all-notification/${other.id}`, undefined);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/employer/notification/mark-as-read-notification/{id}', () => {
  it('marks all of the user’s notifications read, and only theirs', async () => {
    const employer = await signedInEmployer(app);
    const other = await signedInEmployer(app);
    await notify(employer.id, 3);
    await notify(other.id, 2);
    const response = await callApi(
      app,
      'PATCH',
      `${BASE}/mark-as-read-notification/${employer.id}`,
      employer.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ unreadCount: 0, updated: 3 });
    const list = await callApi(app, 'GET', `${BASE}/get-all-notification/${employer.id}`, employer.token);
    expect(list.json().data.notifications.every((item: TNotification) => item.read)).toBe(true);
    const others = await callApi(app, 'GET', `${BASE}/get-all-notification/${other.id}`, other.token);
    expect(others.json().data.unreadCount).toBe(2);
  });

  it("refuses another user's id and changes nothing", async () => {
    const caller = await signedInEmployer(app);
    const other = await signedInEmployer(app);
    await notify(other.id, 2);
    const response = await callApi(
      app,
      'PATCH',
      `${BASE}/mark-as-read-notification/${other.id}`,
      caller.token,
    );
    expect(response.statusCode).toBe(403);
    const others = await callApi(app, 'GET', `${BASE}/get-all-notification/${other.id}`, other.token);
    expect(others.json().data.unreadCount).toBe(2);
  });
});

describe('PATCH /api/employer/notification/{id}/mark-as-read-notification', () => {
  it('marks one notification read and answers the unread count', async () => {
    const employer = await signedInEmployer(app);
    await notify(employer.id, 2);
    const [first] = (
      await callApi(app, 'GET', `${BASE}/get-all-notification/${employer.id}`, employer.token)
    ).json().data.notifications as TNotification[];
    const response = await callApi(
      app,
      'PATCH',
      `${BASE}/${first?._id}/mark-as-read-notification`,
      employer.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      notification: { _id: first?._id, read: true },
      unreadCount: 1,
    });
  });

  it("answers 404 for another user's notification or an unknown id, and changes nothing", async () => {
    const caller = await signedInEmployer(app);
    const other = await signedInEmployer(app);
    await notify(other.id, 1);
    const [theirs] = (
      await callApi(app, 'GET', `${BASE}/get-all-notification/${other.id}`, other.token)
    ).json().data.notifications as TNotification[];
    const response = await callApi(
      app,
      'PATCH',
      `${BASE}/${theirs?._id}/mark-as-read-notification`,
      caller.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect(await readAtOf(theirs?._id ?? '')).toBeNull();
    const unknown = await callApi(
      app,
      'PATCH',
      `${BASE}/not-a-notification/mark-as-read-notification`,
      caller.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH /api/employer/notification/{id}/mark-as-read-conversation-notification/{conversationId}', () => {
  async function employerWithConversation() {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    const [conversation] = await app.db
      .insert(conversations)
      .values({ organizationId: employer.organizationId, physicianId: physician.profile._id, jobId: job._id })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('No conversation.');
    return { employer, conversationId: conversation.id };
  }

  it('marks that conversation’s notifications read and leaves the others', async () => {
    const { employer, conversationId } = await employerWithConversation();
    await notify(employer.id, 2, { conversation: conversationId });
    await notify(employer.id, 1);
    const response = await callApi(
      app,
      'PATCH',
      `${BASE}/${employer.id}/mark-as-read-conversation-notification/${conversationId}`,
      employer.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ unreadCount: 1, updated: 2 });
  });

  it("refuses another user's id or another organisation's conversation, changing nothing", async () => {
    const { employer: other, conversationId } = await employerWithConversation();
    await notify(other.id, 1, { conversation: conversationId });
    const caller = await signedInEmployer(app, { hasEstablishedProfile: true });
    const wrongUser = await callApi(
      app,
      'PATCH',
      `${BASE}/${other.id}/mark-as-read-conversation-notification/${conversationId}`,
      caller.token,
    );
    expect(wrongUser.statusCode).toBe(403);
    const wrongConversation = await callApi(
      app,
      'PATCH',
      `${BASE}/${caller.id}/mark-as-read-conversation-notification/${conversationId}`,
      caller.token,
    );
    expect(wrongConversation.statusCode).toBe(404);
    const others = await callApi(app, 'GET', `${BASE}/get-all-notification/${other.id}`, other.token);
    expect(others.json().data.unreadCount).toBe(1);
  });
});

describe('GET and PATCH /api/employer/notification/preferences/{id}', () => {
  it('answers the defaults, then stores the changed channels only', async () => {
    const employer = await signedInEmployer(app);
    const initial = await callApi(app, 'GET', `${BASE}/preferences/${employer.id}`, employer.token);
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json().data.preferences).toHaveLength(5);
    expect(initial.json().data.preferences[0]).toEqual({
      type: 'EMPLOYEE_REGISTERED',
      inApp: true,
      push: true,
      email: true,
    });

    const updated = await callApi(app, 'PATCH', `${BASE}/preferences/${employer.id}`, employer.token, {
      preferences: [{ type: 'APPLY_ON_JOB', push: false }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await callApi(app, 'PATCH', `${BASE}/preferences/${employer.id}`, employer.token, {
      preferences: [{ type: 'APPLY_ON_JOB', email: false }],
    });
    const stored = await callApi(app, 'GET', `${BASE}/preferences/${employer.id}`, employer.token);
    expect(stored.json().data.preferences).toContainEqual({
      type: 'APPLY_ON_JOB',
      inApp: true,
      push: false,
      email: false,
    });
    expect(stored.json().data.preferences).toContainEqual({
      type: 'INVITE_ACCEPTED',
      inApp: true,
      push: true,
      email: true,
    });
  });

  it('names an unknown type', async () => {
    const employer = await signedInEmployer(app);
    const response = await callApi(app, 'PATCH', `${BASE}/preferences/${employer.id}`, employer.token, {
      preferences: [{ type: 'SOMETHING_ELSE', push: false }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual(
      expect.objectContaining({ field: 'preferences.0.type' }),
    );
  });

  it("refuses another user's id and changes nothing", async () => {
    const caller = await signedInEmployer(app);
    const other = await signedInEmployer(app);
    expect((await callApi(app, 'GET', `${BASE}/preferences/${other.id}`, caller.token)).statusCode).toBe(403);
    const response = await callApi(app, 'PATCH', `${BASE}/preferences/${other.id}`, caller.token, {
      preferences: [{ type: 'APPLY_ON_JOB', push: false }],
    });
    expect(response.statusCode).toBe(403);
    const rows = await app.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, other.id));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/employer/notification/push-public-key', () => {
  it('answers the VAPID public key to a signed-in user only', async () => {
    const employer = await signedInEmployer(app);
    const response = await callApi(app, 'GET', `${BASE}/push-public-key`, employer.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.publicKey).toBe(app.config.vapid.publicKey);
    expect(response.json().data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await callApi(app, 'GET', `${BASE}/push-public-key`, undefined)).statusCode).toBe(401);
  });
});

describe('GET|POST /api/employer/notification/unsubscribe-digest', () => {
  it('turns the e-mail digest off without signing in, by link and by one-click POST', async () => {
    const employer = await signedInEmployer(app);
    const token = createDigestUnsubscribeToken(app.config.jwtSecret, employer.id);
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/unsubscribe-digest?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('no longer receive the notification digest');
    const preferences = (
      await callApi(app, 'GET', `${BASE}/preferences/${employer.id}`, employer.token)
    ).json().data.preferences as { email: boolean; push: boolean }[];
    expect(preferences.every((preference) => preference.email === false && preference.push)).toBe(true);

    const second = await signedInEmployer(app);
    const oneClick = await app.inject({
      method: 'POST',
      url: `${BASE}/unsubscribe-digest?token=${encodeURIComponent(createDigestUnsubscribeToken(app.config.jwtSecret, second.id))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const rows = await app.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, second.id), eq(notificationPreferences.email, false)));
    expect(rows).toHaveLength(5);
  });

  it('refuses a forged or missing token and changes nothing', async () => {
    const employer = await signedInEmployer(app);
    const forged = createDigestUnsubscribeToken('another-secret-that-is-long-enough-0123456789', employer.id);
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/unsubscribe-digest?token=${encodeURIComponent(forged)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('not valid');
    expect((await app.inject({ method: 'GET', url: `${BASE}/unsubscribe-digest` })).statusCode).toBe(400);
    const rows = await app.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, employer.id));
    expect(rows).toEqual([]);
  });
});

describe('writing notifications', () => {
  it('writes the notification and its delivery job in the event’s transaction (a refused apply writes neither)', async () => {
    const { employer, job, physician } = await employerWithApplicant();
    const jobsBefore = await deliveryJobCount();
    const again = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
    expect(again.statusCode).toBe(409);
    expect(await deliveryJobCount()).toBe(jobsBefore);
    const list = await callApi(app, 'GET', `${BASE}/get-all-notification/${employer.id}`, employer.token);
    expect(list.json().data.total).toBe(1);
  });
});

async function deliveryJobCount(): Promise<number> {
  const result = await app.db.execute<{ count: number }>(
    sql`select count(*)::int as count from pgboss.job where name = 'notification-delivery'`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { count: number }[] }).rows;
  return rows[0]?.count ?? 0;
}

describe('live delivery', () => {
  it('emits onNotification with the unread count on the employer’s socket room', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { employer, job } = await employerWithOpenJob(app);
    const socket: Socket = connect(address, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: employer.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const received = new Promise<TNotificationSocketPayload>((resolve) =>
        socket.once('onNotification', resolve),
      );
      const physician = await signedInPhysician(app);
      await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
      const payload = await received;
      expect(payload.unreadCount).toBe(1);
      expect(payload.notification).toMatchObject({
        data: { type: 'APPLY_ON_JOB', jobId: job._id, physicianId: physician.profile._id },
        fcmOptions: { link: `/jobs-resident/${job._id}?applicant=${physician.profile._id}` },
      });
    } finally {
      socket.close();
    }
  });
});
