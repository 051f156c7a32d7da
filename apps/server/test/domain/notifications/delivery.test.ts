import type { TNotificationSocketPayload } from '@medhire/contract/notifications';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../../src/db/schema/accounts.ts';
import { notifications } from '../../../src/db/schema/hiring.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { claimNotificationDelivery } from '../../../src/domain/notifications/deliver-notifications.ts';
import { notifyUsers } from '../../../src/domain/notifications/notify.ts';
import { purgeReadNotifications } from '../../../src/domain/notifications/purge-read-notifications.ts';
import { NOTIFICATION_DIGEST_QUEUE } from '../../../src/domain/notifications/queues.ts';
import { sendNotificationDigests } from '../../../src/domain/notifications/send-digests.ts';
import { buildTestApp, testDataDir } from '../../helper.ts';
import { callApi, employerWithOpenJob, signedInPhysician } from '../../routes/employee/physician-kit.ts';
import { saveBrowserPushSubscription, signedInEmployer } from '../../routes/employer/auth-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://medhire.example' });
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3600_000;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await app.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function notifyAt(
  userId: string,
  createdAt: Date,
  type: 'APPLY_ON_JOB' | 'EMPLOYEE_REGISTERED' = 'APPLY_ON_JOB',
) {
  const [row] = await notifyUsers({
    db: app.db,
    userIds: [userId],
    type,
    title: type === 'APPLY_ON_JOB' ? 'New applicant' : 'New physician on MedHire',
    body: `Something at ${createdAt.toISOString()}`,
    data: {},
    now: createdAt,
  });
  if (!row) throw new Error('No notification.');
  return row;
}

