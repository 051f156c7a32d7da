import { CONVERSATION_MESSAGES, type TConversation } from '@medhire/contract/conversations';
import type { TPhysicianConversationList } from '@medhire/contract/physicians';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema/billing.ts';
import { conversationChanges, conversations, notifications } from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  postAnotherJob,
  type SignedInPhysician,
  signedInPhysician,
} from '../employee/physician-kit.ts';
import { addMember } from './team-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Employer = Awaited<ReturnType<typeof employerWithOpenJob>>['employer'];

function start(token: string | undefined, applicationId: string) {
  return callApi(app, 'POST', `/api/employer/conversation/start-conversation/${applicationId}`, token);
}

/** The physician applies to the job through the physician API; answers the application id. */
async function applyThroughApi(physician: SignedInPhysician, jobId: string): Promise<string> {
  const applied = await callApi(app, 'POST', `/api/employee/job/apply/${jobId}`, physician.token, {});
  expect(applied.statusCode, applied.body).toBe(200);
  return applied.json().data._id as string;
}

/** An employer with an open job and a physician who applied to it. */
async function employerWithApplicant() {
  const { employer, job } = await employerWithOpenJob(app, { title: 'Hospitalist, Austin' });
  const physician = await signedInPhysician(app, { register: { firstName: 'Lena', lastName: 'Marsh' } });
  const applicationId = await applyThroughApi(physician, job._id);
  return { employer, job, physician, applicationId };
}

async function conversationsOf(physicianId: string) {
  return app.db.select().from(conversations).where(eq(conversations.physicianId, physicianId));
}

async function invitesLeft(organizationId: string): Promise<number | undefined> {
  const [row] = await app.db
    .select({ invitesLeft: subscriptions.invitesLeft })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId));
  return row?.invitesLeft;
}

async function physicianConversations(physician: SignedInPhysician) {
  const listed = await callApi(
    app,
    'GET',
    '/api/employee/conversation/get-all-conversation',
    physician.token,
  );
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().data as TPhysicianConversationList).conversations;
}

