import type { TNotificationSocketPayload } from '@medhire/contract/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../../src/db/schema/accounts.ts';
import { conversations, notifications } from '../../../src/db/schema/hiring.ts';
import { runSends } from '../../../src/domain/conversations/send-batcher.ts';
import { countUnreadNotifications } from '../../../src/domain/notifications/list-notifications.ts';
import {
  SWEEP_AFTER_MS,
  sweepUndeliveredNotifications,
} from '../../../src/domain/notifications/sweep-notifications.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, employerAndPhysicianInConversation } from '../../routes/employee/physician-kit.ts';
import { saveBrowserPushSubscription } from '../../routes/employer/auth-kit.ts';

/**
 * A physician's message stores the organisation's SEND_MSG_TO_EMPLOYER notifications in the send's
 * own statement (store-message.ts): shown live at once when nobody wants a push, handed to the
 * delivery job (socket and push) when a recipient's browser does, and swept up if that job was
 * never queued.
 */
let app: FastifyInstance;
const emitted: { room: string; payload: TNotificationSocketPayload }[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  const to = app.io.to.bind(app.io);
  app.io.to = ((room: string) => {
    const operator = to(room);
    const emit = operator.emit.bind(operator);
    operator.emit = ((event: string, payload: TNotificationSocketPayload) => {
      // Only message notifications: an accepted invite's own notification arrives from the queue.
      if (event === 'onNotification' && payload.notification.data.type === 'SEND_MSG_TO_EMPLOYER') {
        emitted.push({ room, payload });
      }
      return emit(event, payload);
    }) as typeof operator.emit;
    return operator;
  }) as typeof app.io.to;
});
afterAll(async () => {
  await app.close();
});

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await app.db.execute(query)) as unknown as T[];
}

async function deliveryJobsFor(notificationId: string): Promise<number> {
  const rows = await rowsOf<{ count: string }>(
    sql`select count(*) from pgboss.job where name = 'notification-delivery' and data->'notificationIds' ? ${notificationId}`,
  );
  return Number(rows[0]?.count ?? 0);
}

function conversationWithPhysician() {
  return employerAndPhysicianInConversation(app);
}

function sendAsPhysician(token: string, conversationId: string, tempMsgId: string, body = 'Hello from me') {
  return callApi(app, 'POST', `/api/employee/conversation/send-message/${conversationId}`, token, {
    body,
    tempMsgId,
  });
}

async function notificationsOf(userId: string) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'SEND_MSG_TO_EMPLOYER')));
}

