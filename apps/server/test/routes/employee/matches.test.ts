import { MATCH_MESSAGES, type TMatchUpdate } from '@medhire/contract/matches';
import { PHYSICIAN_MESSAGES, type TPhysicianMatch } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { subscriptions } from '../../../src/db/schema/billing.ts';
import {
  applicationEvents,
  applications,
  conversations,
  matches,
  messages,
  notifications,
} from '../../../src/db/schema/hiring.ts';
import { syncMembers } from '../../../src/domain/billing/subscription-view.ts';
import { buildTestApp } from '../../helper.ts';
import { captureEmits } from '../conventions-kit.ts';
import { callApi, employerWithOpenJob, invite, signedInPhysician } from './physician-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

function respond(matchId: string, token: string, status: unknown) {
  return callApi(app, 'PATCH', `/api/employee/match/respond/${matchId}`, token, { status });
}

/** Sets the invites left of the employer's organisation's subscription (and so of its members). */
async function setInvitesLeft(userId: string, invitesLeft: number) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  const organizationId = user?.organizationId ?? '';
  await app.db
    .update(subscriptions)
    .set({ invitesLeft })
    .where(eq(subscriptions.organizationId, organizationId));
  await syncMembers(app.db, organizationId, new Date());
}

async function invitesLeftOf(userId: string) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  return user?.subscriptionMeta.invitesLeft;
}

function notificationsOf(
  userId: string,
  type: 'INVITE_ACCEPTED' | 'INVITE_REJECTED' | 'SEND_MSG_TO_EMPLOYER',
) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe('GET /api/employee/match/get-all-matches', () => {
  it("lists the physician's own invites, newest first, filtered by status and paged", async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Family Physician, Austin' });
    const { employer: other, job: otherJob } = await employerWithOpenJob(app, {
      title: 'Family Physician, Waco',
    });
    const physician = await signedInPhysician(app);
    const bystander = await signedInPhysician(app);
    const first = await invite(app, employer, job._id, physician.profile._id);
    const second = await invite(app, other, otherJob._id, physician.profile._id);
    await invite(app, employer, job._id, bystander.profile._id);
    await respond(first._id, physician.token, 'declined');

    const all = await callApi(app, 'GET', '/api/employee/match/get-all-matches', physician.token);
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.total).toBe(2);
    expect(data.matches.map((match: TPhysicianMatch) => match._id)).toEqual([second._id, first._id]);
    expect(data.matches[0]).toEqual({
      _id: second._id,
      status: 'pending',
      job: { _id: otherJob._id, title: 'Family Physician, Waco' },
      organization: { _id: other.organizationId, name: 'Hill Country Pediatrics' },
      message: null,
      createdAt: second.createdAt,
      respondedAt: null,
      conversationId: null,
    });

    const pending = await callApi(
      app,
      'GET',
      '/api/employee/match/get-all-matches?status=pending',
      physician.token,
    );
    expect(pending.json().data.matches.map((match: TPhysicianMatch) => match._id)).toEqual([second._id]);
    const paged = await callApi(
      app,
      'GET',
      '/api/employee/match/get-all-matches?pageSize=1&pageNumber=2',
      physician.token,
    );
    expect(paged.json().data).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(paged.json().data.matches.map((match: TPhysicianMatch) => match._id)).toEqual([first._id]);

    const invalid = await callApi(
      app,
      'GET',
      '/api/employee/match/get-all-matches?status=maybe',
      physician.token,
    );
    expect(invalid.statusCode).toBe(400);
  });
});