describe('POST /api/employer/conversation/start-conversation/{applicationId}', () => {
  it('opens a conversation about the job with the applicant, without spending an invite', async () => {
    const { employer, job, physician, applicationId } = await employerWithApplicant();
    const quotaBefore = await invitesLeft(employer.organizationId);
    expect(quotaBefore).toEqual(expect.any(Number));

    const response = await start(employer.token, applicationId);

    expect(response.statusCode, response.body).toBe(200);
    const conversation = response.json().data as TConversation;
    expect(conversation).toMatchObject({
      messages: [],
      lastMessage: null,
      employerCount: 0,
      applicant: { _id: physician.profile._id, fullName: 'Dr. Lena Marsh' },
      job: { _id: job._id, title: 'Hospitalist, Austin' },
      matchId: null,
      isArchived: false,
    });
    expect(await invitesLeft(employer.organizationId)).toBe(quotaBefore);
    const stored = await conversationsOf(physician.profile._id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: conversation._id,
      organizationId: employer.organizationId,
      jobId: job._id,
      matchId: null,
    });

    // The job filter of the employer's list finds it.
    const listed = await callApi(
      app,
      'GET',
      `/api/employer/conversation/get-all-conversation/${employer.id}?jobId=${job._id}`,
      employer.token,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data as TConversation[]).map((entry) => entry._id)).toEqual([conversation._id]);
  });

  it('lets the physician see the conversation and answer it, which notifies the employer', async () => {
    const { employer, physician, applicationId } = await employerWithApplicant();
    const conversationId = ((await start(employer.token, applicationId)).json().data as TConversation)._id;
    const sent = await callApi(
      app,
      'POST',
      `/api/employer/conversation/send-message/${conversationId}`,
      employer.token,
      { body: 'Thanks for applying. Could we talk this week?', tempMsgId: 'start-1' },
    );
    expect(sent.statusCode, sent.body).toBe(200);

    const seen = await physicianConversations(physician);
    expect(seen.map((entry) => entry._id)).toEqual([conversationId]);
    expect(seen[0]?.lastMessage?.body).toBe('Thanks for applying. Could we talk this week?');

    const answered = await callApi(
      app,
      'POST',
      `/api/employee/conversation/send-message/${conversationId}`,
      physician.token,
      { body: 'Thursday works for me.', tempMsgId: 'answer-1' },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const single = await callApi(
      app,
      'GET',
      `/api/employer/conversation/get-single-conversation/${conversationId}`,
      employer.token,
    );
    expect((single.json().data as TConversation).messages.map((message) => message.body)).toEqual([
      'Thanks for applying. Could we talk this week?',
      'Thursday works for me.',
    ]);
    const notified = await app.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, employer.id), eq(notifications.type, 'SEND_MSG_TO_EMPLOYER')));
    expect(notified.map((entry) => entry.data.conversation)).toEqual([conversationId]);
  });

  it('answers the conversation already open on a second call, without a second row', async () => {
    const { employer, physician, applicationId } = await employerWithApplicant();
    const first = (await start(employer.token, applicationId)).json().data as TConversation;

    const again = await start(employer.token, applicationId);

    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as TConversation)._id).toBe(first._id);
    expect(await conversationsOf(physician.profile._id)).toHaveLength(1);
  });

  it('opens one conversation when two members press Message at the same moment', async () => {
    const { employer, physician, applicationId } = await employerWithApplicant();
    const recruiter = await addMember(app, employer.organizationId, 'recruiter');

    const answers = await Promise.all([
      start(employer.token, applicationId),
      start(recruiter.token, applicationId),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => (answer.json().data as TConversation)._id);
    expect(second).toBe(first);
    expect(await conversationsOf(physician.profile._id)).toHaveLength(1);
  });

  it('answers the conversation an accepted invite opened for that job', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    const physician = await signedInPhysician(app);
    const applicationId = await applyThroughApi(physician, job._id);
    const match = await invite(app, employer, job._id, physician.profile._id);
    const accepted = await callApi(
      app,
      'PATCH',
      `/api/employee/match/respond/${match._id}`,
      physician.token,
      {
        status: 'accepted',
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const response = await start(employer.token, applicationId);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: accepted.json().data.conversationId,
      matchId: match._id,
    });
    expect(await conversationsOf(physician.profile._id)).toHaveLength(1);
  });

  it('lets an invite accepted later join the conversation already started for that job', async () => {
    const { employer, job, physician, applicationId } = await employerWithApplicant();
    const started = (await start(employer.token, applicationId)).json().data as TConversation;
    const match = await invite(app, employer, job._id, physician.profile._id);

    const accepted = await callApi(
      app,
      'PATCH',
      `/api/employee/match/respond/${match._id}`,
      physician.token,
      {
        status: 'accepted',
      },
    );

    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.conversationId).toBe(started._id);
    const stored = await conversationsOf(physician.profile._id);
    expect(stored.map((row) => [row.id, row.matchId])).toEqual([[started._id, match._id]]);
  });

  it('opens one conversation per job when the physician applied to two jobs', async () => {
    const { employer, job, physician, applicationId } = await employerWithApplicant();
    const other = await postAnotherJob(app, employer, { title: 'Nocturnist, Austin' });
    const otherApplicationId = await applyThroughApi(physician, other._id);

    const first = (await start(employer.token, applicationId)).json().data as TConversation;
    const second = (await start(employer.token, otherApplicationId)).json().data as TConversation;

    expect(first.job?._id).toBe(job._id);
    expect(second.job?._id).toBe(other._id);
    expect(second._id).not.toBe(first._id);
  });

  it('brings an archived conversation back to the inbox', async () => {
    const { employer, applicationId } = await employerWithApplicant();
    const { _id: conversationId } = (await start(employer.token, applicationId)).json().data as TConversation;
    const archived = await callApi(
      app,
      'PATCH',
      `/api/employer/conversation/archive/${conversationId}`,
      employer.token,
      {
        archived: true,
      },
    );
    expect(archived.statusCode, archived.body).toBe(200);

    const response = await start(employer.token, applicationId);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ _id: conversationId, isArchived: false });
    const changes = await app.db
      .select({ data: conversationChanges.data })
      .from(conversationChanges)
      .where(
        and(eq(conversationChanges.conversationId, conversationId), eq(conversationChanges.kind, 'archived')),
      );
    expect(changes.map((change) => change.data.archived)).toEqual([true, false]);
  });

  it('refuses an application id that is too long (400) and one that is not an id (404)', async () => {
    const { employer, physician } = await employerWithApplicant();

    const tooLong = await start(employer.token, 'x'.repeat(101));
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().success).toBe(false);

    const malformed = await start(employer.token, 'not-an-id');
    expect(malformed.statusCode, malformed.body).toBe(404);
    expect(malformed.json().error.message).toBe(CONVERSATION_MESSAGES.applicationNotFound);

    const unknown = await start(employer.token, UNKNOWN_ID);
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(await conversationsOf(physician.profile._id)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const { physician, applicationId } = await employerWithApplicant();

    const response = await start(undefined, applicationId);

    expect(response.statusCode, response.body).toBe(401);
    expect(await conversationsOf(physician.profile._id)).toHaveLength(0);
  });

  it('answers 404 for another organisation’s application and writes nothing', async () => {
    const { physician, applicationId } = await employerWithApplicant();
    const { employer: stranger } = await employerWithOpenJob(app);

    const response = await start(stranger.token, applicationId);

    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      error: { message: CONVERSATION_MESSAGES.applicationNotFound },
    });
    expect(await conversationsOf(physician.profile._id)).toHaveLength(0);
  });

  describe('team members', () => {
    let employer: Employer;
    let jobId: string;
    let physician: SignedInPhysician;
    let applicationId: string;

    beforeAll(async () => {
      let job: { _id: string };
      ({ employer, job, physician, applicationId } = await employerWithApplicant());
      jobId = job._id;
    });

    it('refuses a delegate a job not assigned to them (404) and writes nothing', async () => {
      const delegate = await addMember(app, employer.organizationId, 'delegate');

      const response = await start(delegate.token, applicationId);

      expect(response.statusCode, response.body).toBe(404);
      expect(await conversationsOf(physician.profile._id)).toHaveLength(0);
    });

    it('lets a delegate write to the applicants of a job assigned to them', async () => {
      const delegate = await addMember(app, employer.organizationId, 'delegate');
      await app.db.update(jobs).set({ assigneeUserId: delegate.id }).where(eq(jobs.id, jobId));

      const response = await start(delegate.token, applicationId);

      expect(response.statusCode, response.body).toBe(200);
      expect((response.json().data as TConversation).job?._id).toBe(jobId);
      expect(await conversationsOf(physician.profile._id)).toHaveLength(1);
    });

    it('lets a recruiter start it too, answering the same conversation', async () => {
      const recruiter = await addMember(app, employer.organizationId, 'recruiter');

      const response = await start(recruiter.token, applicationId);

      expect(response.statusCode, response.body).toBe(200);
      expect(await conversationsOf(physician.profile._id)).toHaveLength(1);
    });
  });
});
