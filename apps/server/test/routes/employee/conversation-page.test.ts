import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../src/db/schema/accounts.ts';
import { conversations, notifications } from '../../../src/db/schema/hiring.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, employerAndPhysicianInConversation, signedInPhysician } from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A conversation with `count` messages from the employer ("message 1" … "message N"). */
async function conversationWithMessages(count: number) {
  const setup = await employerAndPhysicianInConversation(app);
  for (let index = 1; index <= count; index += 1) {
    const sent = await callApi(
      app,
      'POST',
      `/api/employer/conversation/send-message/${setup.conversationId}`,
      setup.employer.token,
      { body: `message ${index}`, tempMsgId: `temp-${index}` },
    );
    expect(sent.statusCode, sent.body).toBe(200);
  }
  return setup;
}

function getPage(token: string | undefined, conversationId: string, query = '') {
  return callApi(app, 'GET', `/api/employee/conversation/get-conversation/${conversationId}${query}`, token);
}

describe('an employer message tells the physician', () => {
  it('stores one notification naming the organisation with the send, and queues its delivery', async () => {
    const { physician, employer, conversationId } = await conversationWithMessages(0);
    const [conversation] = await app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const [organization] = await app.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, conversation?.organizationId ?? ''));
    const send = (tempMsgId: string) =>
      callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, employer.token, {
        body: `hello ${tempMsgId}`,
        tempMsgId,
      });
    expect((await send('first')).statusCode).toBe(200);
    // A retry of the same temp id and a second message while the first notification waits unread add none.
    expect((await send('first')).statusCode).toBe(200);
    expect((await send('second')).statusCode).toBe(200);

    const rows = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, physician.profile.userId));
    const told = rows.filter((row) => row.type === 'EMPLOYER_MESSAGE');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'New message',
      body: `${organization?.name} sent you a message.`,
      data: { conversation: conversationId, jobId: conversation?.jobId },
      readAt: null,
    });
    // Its delivery job (socket, then push or e-mail) was queued after the send committed.
    const jobs = await app.db.execute(
      sql`select 1 from pgboss.job where name = 'notification-delivery' and data->'notificationIds' ? ${told[0]?.id ?? ''}`,
    );
    expect(jobs).toHaveLength(1);
  });
});

describe('GET /api/employee/conversation/get-conversation/{conversationId}', () => {
  it('answers the newest page oldest first, then older pages before beforeSeq, with hasMore', async () => {
    const { physician, conversationId } = await conversationWithMessages(5);
    const newest = await getPage(physician.token, conversationId, '?pageSize=2');
    expect(newest.statusCode, newest.body).toBe(200);
    const first = newest.json().data;
    expect(first.conversation).toMatchObject({ _id: conversationId, lastSeq: 5, physicianCount: 0 });
    expect(first.conversation.organization.name).toEqual(expect.any(String));
    expect(first.messages.map((message: { body: string }) => message.body)).toEqual([
      'message 4',
      'message 5',
    ]);
    expect(first.hasMore).toBe(true);

    const older = (await getPage(physician.token, conversationId, '?pageSize=2&beforeSeq=4')).json().data;
    expect(older.messages.map((message: { seq: number }) => message.seq)).toEqual([2, 3]);
    expect(older.hasMore).toBe(true);
    const oldest = (await getPage(physician.token, conversationId, '?pageSize=2&beforeSeq=2')).json().data;
    expect(oldest.messages.map((message: { seq: number }) => message.seq)).toEqual([1]);
    expect(oldest.hasMore).toBe(false);
  });

  it('marks the conversation and its message notification read when the newest page is opened', async () => {
    const { physician, employer, conversationId } = await conversationWithMessages(3);
    const [before] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(before?.physicianUnread).toBe(3);
    const unreadNotifications = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, physician.profile.userId));
    // One notification for the conversation while it stays unread, however many messages came.
    expect(unreadNotifications.filter((row) => row.type === 'EMPLOYER_MESSAGE')).toHaveLength(1);

    // Paging back reads history without marking anything.
    await getPage(physician.token, conversationId, '?beforeSeq=2');
    const [still] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(still?.physicianUnread).toBe(3);

    expect((await getPage(physician.token, conversationId)).statusCode).toBe(200);
    const [after] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(after?.physicianUnread).toBe(0);
    const rows = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, physician.profile.userId));
    expect(rows.filter((row) => row.type === 'EMPLOYER_MESSAGE' && row.readAt === null)).toEqual([]);

    // Once that one is read, the next message brings a new one.
    const next = await callApi(
      app,
      'POST',
      `/api/employer/conversation/send-message/${conversationId}`,
      employer.token,
      { body: 'message 4', tempMsgId: 'temp-4' },
    );
    expect(next.statusCode, next.body).toBe(200);
    const later = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, physician.profile.userId));
    expect(later.filter((row) => row.type === 'EMPLOYER_MESSAGE' && row.readAt === null)).toHaveLength(1);
  });

  it('refuses an invalid page (400) and another physician’s or an unknown conversation (404)', async () => {
    const { physician, conversationId } = await conversationWithMessages(1);
    for (const query of ['?pageSize=0', '?pageSize=500', '?beforeSeq=abc', '?beforeSeq=0']) {
      const response = await getPage(physician.token, conversationId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    const stranger = await signedInPhysician(app, { isComplete: false });
    const foreign = await getPage(stranger.token, conversationId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    // The stranger's look changed nothing.
    const [row] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row?.physicianUnread).toBe(1);
    expect((await getPage(physician.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getPage(physician.token, 'not-an-id')).statusCode).toBe(404);
    expect((await getPage(undefined, conversationId)).statusCode).toBe(401);
  });
});

describe('PATCH /api/employee/conversation/mark-as-read/{conversationId}', () => {
  it('marks the physician’s conversation read; another physician’s answers 404 and stays unread', async () => {
    const { physician, conversationId } = await conversationWithMessages(2);
    const stranger = await signedInPhysician(app, { isComplete: false });
    const foreign = await callApi(
      app,
      'PATCH',
      `/api/employee/conversation/mark-as-read/${conversationId}`,
      stranger.token,
    );
    expect(foreign.statusCode).toBe(404);
    const [unchanged] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(unchanged?.physicianUnread).toBe(2);

    const marked = await callApi(
      app,
      'PATCH',
      `/api/employee/conversation/mark-as-read/${conversationId}`,
      physician.token,
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toEqual({ conversationId, physicianCount: 0, notificationsRead: 1 });
    const [row] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row?.physicianUnread).toBe(0);
  });
});
