import type { TConversation, TConversationSyncData, TMessage } from '@medhire/contract/conversations';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../../src/db/schema/hiring.ts';
import { buildTestApp } from '../../helper.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  type SignedInPhysician,
  signedInPhysician,
} from '../employee/physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** An employer with one open job and the conversation an accepted invite opened. */
async function employerWithConversation() {
  const { employer, job } = await employerWithOpenJob(app, { title: 'Hospitalist, Denver' });
  const physician: SignedInPhysician = await signedInPhysician(app);
  const match = await invite(app, employer, job._id, physician.profile._id);
  const accepted = await callApi(app, 'PATCH', `/api/employee/match/respond/${match._id}`, physician.token, {
    status: 'accepted',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { employer, job, physician, conversationId: accepted.json().data.conversationId as string };
}

function employerSend(token: string | undefined, conversationId: string, body: string, tempMsgId: string) {
  return callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, token, {
    body,
    tempMsgId,
  });
}

function physicianSend(token: string, conversationId: string, body: string, tempMsgId: string) {
  return callApi(app, 'POST', `/api/employee/conversation/send-message/${conversationId}`, token, {
    body,
    tempMsgId,
  });
}

function getSingle(token: string | undefined, conversationId: string, query = '') {
  return callApi(
    app,
    'GET',
    `/api/employer/conversation/get-single-conversation/${conversationId}${query ? `?${query}` : ''}`,
    token,
  );
}

function archive(token: string | undefined, conversationId: string, payload: unknown) {
  return callApi(app, 'PATCH', `/api/employer/conversation/archive/${conversationId}`, token, payload);
}

function sync(side: 'employer' | 'employee', token: string | undefined, query = '') {
  return callApi(app, 'GET', `/api/${side}/conversation/sync${query ? `?${query}` : ''}`, token);
}

async function syncData(side: 'employer' | 'employee', token: string, query = '') {
  const response = await sync(side, token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TConversationSyncData;
}

async function storedSeqs(conversationId: string): Promise<number[]> {
  const rows = await app.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
  return rows.map((row) => row.seq);
}

async function sendMany(employer: { token: string }, conversationId: string, count: number) {
  for (let index = 1; index <= count; index++) {
    const response = await employerSend(employer.token, conversationId, `Message ${index}`, `t-${index}`);
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('message sequence numbers', () => {
  it('gives 50 concurrent sends with one tempMsgId one stored message and 50 identical answers', async () => {
    const { employer, conversationId } = await employerWithConversation();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => employerSend(employer.token, conversationId, 'Only once', 'same-id')),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const answers = responses.map((response) => response.json().data as TMessage);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ body: 'Only once', tempMsgId: 'same-id', seq: 1 });
    expect(await storedSeqs(conversationId)).toEqual([1]);
    const [stored] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(stored).toMatchObject({ lastSeq: 1, physicianUnread: 1 });
  });

  it('numbers 200 concurrent sends from both sides 1..200 without a gap', async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        index % 2 === 0
          ? employerSend(employer.token, conversationId, `Employer ${index}`, `e-${index}`)
          : physicianSend(physician.token, conversationId, `Physician ${index}`, `p-${index}`),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const answered = responses
      .map((response) => {
        const data = response.json().data as TMessage | { message: TMessage };
        return ('message' in data ? data.message : data).seq;
      })
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    const expected = Array.from({ length: 200 }, (_, index) => index + 1);
    expect(answered).toEqual(expected);
    expect(await storedSeqs(conversationId)).toEqual(expected);
  }, 90_000); // 200 requests taking turns on one conversation's row lock, on a shared machine
});