describe('delivery from the durable queue', () => {
  // Two servers and two fixed waits: well over the default timeout on a busy 2-core machine.
  it('delivers exactly once when the worker is stopped after commit and a new server starts', {
    timeout: 60_000,
  }, async () => {
    const emitted: { by: string; room: string; payload: TNotificationSocketPayload }[] = [];
    /** Records every onNotification the instance emits (wrapping io.to before any worker runs). */
    const recordEmits = (instance: FastifyInstance, by: string) => {
      const to = instance.io.to.bind(instance.io);
      instance.io.to = ((room: string) => {
        const operator = to(room);
        const emit = operator.emit.bind(operator);
        operator.emit = ((event: string, payload: TNotificationSocketPayload) => {
          if (event === 'onNotification') emitted.push({ by, room, payload });
          return emit(event, payload);
        }) as typeof operator.emit;
        return operator;
      }) as typeof instance.io.to;
    };
    recordEmits(app, 'first');
    await app.queue.stopWorkers();
    let restarted: FastifyInstance | undefined;
    try {
      const { employer, job } = await employerWithOpenJob(app);
      const physician = await signedInPhysician(app);
      const applied = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
      expect(applied.statusCode, applied.body).toBe(200);
      // Committed, not delivered: this instance's worker is stopped ("crashed" after commit).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [stored] = await app.db.select().from(notifications).where(eq(notifications.userId, employer.id));
      expect(stored?.deliveredAt).toBeNull();
      expect(emitted).toEqual([]);

      // A new server starts on the same database and finds the job.
      restarted = await buildTestApp(
        {},
        { register: async (instance) => recordEmits(instance, 'restarted') },
      );
      await waitFor(async () => (emitted.length > 0 ? true : undefined));
      // The first worker comes back too: the job is done and the row claimed, so nothing repeats.
      await app.queue.startWorkers();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(emitted).toHaveLength(1);
      expect(emitted[0]).toMatchObject({
        by: 'restarted',
        room: `user:${employer.id}`,
        payload: { unreadCount: 1, notification: { data: { type: 'APPLY_ON_JOB' } } },
      });
      const [delivered] = await app.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, stored?.id ?? ''));
      expect(delivered?.deliveredAt).not.toBeNull();
    } finally {
      await restarted?.close();
      await app.queue.startWorkers();
    }
  });

  it('claims a notification once even when its job runs twice', async () => {
    const employer = await signedInEmployer(app);
    await app.queue.stopWorkers();
    try {
      const row = await notifyAt(employer.id, new Date());
      const first = await claimNotificationDelivery({ db: app.db, notificationIds: [row.id] });
      const second = await claimNotificationDelivery({ db: app.db, notificationIds: [row.id] });
      expect(first.map((live) => live.userId)).toEqual([employer.id]);
      expect(second).toEqual([]);
    } finally {
      await app.queue.startWorkers();
    }
  });

  it('claims by primary key, not by reading every undelivered notification, with a backlog waiting', async () => {
    const employer = await signedInEmployer(app);
    const undeliveredIndexReads = async (tx: typeof app.db) => {
      // This transaction's own index reads, visible to it before commit.
      const [row] = (await tx.execute(
        sql`select pg_stat_get_xact_tuples_returned('notifications_undelivered_idx'::regclass)::int as reads`,
      )) as unknown as { reads: number }[];
      return Number(row?.reads);
    };
    const storeUndelivered = async (tx: typeof app.db, count: number) =>
      tx.execute(sql`insert into ${notifications} ("user_id", "type", "title", "body", "data", "created_at")
        select ${employer.id}::uuid, 'APPLY_ON_JOB', 'New applicant', 'Backlog ' || g, '{}'::jsonb, now()
        from generate_series(1, ${count}) g returning "id"`) as unknown as Promise<{ id: string }[]>;
    await app.db
      .transaction(async (tx) => {
        // One connection, its plans cached while the backlog was small (as a server's are), and
        // then a backlog of 500: claiming one of them must not read the other 499.
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        // A table in service: many delivered notifications, few waiting, the statistics saying so.
        await tx.execute(sql`insert into ${notifications} ("user_id", "type", "title", "body", "data", "created_at", "delivered_at")
        select ${employer.id}::uuid, 'APPLY_ON_JOB', 'New applicant', 'Delivered ' || g, '{}'::jsonb, now(), now()
        from generate_series(1, 20000) g`);
        await tx.execute(sql`analyze ${notifications}`);
        for (let claim = 0; claim < 2; claim += 1) {
          const [single] = await storeUndelivered(tx, 1);
          await claimNotificationDelivery({ db: tx, notificationIds: [single?.id ?? ''] });
        }
        const backlog = await storeUndelivered(tx, 500);
        const before = await undeliveredIndexReads(tx);
        const live = await claimNotificationDelivery({ db: tx, notificationIds: [backlog[0]?.id ?? ''] });
        expect(live.map((entry) => entry.userId)).toEqual([employer.id]);
        expect((await undeliveredIndexReads(tx)) - before).toBeLessThan(10);
        // Nothing of it is kept: the backlog would otherwise wait for the sweep.
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });

  it('queues a push per browser only for the types the user wants pushed', async () => {
    const employer = await signedInEmployer(app);
    await saveBrowserPushSubscription(app, employer);
    await callApi(app, 'PATCH', `/api/employer/notification/preferences/${employer.id}`, employer.token, {
      preferences: [{ type: 'EMPLOYEE_REGISTERED', push: false }],
    });
    await app.queue.stopWorkers();
    try {
      const wanted = await notifyAt(employer.id, new Date(), 'APPLY_ON_JOB');
      const unwanted = await notifyAt(employer.id, new Date(), 'EMPLOYEE_REGISTERED');
      await claimNotificationDelivery({ db: app.db, notificationIds: [wanted.id, unwanted.id] });
      const jobs = await rowsOf<{ data: { notificationId: string } }>(
        sql`select data from pgboss.job where name = 'notification-push' and data->>'notificationId' in (${wanted.id}, ${unwanted.id})`,
      );
      expect(jobs.map((job) => job.data.notificationId)).toEqual([wanted.id]);
    } finally {
      await app.db.delete(pushTokens).where(eq(pushTokens.userId, employer.id));
      await app.queue.startWorkers();
    }
  });
});

