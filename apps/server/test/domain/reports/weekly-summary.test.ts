import type { TPipelineStatus } from '@medhire/contract/matches';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { applicationEvents, applications, conversations, messages } from '../../../src/db/schema/hiring.ts';
import { weeklySummaryOptOuts, weeklySummarySends } from '../../../src/db/schema/weekly-summary.ts';
import type { Mailer, MailMessage } from '../../../src/domain/mail/mailer.ts';
import { getWeeklyFigures, organizationScope } from '../../../src/domain/reports/get-report.ts';
import {
  previousWeek,
  queueWeeklySummaries,
  sendWeeklySummary,
  WEEKLY_SUMMARY_QUEUE,
  type WeeklySummaryJob,
} from '../../../src/domain/reports/weekly-summary.ts';
import { QUEUE_SCHEMA } from '../../../src/queue/enqueue-job.ts';
import { buildTestApp, TEST_JWT_SECRET } from '../../helper.ts';
import { callApi, createPhysicians } from '../../routes/employer/applicant-kit.ts';
import { createJobThroughApi, minimalJobBody } from '../../routes/employer/job-kit.ts';
import { addMember, type TeamMember, teamOwner } from '../../routes/employer/team-kit.ts';

/**
 * One organisation's week of Nov 16–22 2026 (UTC), every figure computed by hand; the summary
 * goes out on Monday Nov 23.
 *
 *   p1 applied Nov 16 10:00 → Interview Nov 17 → Offer Nov 19 → Hired Nov 21
 *   p2 applied Nov 18 → Interview Nov 20
 *   p3 applied Nov 22 23:00 (still Submitted)
 *   p4 applied Nov 2 (before the week) → Interview Nov 10 (before) → Offer Nov 16 00:00 (in the week)
 *   p5 applied Nov 23 00:00 (the next week) → Interview Nov 23 (next week)
 *
 *   new applicants 3 (p1, p2, p3); moved to interview 2 (p1, p2); to offer 2 (p1, p4); hired 1 (p1)
 *
 *   Conversation with p1: physician Nov 17 09:00, reply Nov 17 09:30 (30 min);
 *     physician Nov 18 12:00, reply Nov 18 13:30 (90 min)
 *   Conversation with p2: physician Nov 20 08:00, never answered
 *   → 3 physician messages, 2 replied, rate 0.6667, median first reply (30, 90) = 60 min
 */
const NOW = new Date('2026-11-23T08:00:00Z');
const WEEK: WeeklySummaryJob = { organizationId: '', weekStart: '2026-11-16' };
const at = (iso: string) => new Date(`2026-${iso}Z`);

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof teamOwner>>;
let admin: TeamMember;
let optedOutAdmin: TeamMember;
let recruiter: TeamMember;
let jobId: string;

async function addApplication(physicianId: string, timeline: [TPipelineStatus, string][]) {
  const [first] = timeline;
  const last = timeline.at(-1);
  if (!first || !last) throw new Error('A timeline needs a first stage.');
  const [row] = await app.db
    .insert(applications)
    .values({
      jobId,
      organizationId: owner.organizationId,
      physicianId,
      source: 'application',
      pipelineStatus: last[0],
      createdAt: at(first[1]),
    })
    .returning({ id: applications.id });
  let previous: TPipelineStatus | null = null;
  for (const [toStatus, when] of timeline) {
    await app.db.insert(applicationEvents).values({
      applicationId: row?.id ?? '',
      fromStatus: previous,
      toStatus,
      actor: previous === null ? 'physician' : 'employer',
      createdAt: at(when),
    });
    previous = toStatus;
  }
}

async function addConversation(physicianId: string, thread: ['physician' | 'owner', string][]) {
  const [conversation] = await app.db
    .insert(conversations)
    .values({ organizationId: owner.organizationId, physicianId, jobId, lastSeq: thread.length })
    .returning({ id: conversations.id });
  for (const [index, [who, when]] of thread.entries()) {
    await app.db.insert(messages).values({
      conversationId: conversation?.id ?? '',
      sender: who === 'physician' ? 'employee' : 'employer',
      senderUserId: who === 'physician' ? null : owner.id,
      body: `Message ${index + 1}`,
      seq: index + 1,
      createdAt: at(when),
    });
  }
}

/** A mailer that keeps what it is given; `failFor` makes sends to that address throw. */
function recordingMailer(failFor?: string): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (message.to === failFor) throw new Error('SMTP refused the message.');
      sent.push(message);
    },
    sendInBackground() {},
    async idle() {},
    async close() {},
  };
}

function send(mailer: Mailer, job: WeeklySummaryJob = { ...WEEK, organizationId: owner.organizationId }) {
  return sendWeeklySummary({
    db: app.db,
    mailer,
    publicUrl: 'https://medhire.test',
    secret: TEST_JWT_SECRET,
    job,
    now: NOW,
  });
}

