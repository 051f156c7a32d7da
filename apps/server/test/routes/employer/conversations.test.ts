import { CONVERSATION_MESSAGES, type TConversation, type TMessage } from '@medhire/contract/conversations';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../../src/db/schema/hiring.ts';
import { sendEmployerMessage } from '../../../src/domain/conversations/send-employer-message.ts';
import { sendPhysicianMessage } from '../../../src/domain/conversations/send-physician-message.ts';
import { buildTestApp } from '../../helper.ts';
import { captureEmits, UNKNOWN_ID } from '../conventions-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  postAnotherJob,
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

type Employer = Awaited<ReturnType<typeof employerWithOpenJob>>['employer'];

/** The physician accepts the employer's invite to the job, which opens their conversation. */
async function acceptedConversation(
  employer: Employer,
  jobId: string,
  name: { firstName: string; lastName: string } = { firstName: 'Maya', lastName: 'Okafor' },
): Promise<{ physician: SignedInPhysician; conversationId: string }> {
  const physician = await signedInPhysician(app, { register: name });
  const match = await invite(app, employer, jobId, physician.profile._id);
  const accepted = await callApi(app, 'PATCH', `/api/employee/match/respond/${match._id}`, physician.token, {
    status: 'accepted',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const conversationId = accepted.json().data.conversationId as string;
  expect(conversationId).toEqual(expect.any(String));
  return { physician, conversationId };
}

/** An employer with one open job and one conversation opened by an accepted invite. */
async function employerWithConversation() {
  const { employer, job } = await employerWithOpenJob(app, { title: 'Family Physician, Austin' });
  const { physician, conversationId } = await acceptedConversation(employer, job._id);
  return { employer, job, physician, conversationId };
}

function listUrl(userId: string, query = '') {
  return `/api/employer/conversation/get-all-conversation/${userId}${query ? `?${query}` : ''}`;
}

async function list(employer: Employer, query = ''): Promise<TConversation[]> {
  const response = await callApi(app, 'GET', listUrl(employer.id, query), employer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TConversation[];
}

function getSingle(token: string | undefined, conversationId: string) {
  return callApi(app, 'GET', `/api/employer/conversation/get-single-conversation/${conversationId}`, token);
}

function send(token: string | undefined, conversationId: string, payload: unknown) {
  return callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, token, payload);
}

function remove(token: string | undefined, conversationId: string, messageId: string) {
  return callApi(
    app,
    'DELETE',
    `/api/employer/conversation/delete-message/${conversationId}/${messageId}`,
    token,
  );
}

async function storedConversation(conversationId: string) {
  const [row] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!row) throw new Error('The conversation is not stored.');
  return row;
}

describe('GET /api/employer/conversation/get-all-conversation/{userId}', () => {
  let employer: Employer;
  let firstJobId: string;
  let secondJobId: string;
  const ids = { ana: '', ben: '', cora: '', dev: '' };

  beforeAll(async () => {
    const made = await employerWithOpenJob(app, { title: 'Family Physician, Austin' });
    employer = made.employer;
    firstJobId = made.job._id;
    secondJobId = (await postAnotherJob(app, employer, { title: 'Sports Medicine, Round Rock' }))._id;
    ids.ana = (
      await acceptedConversation(employer, firstJobId, { firstName: 'Ana', lastName: 'Quill' })
    ).conversationId;
    ids.ben = (
      await acceptedConversation(employer, firstJobId, { firstName: 'Ben', lastName: 'Rook' })
    ).conversationId;
    ids.cora = (
      await acceptedConversation(employer, firstJobId, { firstName: 'Cora', lastName: 'Zed' })
    ).conversationId;
    ids.dev = (
      await acceptedConversation(employer, secondJobId, { firstName: 'Dev', lastName: 'Rookwood' })
    ).conversationId;
    const owner = { userId: employer.id, organizationId: employer.organizationId };
    await sendEmployerMessage({
      db: app.db,
      owner,
      conversationId: ids.ana,
      body: 'Are you free on Monday?',
      tempMsgId: 'ana-1',
      now: new Date('2026-03-01T10:00:00.000Z'),
    });
    const [ben] = await app.db.select().from(conversations).where(eq(conversations.id, ids.ben));
    await sendPhysicianMessage({
      db: app.db,
      physicianId: ben?.physicianId ?? '',
      conversationId: ids.ben,
      body: 'Thanks for the invite.',
      tempMsgId: 'ben-1',
      now: new Date('2026-03-02T10:00:00.000Z'),
    });
    await sendEmployerMessage({
      db: app.db,
      owner,
      conversationId: ids.dev,
      body: 'Welcome aboard.',
      tempMsgId: 'dev-1',
      now: new Date('2026-02-01T10:00:00.000Z'),
    });
  });

  it('answers data as the array of conversations, newest activity first, each with its last message', async () => {
    const other = await employerWithConversation();
    const response = await callApi(app, 'GET', listUrl(employer.id), employer.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(Array.isArray(body.data)).toBe(true);
    const listed = body.data as TConversation[];
    expect(listed.map((conversation) => conversation._id)).toEqual([ids.ben, ids.ana, ids.dev, ids.cora]);
    expect(listed.map((conversation) => conversation._id)).not.toContain(other.conversationId);

    const [ben, ana, dev, cora] = listed;
    expect(ben).toMatchObject({
      applicant: { fullName: 'Dr. Ben Rook', photo: null, specialty: 'Family Medicine' },
      job: { _id: firstJobId, title: 'Family Physician, Austin' },
      matchId: expect.any(String),
      isArchived: false,
      employerCount: 1,
      updatedAt: '2026-03-02T10:00:00.000Z',
      lastMessage: { body: 'Thanks for the invite.', sender: 'employee', status: 2, chatId: ids.ben },
    });
    expect(ben?.messages).toEqual([ben?.lastMessage]);
    expect(ana).toMatchObject({
      employerCount: 0,
      lastMessage: { body: 'Are you free on Monday?', sender: 'employer', tempMsgId: 'ana-1' },
    });
    expect(dev?.job).toEqual({ _id: secondJobId, title: 'Sports Medicine, Round Rock' });
    const coraRow = await storedConversation(ids.cora);
    expect(cora).toMatchObject({
      messages: [],
      lastMessage: null,
      employerCount: 0,
      updatedAt: coraRow.createdAt.toISOString(),
    });
  });

  it('finds conversations by every word of the physician name', async () => {
    expect((await list(employer, 'queryText=rook')).map((item) => item._id)).toEqual([ids.ben, ids.dev]);
    expect((await list(employer, 'queryText=BEN%20rook')).map((item) => item._id)).toEqual([ids.ben]);
    expect((await list(employer, 'queryText=rook%20ben')).map((item) => item._id)).toEqual([ids.ben]);
    expect(await list(employer, 'queryText=nobody')).toEqual([]);
    expect(await list(employer, 'queryText=%25')).toEqual([]);
    const tooLong = await callApi(
      app,
      'GET',
      listUrl(employer.id, `queryText=${'a'.repeat(101)}`),
      employer.token,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/^queryText: /);
  });

  it("keeps one job's conversations", async () => {
    expect((await list(employer, `jobId=${secondJobId}`)).map((item) => item._id)).toEqual([ids.dev]);
    expect((await list(employer, `jobId=${firstJobId}`)).map((item) => item._id)).toEqual([
      ids.ben,
      ids.ana,
      ids.cora,
    ]);
    expect(await list(employer, `jobId=${UNKNOWN_ID}`)).toEqual([]);
    expect(await list(employer, 'jobId=not-a-job')).toEqual([]);
  });

  it('answers current conversations by default and archived ones when asked', async () => {
    await app.db.update(conversations).set({ isArchived: true }).where(eq(conversations.id, ids.ana));
    try {
      expect((await list(employer)).map((item) => item._id)).toEqual([ids.ben, ids.dev, ids.cora]);
      expect((await list(employer, 'archived=false')).map((item) => item._id)).toEqual([
        ids.ben,
        ids.dev,
        ids.cora,
      ]);
      const archived = await list(employer, 'archived=true');
      expect(archived.map((item) => item._id)).toEqual([ids.ana]);
      expect(archived[0]?.isArchived).toBe(true);
      const invalid = await callApi(app, 'GET', listUrl(employer.id, 'archived=maybe'), employer.token);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.message).toMatch(/^archived: /);
    } finally {
      await app.db.update(conversations).set({ isArchived: false }).where(eq(conversations.id, ids.ana));
    }
  });

  it('pages with pageSize and pageNumber', async () => {
    expect((await list(employer, 'pageSize=3&pageNumber=1')).map((item) => item._id)).toEqual([
      ids.ben,
      ids.ana,
      ids.dev,
    ]);
    expect((await list(employer, 'pageSize=3&pageNumber=2')).map((item) => item._id)).toEqual([ids.cora]);
    expect(await list(employer, 'pageSize=3&pageNumber=3')).toEqual([]);
    for (const query of ['pageSize=201', 'pageSize=0', 'pageNumber=0']) {
      const invalid = await callApi(app, 'GET', listUrl(employer.id, query), employer.token);
      expect(invalid.statusCode, query).toBe(400);
      expect(invalid.json().error.message).toMatch(/^page(Size|Number): /);
    }
    expect(await list(employer, 'pageSize=200')).toHaveLength(4);
  });

  it("refuses another user's id (403), a physician (403) and an anonymous caller (401)", async () => {
    const other = await employerWithConversation();
    const foreign = await callApi(app, 'GET', listUrl(other.employer.id), employer.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().success).toBe(false);
    const physician = await callApi(app, 'GET', listUrl(employer.id), other.physician.token);
    expect(physician.statusCode).toBe(403);
    expect((await callApi(app, 'GET', listUrl(employer.id), undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/employer/conversation/get-single-conversation/{conversationId}', () => {
  it("answers every message oldest first, the physician's too, and marks the conversation read", async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    for (const [index, at] of ['2026-03-01T09:00:00.000Z', '2026-03-02T09:00:00.000Z'].entries()) {
      await sendPhysicianMessage({
        db: app.db,
        physicianId: physician.profile._id,
        conversationId,
        body: index === 0 ? 'First' : 'Second',
        tempMsgId: `physician-${index}`,
        now: new Date(at),
      });
    }
    await sendEmployerMessage({
      db: app.db,
      owner: { userId: employer.id, organizationId: employer.organizationId },
      conversationId,
      body: 'Third',
      tempMsgId: 'employer-1',
      now: new Date('2026-03-03T09:00:00.000Z'),
    });
    expect((await storedConversation(conversationId)).employerUnread).toBe(2);
    expect((await list(employer))[0]?.employerCount).toBe(2);

    const response = await getSingle(employer.token, conversationId);
    expect(response.statusCode, response.body).toBe(200);
    const conversation = response.json().data as TConversation;
    expect(conversation.messages.map((message) => [message.body, message.sender])).toEqual([
      ['First', 'employee'],
      ['Second', 'employee'],
      ['Third', 'employer'],
    ]);
    expect(
      conversation.messages.every((message) => message.status === 2 && message.chatId === conversationId),
    ).toBe(true);
    expect(conversation.messages[0]?.sentTime).toBe('2026-03-01T09:00:00.000Z');
    expect(conversation.lastMessage).toEqual(conversation.messages[2]);
    expect(conversation.employerCount).toBe(0);
    expect(conversation.applicant).toMatchObject({ _id: physician.profile._id, fullName: 'Dr. Maya Okafor' });
    expect((await storedConversation(conversationId)).employerUnread).toBe(0);
    expect((await list(employer))[0]?.employerCount).toBe(0);
  });

  it("answers 404 for another organisation's, an unknown or a malformed conversation, 401 without a token", async () => {
    const mine = await employerWithConversation();
    const theirs = await employerWithConversation();
    await sendPhysicianMessage({
      db: app.db,
      physicianId: theirs.physician.profile._id,
      conversationId: theirs.conversationId,
      body: 'Hello',
      tempMsgId: 'hello',
    });
    for (const id of [theirs.conversationId, UNKNOWN_ID, 'not-a-conversation']) {
      const response = await getSingle(mine.employer.token, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(CONVERSATION_MESSAGES.notFound);
    }
    expect((await storedConversation(theirs.conversationId)).employerUnread).toBe(1);
    expect((await getSingle(undefined, mine.conversationId)).statusCode).toBe(401);
    expect((await getSingle(mine.physician.token, mine.conversationId)).statusCode).toBe(403);
  });
});

describe('POST /api/employer/conversation/send-message/{conversationId}', () => {
  it('answers the saved message, raises the physician unread count and tells the physician', async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    let response: Awaited<ReturnType<typeof send>> | undefined;
    const emitted = await captureEmits(app, `user:${physician.profile.userId}`, async () => {
      response = await send(employer.token, conversationId, {
        body: '  Can we talk on Friday?  ',
        tempMsgId: 'tmp-1',
      });
    });
    expect(response?.statusCode, response?.body).toBe(200);
    const message = response?.json().data as TMessage;
    expect(message).toEqual({
      _id: expect.any(String),
      body: 'Can we talk on Friday?',
      status: 2,
      sentTime: expect.any(String),
      sender: 'employer',
      isDeleted: false,
      tempMsgId: 'tmp-1',
      chatId: conversationId,
      seq: 1,
      // The organisation sees which member wrote it; with no name given, their e-mail.
      senderName: expect.stringContaining('@clinic.example'),
    });
    expect(emitted).toEqual([{ event: 'onMessage', payload: { conversationId, message } }]);
    const stored = await storedConversation(conversationId);
    expect(stored.physicianUnread).toBe(1);
    expect(stored.employerUnread).toBe(0);
    expect(stored.lastMessageAt?.toISOString()).toBe(message.sentTime);
    expect((await list(employer))[0]).toMatchObject({ _id: conversationId, lastMessage: message });
  });

  it('answers the stored message again for a retry with the same tempMsgId, storing one copy', async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    const first = await send(employer.token, conversationId, { body: 'Hello', tempMsgId: 'retry-me' });
    expect(first.statusCode, first.body).toBe(200);
    let second: Awaited<ReturnType<typeof send>> | undefined;
    const emitted = await captureEmits(app, `user:${physician.profile.userId}`, async () => {
      second = await send(employer.token, conversationId, { body: 'Hello', tempMsgId: 'retry-me' });
    });
    expect(second?.statusCode, second?.body).toBe(200);
    expect(second?.json().data).toEqual(first.json().data);
    expect(emitted).toEqual([]);
    const rows = await app.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(rows).toHaveLength(1);
    expect((await storedConversation(conversationId)).physicianUnread).toBe(1);
  });

  it('refuses an empty message or a missing tempMsgId (400)', async () => {
    const { employer, conversationId } = await employerWithConversation();
    const empty = await send(employer.token, conversationId, { body: '   ', tempMsgId: 'tmp-empty' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('body: Write a message first.');
    const noTempId = await send(employer.token, conversationId, { body: 'Hello' });
    expect(noTempId.statusCode).toBe(400);
    expect(noTempId.json().error.message).toMatch(/^tempMsgId: /);
    expect(await app.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual(
      [],
    );
  });

  it("answers 404 for another organisation's or an unknown conversation, 401 without a token", async () => {
    const mine = await employerWithConversation();
    const theirs = await employerWithConversation();
    for (const id of [theirs.conversationId, UNKNOWN_ID, 'not-a-conversation']) {
      const response = await send(mine.employer.token, id, { body: 'Hello', tempMsgId: `tmp-${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(CONVERSATION_MESSAGES.notFound);
    }
    expect(
      await app.db.select().from(messages).where(eq(messages.conversationId, theirs.conversationId)),
    ).toEqual([]);
    expect(
      (await send(undefined, mine.conversationId, { body: 'Hello', tempMsgId: 'anon' })).statusCode,
    ).toBe(401);
    const asPhysician = await send(mine.physician.token, mine.conversationId, {
      body: 'Hello',
      tempMsgId: 'doc',
    });
    expect(asPhysician.statusCode).toBe(403);
  });
});

describe('DELETE /api/employer/conversation/delete-message/{conversationId}/{messageId}', () => {
  it('marks an own message deleted; it stays in the conversation', async () => {
    const { employer, conversationId } = await employerWithConversation();
    const sent = (
      await send(employer.token, conversationId, { body: 'Oops, wrong person', tempMsgId: 'oops' })
    ).json().data as TMessage;
    const response = await remove(employer.token, conversationId, sent._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...sent, isDeleted: true, body: '' });

    const single = (await getSingle(employer.token, conversationId)).json().data as TConversation;
    expect(single.messages).toEqual([{ ...sent, isDeleted: true, body: '' }]);
    expect(single.lastMessage?.isDeleted).toBe(true);
    const [row] = await app.db.select().from(messages).where(eq(messages.id, sent._id));
    expect(row).toMatchObject({ isDeleted: true, body: 'Oops, wrong person' });

    const again = await remove(employer.token, conversationId, sent._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.isDeleted).toBe(true);
  });

  it("refuses the physician's message (403) and an unknown message (404)", async () => {
    const { employer, physician, conversationId } = await employerWithConversation();
    const theirs = await sendPhysicianMessage({
      db: app.db,
      physicianId: physician.profile._id,
      conversationId,
      body: 'Looking forward to it.',
      tempMsgId: 'doc-1',
    });
    const forbidden = await remove(employer.token, conversationId, theirs.message._id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('You can only delete your own messages.');
    const [row] = await app.db.select().from(messages).where(eq(messages.id, theirs.message._id));
    expect(row?.isDeleted).toBe(false);

    const other = await acceptedConversation(employer, (await postAnotherJob(app, employer))._id);
    const elsewhere = (
      await send(employer.token, other.conversationId, { body: 'Hi', tempMsgId: 'x' })
    ).json().data as TMessage;
    for (const messageId of [UNKNOWN_ID, 'not-a-message', elsewhere._id]) {
      const response = await remove(employer.token, conversationId, messageId);
      expect(response.statusCode, messageId).toBe(404);
      expect(response.json().error.message).toBe(CONVERSATION_MESSAGES.messageNotFound);
    }
  });

  it("answers 404 for another organisation's conversation, 401 without a token", async () => {
    const mine = await employerWithConversation();
    const theirs = await employerWithConversation();
    const sent = (
      await send(theirs.employer.token, theirs.conversationId, { body: 'Hi', tempMsgId: 't' })
    ).json().data as TMessage;
    const response = await remove(mine.employer.token, theirs.conversationId, sent._id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(CONVERSATION_MESSAGES.notFound);
    const [row] = await app.db.select().from(messages).where(eq(messages.id, sent._id));
    expect(row?.isDeleted).toBe(false);
    expect((await remove(undefined, theirs.conversationId, sent._id)).statusCode).toBe(401);
  });
});