describe('PATCH /api/employee/match/respond/{matchId}', () => {
  it('accepting opens a conversation, shortlists the physician, spends an invite and notifies the employers', async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Clinic Lead' });
    await setInvitesLeft(employer.id, 3);
    const physician = await signedInPhysician(app);
    const match = await invite(app, employer, job._id, physician.profile._id);

    let response: Awaited<ReturnType<typeof respond>> | undefined;
    const emitted = await captureEmits(app, `user:${employer.id}`, async () => {
      response = await respond(match._id, physician.token, 'accepted');
    });
    expect(response?.statusCode, response?.body).toBe(200);
    const answered = response?.json().data as TPhysicianMatch;
    expect(answered).toMatchObject({
      _id: match._id,
      status: 'accepted',
      job: { _id: job._id, title: 'Clinic Lead' },
    });
    expect(answered.respondedAt).not.toBeNull();
    expect(answered.conversationId).toEqual(expect.any(String));

    const [conversation] = await app.db
      .select()
      .from(conversations)
      .where(eq(conversations.matchId, match._id));
    expect(conversation).toMatchObject({
      id: answered.conversationId,
      organizationId: employer.organizationId,
      physicianId: physician.profile._id,
      jobId: job._id,
    });
    const [application] = await app.db
      .select()
      .from(applications)
      .where(and(eq(applications.jobId, job._id), eq(applications.physicianId, physician.profile._id)));
    expect(application).toMatchObject({ source: 'match', pipelineStatus: 'Shortlisted' });
    const events = await app.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, application?.id ?? ''));
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'Shortlisted', actor: 'physician' }),
    ]);
    expect(await invitesLeftOf(employer.id)).toBe(2);

    const [notification] = await notificationsOf(employer.id, 'INVITE_ACCEPTED');
    expect(notification?.data).toEqual({
      matchId: match._id,
      jobId: job._id,
      physicianId: physician.profile._id,
      conversation: answered.conversationId,
    });

    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.event).toBe('onNewMatch');
    const update = emitted[0]?.payload as TMatchUpdate;
    expect(update).toMatchObject({
      _id: match._id,
      status: 'accepted',
      conversationId: answered.conversationId,
      applicant: { _id: physician.profile._id },
      subscriptionMeta: { invitesLeft: 2 },
    });

    const [stored] = await app.db.select().from(matches).where(eq(matches.id, match._id));
    expect(stored?.respondedAt).toBeInstanceOf(Date);
  });

  it('never takes invites below zero and keeps an existing application where it is', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    const applied = await callApi(app, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const match = await invite(app, employer, job._id, physician.profile._id);
    // The plan's invites ran out while this invite was pending.
    await setInvitesLeft(employer.id, 0);

    const response = await respond(match._id, physician.token, 'accepted');
    expect(response.statusCode, response.body).toBe(200);
    expect(await invitesLeftOf(employer.id)).toBe(0);
    const rows = await app.db
      .select()
      .from(applications)
      .where(eq(applications.physicianId, physician.profile._id));
    expect(rows).toEqual([expect.objectContaining({ source: 'application', pipelineStatus: 'Submitted' })]);
  });

  it('declining notifies the employers and opens nothing', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    await setInvitesLeft(employer.id, 4);
    const physician = await signedInPhysician(app);
    const match = await invite(app, employer, job._id, physician.profile._id);

    const response = await respond(match._id, physician.token, 'declined');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'declined', conversationId: null });
    expect(await invitesLeftOf(employer.id)).toBe(4);
    expect(
      await app.db.select().from(conversations).where(eq(conversations.matchId, match._id)),
    ).toHaveLength(0);
    expect(
      await app.db.select().from(applications).where(eq(applications.physicianId, physician.profile._id)),
    ).toHaveLength(0);
    const [notification] = await notificationsOf(employer.id, 'INVITE_REJECTED');
    expect(notification?.data).toEqual({
      matchId: match._id,
      jobId: job._id,
      physicianId: physician.profile._id,
    });
  });

  it("answers 404 for another physician's match and for unknown ids", async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const invited = await signedInPhysician(app);
    const intruder = await signedInPhysician(app);
    const match = await invite(app, employer, job._id, invited.profile._id);
    for (const matchId of [match._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await respond(matchId, intruder.token, 'accepted');
      expect(response.statusCode, matchId).toBe(404);
      expect(response.json().error.message).toBe(MATCH_MESSAGES.notFound);
    }
    const [stored] = await app.db.select().from(matches).where(eq(matches.id, match._id));
    expect(stored?.status).toBe('pending');
  });

  it('refuses to change a final match (422) and an answer other than accept or decline (400)', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    const match = await invite(app, employer, job._id, physician.profile._id);
    const invalid = await respond(match._id, physician.token, 'cancelled');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain('Answer with accepted or declined.');

    expect((await respond(match._id, physician.token, 'declined')).statusCode).toBe(200);
    const again = await respond(match._id, physician.token, 'accepted');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(MATCH_MESSAGES.alreadyFinal('declined'));
    expect(await notificationsOf(employer.id, 'INVITE_ACCEPTED')).toHaveLength(0);
  });
});