describe('GET /api/employer/conversation/get-single-conversation/{conversationId} paging', () => {
  it('answers the newest pageSize messages, pages backwards by beforeSeq and forwards by afterSeq', async () => {
    const { employer, conversationId } = await employerWithConversation();
    await sendMany(employer, conversationId, 7);

    const newest = await getSingle(employer.token, conversationId, 'pageSize=3');
    expect(newest.statusCode, newest.body).toBe(200);
    const page = newest.json().data as TConversation;
    expect(page.messages.map((message) => message.seq)).toEqual([5, 6, 7]);
    expect(page.lastMessage).toMatchObject({ seq: 7, body: 'Message 7' });

    const older = (await getSingle(employer.token, conversationId, 'pageSize=3&beforeSeq=5')).json()
      .data as TConversation;
    expect(older.messages.map((message) => message.seq)).toEqual([2, 3, 4]);
    expect(older.lastMessage).toMatchObject({ seq: 7 });
    const oldest = (await getSingle(employer.token, conversationId, 'pageSize=3&beforeSeq=2')).json()
      .data as TConversation;
    expect(oldest.messages.map((message) => message.seq)).toEqual([1]);

    const after = (await getSingle(employer.token, conversationId, 'pageSize=3&afterSeq=3')).json()
      .data as TConversation;
    expect(after.messages.map((message) => message.seq)).toEqual([4, 5, 6]);
    const caughtUp = (await getSingle(employer.token, conversationId, 'afterSeq=7')).json()
      .data as TConversation;
    expect(caughtUp.messages).toEqual([]);
    expect(caughtUp.lastMessage).toMatchObject({ seq: 7 });
  });

  it('answers at most pageSize (100 by default) of a long conversation', async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    // 101 stored messages, numbered as sending numbers them, in one statement.
    await app.db.insert(messages).values(
      Array.from({ length: 101 }, (_, index) => ({
        conversationId,
        sender: 'employee' as const,
        senderUserId: physician.profile.userId,
        body: `Note ${index + 1}`,
        tempMsgId: `n-${index + 1}`,
        seq: index + 1,
      })),
    );
    await app.db.update(conversations).set({ lastSeq: 101 }).where(eq(conversations.id, conversationId));
    const response = await getSingle(employer.token, conversationId);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TConversation;
    expect(data.messages).toHaveLength(100);
    expect(data.messages[0]?.seq).toBe(2);
    expect(data.messages.at(-1)?.seq).toBe(101);
  });

  it('refuses both cursors at once, a negative cursor and pageSize 0 (400)', async () => {
    const { employer, conversationId } = await employerWithConversation();
    for (const query of ['beforeSeq=5&afterSeq=1', 'beforeSeq=-1', 'pageSize=0', 'afterSeq=abc']) {
      const response = await getSingle(employer.token, conversationId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { message: expect.any(String) } });
    }
  });

  it("answers 404 for another organisation's conversation with paging", async () => {
    const { conversationId } = await employerWithConversation();
    const { employer: other } = await employerWithOpenJob(app);
    const response = await getSingle(other.token, conversationId, 'afterSeq=0');
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});

describe('PATCH /api/employer/conversation/archive/{conversationId}', () => {
  it('archives and unarchives; the list filter shows it; a physician message brings it back', async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    const listIds = async (archived: boolean) => {
      const response = await callApi(
        app,
        'GET',
        `/api/employer/conversation/get-all-conversation/${employer.id}?archived=${archived}`,
        employer.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as TConversation[]).map((conversation) => conversation._id);
    };

    const archived = await archive(employer.token, conversationId, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ success: true, data: { conversationId, isArchived: true } });
    expect(await listIds(true)).toEqual([conversationId]);
    expect(await listIds(false)).toEqual([]);

    const back = await archive(employer.token, conversationId, { archived: false });
    expect(back.json().data).toEqual({ conversationId, isArchived: false });
    expect(await listIds(false)).toEqual([conversationId]);

    await archive(employer.token, conversationId, { archived: true });
    // The employer's own message leaves it archived; the physician's brings it back.
    expect((await employerSend(employer.token, conversationId, 'Filed', 'f-1')).statusCode).toBe(200);
    expect(await listIds(true)).toEqual([conversationId]);
    expect((await physicianSend(physician.token, conversationId, 'Any news?', 'p-1')).statusCode).toBe(200);
    expect(await listIds(false)).toEqual([conversationId]);
    expect(await listIds(true)).toEqual([]);
  });

  it('refuses a missing or non-boolean archived (400)', async () => {
    const { employer, conversationId } = await employerWithConversation();
    for (const payload of [{}, { archived: 'yes' }]) {
      const response = await archive(employer.token, conversationId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { message: expect.any(String) } });
    }
  });

  it("answers 404 for another organisation's or an unknown conversation, 401 without a token, 403 for a physician", async () => {
    const { conversationId, physician } = await employerWithConversation();
    const { employer: other } = await employerWithOpenJob(app);
    expect((await archive(other.token, conversationId, { archived: true })).statusCode).toBe(404);
    expect((await archive(other.token, UNKNOWN_ID, { archived: true })).statusCode).toBe(404);
    expect((await archive(undefined, conversationId, { archived: true })).statusCode).toBe(401);
    expect((await archive(physician.token, conversationId, { archived: true })).statusCode).toBe(403);
    const [stored] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(stored?.isArchived).toBe(false);
  });
});