beforeAll(async () => {
  app = await buildTestApp();
  // The tests run the jobs themselves; the app's own workers must not take them first.
  await app.queue.stopWorkers();
  owner = await teamOwner(app);
  admin = await addMember(app, owner.organizationId, 'admin');
  optedOutAdmin = await addMember(app, owner.organizationId, 'admin');
  recruiter = await addMember(app, owner.organizationId, 'recruiter');
  await app.db.insert(weeklySummaryOptOuts).values({ userId: optedOutAdmin.id });
  jobId = (await createJobThroughApi(app, owner, minimalJobBody({ title: 'Cardiologist' })))._id;
  const [p1 = '', p2 = '', p3 = '', p4 = '', p5 = ''] = await createPhysicians(app, [{}, {}, {}, {}, {}]);
  await addApplication(p1, [
    ['Submitted', '11-16T10:00:00'],
    ['Interview', '11-17T10:00:00'],
    ['Offer', '11-19T10:00:00'],
    ['Hired', '11-21T10:00:00'],
  ]);
  await addApplication(p2, [
    ['Submitted', '11-18T10:00:00'],
    ['Interview', '11-20T10:00:00'],
  ]);
  await addApplication(p3, [['Submitted', '11-22T23:00:00']]);
  await addApplication(p4, [
    ['Submitted', '11-02T10:00:00'],
    ['Interview', '11-10T10:00:00'],
    ['Offer', '11-16T00:00:00'],
  ]);
  await addApplication(p5, [
    ['Submitted', '11-23T00:00:00'],
    ['Interview', '11-23T01:00:00'],
  ]);
  await addConversation(p1, [
    ['physician', '11-17T09:00:00'],
    ['owner', '11-17T09:30:00'],
    ['physician', '11-18T12:00:00'],
    ['owner', '11-18T13:30:00'],
  ]);
  await addConversation(p2, [['physician', '11-20T08:00:00']]);
});
afterAll(async () => {
  await app.close();
});

describe('the weekly summary’s week', () => {
  it('is the Monday-to-Monday week (UTC) before the one the schedule runs in', () => {
    expect(previousWeek(NOW)).toEqual({
      weekStart: '2026-11-16',
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    });
    // A late run on Sunday still summarises the week before its own.
    expect(previousWeek(new Date('2026-11-29T23:59:00Z')).weekStart).toBe('2026-11-16');
    // Across a year's end.
    expect(previousWeek(new Date('2027-01-04T08:00:00Z')).weekStart).toBe('2026-12-28');
  });
});

describe('getWeeklyFigures', () => {
  it('counts the hand-computed figures of the week', async () => {
    const scope = organizationScope(owner.organizationId, at('11-16T00:00:00'), at('11-23T00:00:00'));
    expect(await getWeeklyFigures(app.db, scope)).toEqual({
      newApplicants: 3,
      movedToInterview: 2,
      movedToOffer: 2,
      movedToHired: 1,
      physicianMessages: 3,
      replied: 2,
      responseRate: 0.6667,
      medianReplyMinutes: 60,
    });
  });
});

describe('sendWeeklySummary', () => {
  it('mails the owner and admins who did not opt out, once per week however often it runs', async () => {
    const mailer = recordingMailer();
    expect(await send(mailer)).toBe(2);
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual([admin.email, owner.email].sort());
    expect(mailer.sent.map((mail) => mail.to)).not.toContain(recruiter.email);
    expect(mailer.sent.map((mail) => mail.to)).not.toContain(optedOutAdmin.email);

    const [mail] = mailer.sent;
    expect(mail?.subject).toContain('Nov 16 – Nov 22');
    for (const line of [
      'New applicants: 3',
      'Moved to interview: 2',
      'Moved to offer: 2',
      'Hired: 1',
      'Response rate: 67% (2 of 3 messages)',
      'Median first reply: 1 h',
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.text).toContain(
      'https://medhire.test/api/employer/notification/unsubscribe-weekly-summary?token=',
    );
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/medhire\.test\/api\/employer\/notification\/unsubscribe-weekly-summary\?token=/,
    );

    // The job runs again (a retry, a second instance): nobody is mailed twice.
    const again = recordingMailer();
    expect(await send(again)).toBe(0);
    expect(again.sent).toEqual([]);
    const logged = await app.db
      .select()
      .from(weeklySummarySends)
      .where(eq(weeklySummarySends.organizationId, owner.organizationId));
    expect(logged.filter((row) => row.weekStart === WEEK.weekStart)).toHaveLength(2);
  });

  it('lets a failed send be retried for that member alone', async () => {
    const job = { organizationId: owner.organizationId, weekStart: '2026-11-09' };
    const failing = recordingMailer(admin.email);
    await expect(send(failing, job)).rejects.toThrow('SMTP refused');
    expect(failing.sent.map((mail) => mail.to)).toEqual([owner.email]);

    const retry = recordingMailer();
    expect(await send(retry, job)).toBe(1);
    expect(retry.sent.map((mail) => mail.to)).toEqual([admin.email]);
  });

  it('respects an opt-out made through the e-mail’s unsubscribe link', async () => {
    const job = { organizationId: owner.organizationId, weekStart: '2026-11-02' };
    const first = recordingMailer();
    await send(first, { organizationId: owner.organizationId, weekStart: '2026-10-26' });
    const adminMail = first.sent.find((mail) => mail.to === admin.email);
    const link = new URL(adminMail?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? 'https://x');
    const unsubscribed = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain('weekly hiring summary');

    const next = recordingMailer();
    expect(await send(next, job)).toBe(1);
    expect(next.sent.map((mail) => mail.to)).toEqual([owner.email]);

    const forged = await app.inject({
      method: 'GET',
      url: `${link.pathname}?token=${encodeURIComponent(`${Buffer.from(owner.id).toString('base64url')}.forged`)}`,
    });
    expect(forged.statusCode).toBe(400);
    await app.db.delete(weeklySummaryOptOuts).where(eq(weeklySummaryOptOuts.userId, admin.id));
  });

  it('leaves out archived members and sends nothing for an organisation without recipients', async () => {
    const lonely = await teamOwner(app);
    await app.db.insert(weeklySummaryOptOuts).values({ userId: lonely.id });
    const mailer = recordingMailer();
    expect(await send(mailer, { organizationId: lonely.organizationId, weekStart: WEEK.weekStart })).toBe(0);
    expect(mailer.sent).toEqual([]);
  });
});