describe('conversations', () => {
  async function acceptedConversation() {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Primary Care Physician' });
    const physician = await signedInPhysician(app);
    const match = await invite(app, employer, job._id, physician.profile._id);
    const accepted = await respond(match._id, physician.token, 'accepted');
    return { employer, job, physician, conversationId: accepted.json().data.conversationId as string };
  }

  function send(conversationId: string, token: string, payload: unknown) {
    return callApi(app, 'POST', `/api/employee/conversation/send-message/${conversationId}`, token, payload);
  }

  it('sends a message once per tempMsgId, raises the unread count, notifies and emits once', async () => {
    const { employer, physician, conversationId } = await acceptedConversation();
    let first: Awaited<ReturnType<typeof send>> | undefined;
    let retry: Awaited<ReturnType<typeof send>> | undefined;
    const emitted = await captureEmits(app, `user:${employer.id}`, async () => {
      first = await send(conversationId, physician.token, {
        body: ' Happy to talk on Friday. ',
        tempMsgId: 'tmp-1',
      });
      retry = await send(conversationId, physician.token, {
        body: 'Happy to talk on Friday.',
        tempMsgId: 'tmp-1',
      });
    });
    expect(first?.statusCode, first?.body).toBe(200);
    const sent = first?.json().data;
    expect(sent).toMatchObject({
      conversationId,
      message: {
        body: 'Happy to talk on Friday.',
        status: 2,
        sender: 'employee',
        tempMsgId: 'tmp-1',
        chatId: conversationId,
      },
    });
    expect(retry?.statusCode).toBe(200);
    expect(retry?.json().data).toEqual(sent);

    expect(
      await app.db.select().from(messages).where(eq(messages.conversationId, conversationId)),
    ).toHaveLength(1);
    const [conversation] = await app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation?.employerUnread).toBe(1);
    expect(conversation?.lastMessageAt).toBeInstanceOf(Date);
    const notified = await notificationsOf(employer.id, 'SEND_MSG_TO_EMPLOYER');
    expect(notified.map((row) => row.data)).toEqual([{ conversation: conversationId }]);
    expect(emitted).toEqual([{ event: 'onMessage', payload: sent }]);

    const list = await callApi(
      app,
      'GET',
      '/api/employee/conversation/get-all-conversation',
      physician.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1 });
    expect(list.json().data.conversations[0]).toMatchObject({
      _id: conversationId,
      organization: { _id: employer.organizationId },
      job: { title: 'Primary Care Physician' },
      messages: [sent.message],
      lastMessage: sent.message,
      physicianCount: 0,
    });
  });

  it("refuses another physician's conversation (404) and an empty message (400)", async () => {
    const { physician, conversationId } = await acceptedConversation();
    const intruder = await signedInPhysician(app);
    const foreign = await send(conversationId, intruder.token, { body: 'Hello', tempMsgId: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(PHYSICIAN_MESSAGES.conversationNotFound);
    const empty = await send(conversationId, physician.token, { body: '   ', tempMsgId: 'y' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Write a message first.');
    const listed = await callApi(
      app,
      'GET',
      '/api/employee/conversation/get-all-conversation',
      intruder.token,
    );
    expect(listed.json().data).toMatchObject({ conversations: [], total: 0 });
  });
});