describe('GET /api/{employer,employee}/conversation/sync', () => {
  it('answers every change since a cursor in order: messages, deletions, read markers, archive changes', async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    const start = await syncData('employer', employer.token);
    expect(start).toEqual({ changes: [], nextCursor: '0', hasMore: false });

    const first = (await employerSend(employer.token, conversationId, 'Hello', 'a')).json().data as TMessage;
    await physicianSend(physician.token, conversationId, 'Hi there', 'b');
    expect((await getSingle(employer.token, conversationId)).statusCode).toBe(200);
    const deleted = await callApi(
      app,
      'DELETE',
      `/api/employer/conversation/delete-message/${conversationId}/${first._id}`,
      employer.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await archive(employer.token, conversationId, { archived: true });

    const all = await syncData('employer', employer.token);
    expect(all.changes.map((change) => change.type)).toEqual([
      'message',
      'message',
      'read',
      'deleted',
      'archived',
    ]);
    expect(all.changes.every((change) => change.conversationId === conversationId)).toBe(true);
    // A message deleted since is answered as it is now: deleted, without its text.
    expect(all.changes[0]).toMatchObject({ type: 'message', message: { seq: 1, isDeleted: true, body: '' } });
    expect(all.changes[1]).toMatchObject({ type: 'message', message: { seq: 2, body: 'Hi there' } });
    expect(all.changes[2]).toMatchObject({ type: 'read', reader: 'employer' });
    expect(all.changes[4]).toMatchObject({ type: 'archived', archived: true });
    const cursors = all.changes.map((change) => BigInt(change.cursor));
    expect([...cursors].sort((a, b) => (a < b ? -1 : 1))).toEqual(cursors);
    expect(all.nextCursor).toBe(all.changes.at(-1)?.cursor);

    // Paged: two at a time from the start reach the same changes, then nothing.
    const seen: string[] = [];
    let cursor = '0';
    for (;;) {
      const page = await syncData('employer', employer.token, `since=${cursor}&pageSize=2`);
      seen.push(...page.changes.map((change) => change.cursor));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual(all.changes.map((change) => change.cursor));
    expect(await syncData('employer', employer.token, `since=${all.nextCursor}`)).toEqual({
      changes: [],
      nextCursor: all.nextCursor,
      hasMore: false,
    });

    // The physician sees the same conversation's messages, deletions and read markers, not the archiving.
    const physicianView = await syncData('employee', physician.token);
    expect(physicianView.changes.map((change) => change.type)).toEqual([
      'message',
      'message',
      'read',
      'deleted',
    ]);

    // A message after the cursor is all a client that was away gets.
    await physicianSend(physician.token, conversationId, 'Back again', 'c');
    const missed = await syncData('employer', employer.token, `since=${all.nextCursor}`);
    expect(missed.changes.map((change) => change.type)).toEqual(['message', 'archived']);
    expect(missed.changes[0]).toMatchObject({ message: { seq: 3, body: 'Back again' } });
    expect(missed.changes[1]).toMatchObject({ archived: false });

    // `latest` answers no changes and the newest cursor of each side: where a fresh screen starts.
    const latest = await syncData('employer', employer.token, 'since=latest');
    expect(latest).toEqual({ changes: [], nextCursor: missed.nextCursor, hasMore: false });
    const physicianLatest = await syncData('employee', physician.token, 'since=latest');
    expect(physicianLatest.nextCursor).toBe(
      (await syncData('employee', physician.token, `since=${physicianView.nextCursor}`)).nextCursor,
    );
    expect(physicianLatest.changes).toEqual([]);
  });

  it("never answers another organisation's or another physician's changes", async () => {
    const { employer, conversationId } = await employerWithConversation();
    await employerSend(employer.token, conversationId, 'Private', 'x');
    const { employer: other } = await employerWithOpenJob(app);
    expect((await syncData('employer', other.token)).changes).toEqual([]);
    const stranger = await signedInPhysician(app);
    expect((await syncData('employee', stranger.token)).changes).toEqual([]);
    // Nor the newest cursor of someone else's changes.
    expect((await syncData('employer', other.token, 'since=latest')).nextCursor).toBe('0');
    expect((await syncData('employee', stranger.token, 'since=latest')).nextCursor).toBe('0');
  });

  it('refuses a malformed cursor or pageSize (400), no token (401), the other side’s token (403)', async () => {
    const { employer, physician } = await employerWithConversation();
    for (const query of ['since=abc', 'since=-1', 'since=latest1', 'pageSize=0', 'pageSize=501']) {
      const response = await sync('employer', employer.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { message: expect.any(String) } });
    }
    expect((await sync('employee', physician.token, 'since=x')).statusCode).toBe(400);
    expect((await sync('employer', undefined)).statusCode).toBe(401);
    expect((await sync('employee', undefined)).statusCode).toBe(401);
    expect((await sync('employer', physician.token)).statusCode).toBe(403);
    expect((await sync('employee', employer.token)).statusCode).toBe(403);
  });
});

describe('message body limit', () => {
  it('stores 5,000 characters as text and refuses 5,001 with a clear message', async () => {
    const { employer, conversationId } = await employerWithConversation();
    const longest = `<b>${'x'.repeat(4993)}</b>`;
    const ok = await employerSend(employer.token, conversationId, longest, 'long');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as TMessage).body).toBe(longest);
    const tooLong = await employerSend(employer.token, conversationId, 'y'.repeat(5001), 'too-long');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/too long/i);
  });
});