describe('queueWeeklySummaries', () => {
  it('queues one job per organisation and week, even when the schedule fires twice', async () => {
    const jobsFor = async (organizationId: string) => {
      const rows = (await app.db.execute(
        sql`select data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${WEEKLY_SUMMARY_QUEUE}
          and data->>'organizationId' = ${organizationId}`,
      )) as unknown as { data: WeeklySummaryJob }[];
      return rows.map((row) => row.data);
    };
    await queueWeeklySummaries({ db: app.db, now: NOW });
    await queueWeeklySummaries({ db: app.db, now: new Date('2026-11-23T08:05:00Z') });
    expect(await jobsFor(owner.organizationId)).toEqual([
      { organizationId: owner.organizationId, weekStart: '2026-11-16' },
    ]);
    await queueWeeklySummaries({ db: app.db, now: new Date('2026-11-30T08:00:00Z') });
    expect((await jobsFor(owner.organizationId)).map((job) => job.weekStart).sort()).toEqual([
      '2026-11-16',
      '2026-11-23',
    ]);
  });
});

describe('the weekly summary setting', () => {
  const url = (userId: string) => `/employer/notification/weekly-summary/${userId}`;

  it('is on for owners and admins until they turn it off, and says a recruiter does not get it', async () => {
    const member = await addMember(app, owner.organizationId, 'admin');
    const read = await callApi(app, 'GET', url(member.id), member.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ isEligible: true, isEnabled: true });

    const off = await callApi(app, 'PATCH', url(member.id), member.token, { isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ isEligible: true, isEnabled: false });
    const mailer = recordingMailer();
    await send(mailer, { organizationId: owner.organizationId, weekStart: '2026-10-19' });
    expect(mailer.sent.map((mail) => mail.to)).not.toContain(member.email);

    const on = await callApi(app, 'PATCH', url(member.id), member.token, { isEnabled: true });
    expect(on.json().data).toEqual({ isEligible: true, isEnabled: true });

    const recruiterRead = await callApi(app, 'GET', url(recruiter.id), recruiter.token);
    expect(recruiterRead.json().data).toEqual({ isEligible: false, isEnabled: true });
  });

  it('answers 400 to a body that is not a yes or no, and changes nothing', async () => {
    for (const payload of [{}, { isEnabled: 'no' }, { isEnabled: null }]) {
      const response = await callApi(app, 'PATCH', url(admin.id), admin.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    const [row] = await app.db
      .select()
      .from(weeklySummaryOptOuts)
      .where(eq(weeklySummaryOptOuts.userId, admin.id));
    expect(row).toBeUndefined();
  });

  it('answers 403 for another member’s setting, and 401 without a session', async () => {
    const response = await callApi(app, 'PATCH', url(owner.id), admin.token, { isEnabled: false });
    expect(response.statusCode).toBe(403);
    const [row] = await app.db
      .select()
      .from(weeklySummaryOptOuts)
      .where(eq(weeklySummaryOptOuts.userId, owner.id));
    expect(row).toBeUndefined();
    expect((await callApi(app, 'GET', url(owner.id))).statusCode).toBe(401);
  });
});

describe('archived members', () => {
  it('get no summary', async () => {
    const gone = await addMember(app, owner.organizationId, 'admin');
    await app.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, gone.id));
    const mailer = recordingMailer();
    await send(mailer, { organizationId: owner.organizationId, weekStart: '2026-10-12' });
    expect(mailer.sent.map((mail) => mail.to)).not.toContain(gone.email);
    expect(mailer.sent.map((mail) => mail.to)).toContain(owner.email);
  });
});