describe('the e-mail digest', () => {
  it('mails old unread notifications once a day with a one-click unsubscribe link that turns it off', async () => {
    const employer = await signedInEmployer(app);
    const now = new Date();
    await notifyAt(employer.id, new Date(now.getTime() - 2 * HOUR));
    // Too recent for the digest, and a read one: neither is listed.
    await notifyAt(employer.id, new Date(now.getTime() - 10 * 60_000), 'EMPLOYEE_REGISTERED');
    const read = await notifyAt(employer.id, new Date(now.getTime() - 3 * HOUR), 'EMPLOYEE_REGISTERED');
    await app.db.update(notifications).set({ readAt: now }).where(eq(notifications.id, read.id));

    // Through the queue, as the schedule runs it.
    await app.queue.send(NOTIFICATION_DIGEST_QUEUE, {});
    const [mail] = await waitFor(async () => {
      const messages = await readOutbox(testDataDir(), employer.email);
      return messages.length > 0 ? messages : undefined;
    });
    expect(mail?.subject).toBe('You have 1 unread notification on MedHire');
    expect(mail?.text).toContain('New applicant');
    expect(mail?.text).toContain('https://medhire.example/jobs-resident');
    expect(mail?.text).not.toContain('New physician on MedHire');
    const unsubscribeUrl = mail?.headers?.['List-Unsubscribe']?.replace(/^<|>$/g, '') ?? '';
    expect(unsubscribeUrl).toMatch(
      /^https:\/\/medhire\.example\/api\/employer\/notification\/unsubscribe-digest\?token=/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain(unsubscribeUrl);

    // Within the day: nothing more, even with a new old notification.
    await notifyAt(employer.id, new Date(now.getTime() - 90 * 60_000));
    await sendNotificationDigests({
      db: app.db,
      mailer: app.mailer,
      secret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      now,
    });
    expect(await readOutbox(testDataDir(), employer.email)).toHaveLength(1);

    // The link works without signing in; the next day's digest then does not come.
    const url = new URL(unsubscribeUrl);
    const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode, response.body).toBe(200);
    const nextDay = new Date(now.getTime() + 25 * HOUR);
    await sendNotificationDigests({
      db: app.db,
      mailer: app.mailer,
      secret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      now: nextDay,
    });
    expect(await readOutbox(testDataDir(), employer.email)).toHaveLength(1);
  });

  it('sends the next day’s digest with only what came after the last one', async () => {
    const employer = await signedInEmployer(app);
    const now = new Date();
    const options = {
      db: app.db,
      mailer: app.mailer,
      secret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
    };
    await notifyAt(employer.id, new Date(now.getTime() - 2 * HOUR));
    expect(await sendNotificationDigests({ ...options, now })).toBeGreaterThanOrEqual(1);
    await notifyAt(employer.id, new Date(now.getTime() + 2 * HOUR), 'EMPLOYEE_REGISTERED');
    expect(
      await sendNotificationDigests({ ...options, now: new Date(now.getTime() + 25 * HOUR) }),
    ).toBeGreaterThanOrEqual(1);
    const messages = await readOutbox(testDataDir(), employer.email);
    expect(messages).toHaveLength(2);
    expect(messages[1]?.subject).toBe('You have 1 unread notification on MedHire');
    expect(messages[1]?.text).toContain('New physician on MedHire');
    expect(messages[1]?.text).not.toContain('New applicant');
  });

  it('leaves out the types whose e-mail channel is off', async () => {
    const employer = await signedInEmployer(app);
    await callApi(app, 'PATCH', `/api/employer/notification/preferences/${employer.id}`, employer.token, {
      preferences: [{ type: 'APPLY_ON_JOB', email: false }],
    });
    const now = new Date();
    await notifyAt(employer.id, new Date(now.getTime() - 2 * HOUR), 'APPLY_ON_JOB');
    await sendNotificationDigests({
      db: app.db,
      mailer: app.mailer,
      secret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      now,
    });
    expect(await readOutbox(testDataDir(), employer.email)).toEqual([]);
  });
});

describe('housekeeping', () => {
  it('purges notifications read more than 90 days ago and keeps the rest', async () => {
    const employer = await signedInEmployer(app);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR);
    const oldRead = await notifyAt(employer.id, daysAgo(91));
    const oldUnread = await notifyAt(employer.id, daysAgo(120));
    const recentRead = await notifyAt(employer.id, daysAgo(10));
    await app.db
      .update(notifications)
      .set({ readAt: daysAgo(5) })
      .where(eq(notifications.id, oldRead.id));
    await app.db
      .update(notifications)
      .set({ readAt: daysAgo(5) })
      .where(eq(notifications.id, recentRead.id));

    expect(await purgeReadNotifications(app.db, now)).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, employer.id));
    expect(left.map((row) => row.id).sort()).toEqual([oldUnread.id, recentRead.id].sort());
  });
});