describe('notifications of a physician’s message', () => {
  it('are shown live with the unread count and need no job when nobody wants a push; a retry adds none', async () => {
    const { employer, physician, conversationId } = await conversationWithPhysician();
    const before = await countUnreadNotifications(app.db, employer.id);
    emitted.length = 0;
    const sent = await sendAsPhysician(physician.token, conversationId, 'live-1', 'Can we talk on Friday?');
    expect(sent.statusCode, sent.body).toBe(200);

    const [stored, ...others] = await notificationsOf(employer.id);
    expect(others).toEqual([]);
    expect(stored?.deliveredAt).not.toBeNull();
    expect(stored?.body).toMatch(/^Dr\. .+: Can we talk on Friday\?$/);
    expect(stored?.data).toEqual({ conversation: conversationId });
    expect(emitted).toEqual([
      {
        room: `user:${employer.id}`,
        payload: expect.objectContaining({
          unreadCount: before + 1,
          notification: expect.objectContaining({
            _id: stored?.id,
            data: expect.objectContaining({ conversation: conversationId }),
          }),
        }),
      },
    ]);
    expect(await deliveryJobsFor(stored?.id ?? '')).toBe(0);

    emitted.length = 0;
    const retried = await sendAsPhysician(
      physician.token,
      conversationId,
      'live-1',
      'Can we talk on Friday?',
    );
    expect(retried.json().data.message._id).toBe(sent.json().data.message._id);
    expect(await notificationsOf(employer.id)).toHaveLength(1);
    expect(emitted).toEqual([]);
  });

  it('wait for the delivery job, queued after commit, when the recipient’s browser wants the push', async () => {
    const { employer, physician, conversationId } = await conversationWithPhysician();
    await saveBrowserPushSubscription(app, employer);
    await app.queue.stopWorkers();
    try {
      emitted.length = 0;
      const sent = await sendAsPhysician(physician.token, conversationId, 'push-1');
      expect(sent.statusCode, sent.body).toBe(200);
      const [stored] = await notificationsOf(employer.id);
      expect(stored?.deliveredAt).toBeNull();
      expect(emitted).toEqual([]);
      expect(await deliveryJobsFor(stored?.id ?? '')).toBe(1);
      const pushJobs = await rowsOf<{ count: string }>(
        sql`select count(*) from pgboss.job where name = 'notification-push' and data->>'notificationId' = ${stored?.id ?? ''}`,
      );
      expect(Number(pushJobs[0]?.count)).toBe(0);
    } finally {
      await app.queue.startWorkers();
    }
    // The worker delivers it: live event, and a push job for the browser.
    const deadline = Date.now() + 10_000;
    while (emitted.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(emitted.map((event) => event.room)).toEqual([`user:${employer.id}`]);
    const [delivered] = await notificationsOf(employer.id);
    expect(delivered?.deliveredAt).not.toBeNull();
    await app.db.delete(pushTokens).where(eq(pushTokens.userId, employer.id));
  });
});

describe('the sweep of notifications without a delivery job', () => {
  it('queues a delivery job for those undelivered after a minute, not for newer or delivered ones', async () => {
    const { employer } = await conversationWithPhysician();
    const now = new Date();
    const base = {
      userId: employer.id,
      type: 'APPLY_ON_JOB' as const,
      title: 'New applicant',
      body: 'Someone',
    };
    const [lost, recent, done] = await app.db
      .insert(notifications)
      .values([
        { ...base, createdAt: new Date(now.getTime() - SWEEP_AFTER_MS - 5_000) },
        { ...base, createdAt: new Date(now.getTime() - 5_000) },
        { ...base, createdAt: new Date(now.getTime() - 5 * SWEEP_AFTER_MS), deliveredAt: now },
      ])
      .returning();
    await app.queue.stopWorkers();
    try {
      expect(await sweepUndeliveredNotifications({ db: app.db, now })).toBeGreaterThanOrEqual(1);
      expect(await deliveryJobsFor(lost?.id ?? '')).toBe(1);
      expect(await deliveryJobsFor(recent?.id ?? '')).toBe(0);
      expect(await deliveryJobsFor(done?.id ?? '')).toBe(0);
    } finally {
      await app.queue.startWorkers();
    }
  });
});

describe('the physician’s notification of an employer message', () => {
  it('is stored by the send’s own statement, so a delivery job lost after the commit is swept up', async () => {
    const { employer, physician, conversationId } = await conversationWithPhysician();
    const [conversation] = await app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const now = new Date(Date.now() - SWEEP_AFTER_MS - 5_000);
    const input = {
      conversationId,
      sender: 'employer' as const,
      senderUserId: employer.id,
      organizationId: conversation?.organizationId ?? null,
      physicianId: null,
      delegateUserId: null,
      body: 'Are you free on Friday?',
      now: now.toISOString(),
    };
    // The statement alone, as when the server stops right after its commit: no delivery job yet.
    const [first] = await runSends(app.db, [{ ...input, tempMsgId: 'statement-1' }]);
    const notificationId = first?.status === 'stored' ? first.physicianNotificationId : undefined;
    expect(notificationId).toEqual(expect.any(String));
    const [row] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId ?? ''));
    expect(row).toMatchObject({
      userId: physician.profile.userId,
      type: 'EMPLOYER_MESSAGE',
      title: 'New message',
      data: { conversation: conversationId, jobId: conversation?.jobId },
      deliveredAt: null,
      readAt: null,
    });
    expect(row?.body).toMatch(/ sent you a message\.$/);
    expect(await deliveryJobsFor(notificationId ?? '')).toBe(0);

    // While it waits unread, the next message stores none.
    const [second] = await runSends(app.db, [{ ...input, tempMsgId: 'statement-2' }]);
    expect(second).toMatchObject({ status: 'stored', waiting: true });
    expect(second?.status === 'stored' ? second.physicianNotificationId : undefined).toBeUndefined();

    await app.queue.stopWorkers();
    try {
      expect(await sweepUndeliveredNotifications({ db: app.db })).toBeGreaterThanOrEqual(1);
      expect(await deliveryJobsFor(notificationId ?? '')).toBe(1);
    } finally {
      await app.queue.startWorkers();
    }
  });
});

describe('the sweep when the database is back', () => {
  it('queues the delivery of every undelivered notification, however new, once the connection returns', async () => {
    const { employer } = await conversationWithPhysician();
    // Stored a moment ago without a delivery job, as by a send whose job was lost with the
    // database: the scheduled sweep leaves it for a minute.
    const [lost] = await app.db
      .insert(notifications)
      .values({
        userId: employer.id,
        type: 'APPLY_ON_JOB',
        title: 'New applicant',
        body: 'Someone',
        createdAt: new Date(Date.now() - 2_000),
      })
      .returning();
    expect(await deliveryJobsFor(lost?.id ?? '')).toBe(0);

    // The watcher's LISTEN connection drops, as it does with the database, and comes back.
    await app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen "medhire_database_back"%'`,
    );
    const deliveredAt = async () =>
      (
        await app.db
          .select()
          .from(notifications)
          .where(eq(notifications.id, lost?.id ?? ''))
      )[0]?.deliveredAt;
    expect(await deliveredAt()).toBeNull();
    await expect.poll(deliveredAt, { timeout: 15_000, interval: 200 }).toBeInstanceOf(Date);
    expect(await deliveryJobsFor(lost?.id ?? '')).toBe(1);
  });
});
