import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TInterview } from '@medhire/contract/interviews';
import { NOTIFICATION_TYPES } from '@medhire/contract/notifications';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, pushTokens } from '../../../src/db/schema/accounts.ts';
import { notificationPreferences } from '../../../src/db/schema/notifications.ts';
import {
  INTERVIEW_REMINDER_PUSH_QUEUE,
  type InterviewReminderPushJob,
  type InterviewReminderPushPayload,
  sendInterviewReminderPush,
} from '../../../src/domain/interviews/interview-reminder-push.ts';
import {
  INTERVIEW_REMINDER_QUEUE,
  type InterviewReminderJob,
  sendInterviewReminder,
} from '../../../src/domain/interviews/interview-reminders.ts';
import type { Mailer, MailMessage } from '../../../src/domain/mail/mailer.ts';
import { QUEUE_SCHEMA } from '../../../src/queue/enqueue-job.ts';
import { buildTestApp } from '../../helper.ts';
import { browserKeys, decryptPush, startPushService, type TestPushService } from '../../push-service-kit.ts';
import { callApi } from '../../routes/employer/applicant-kit.ts';
import {
  type Applicant,
  applicantOf,
  fixedBody,
  hoursFromNow,
  interviewTeam,
  scheduled,
} from '../../routes/employer/interviews-kit.ts';

/**
 * Interview reminders by Web Push, where enabled: each recipient with a browser subscribed whose
 * preferences allow it gets one push per reminder (queued with the reminder's row, sent by the
 * push queue), the others none; never twice, never for a cancelled interview or an old time. The
 * pushes are sent here to a local push service and decrypted as the browser would.
 */
let app: FastifyInstance;
let team: Awaited<ReturnType<typeof interviewTeam>>;
let organizationName = '';
let workDir: string;
let pushService: TestPushService;

beforeAll(async () => {
  app = await buildTestApp();
  team = await interviewTeam(app);
  const [organization] = await app.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, team.owner.organizationId));
  organizationName = organization?.name ?? '';
  workDir = mkdtempSync(path.join(tmpdir(), 'medhire-reminder-push-'));
  pushService = await startPushService(workDir);
});
afterAll(async () => {
  await pushService?.close();
  rmSync(workDir, { recursive: true, force: true });
  await app.close();
});

function recordingMailer(failOn: number[] = []): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  let calls = 0;
  return {
    sent,
    async send(message) {
      calls += 1;
      if (failOn.includes(calls)) throw new Error('worker stopped');
      sent.push(message);
    },
    sendInBackground() {},
    async idle() {},
    async close() {},
  };
}

type Keys = ReturnType<typeof browserKeys>;

/** A browser subscribed for `userId` (stored as save-fcm-token stores it); `gone` ones answer 410. */
async function subscribe(userId: string, { gone = false } = {}): Promise<{ keys: Keys; path: string }> {
  const keys = browserKeys();
  const pathname = `/${gone ? 'gone' : 'ok'}/${userId}/${randomUUID()}`;
  const endpoint = `${pushService.origin}${pathname}`;
  await app.db.insert(pushTokens).values({
    userId,
    endpoint,
    value: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }),
  });
  return { keys, path: pathname };
}

async function pushOff(userId: string, types: readonly string[]): Promise<void> {
  await app.db
    .insert(notificationPreferences)
    .values(types.map((type) => ({ userId, type: type as 'APPLY_ON_JOB', push: false })));
}

async function jobsOf<T>(queue: string, interviewId: string): Promise<T[]> {
  type Row = { data: T };
  const result = await app.db.execute<Row>(
    sql`select data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${queue} and data->>'interviewId' = ${interviewId} order by created_on, id`,
  );
  const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
  return rows.map((row) => row.data);
}

async function reminderJobs(
  interviewId: string,
): Promise<{ dayBefore: InterviewReminderJob; twoHours: InterviewReminderJob }> {
  const jobs = await jobsOf<InterviewReminderJob>(INTERVIEW_REMINDER_QUEUE, interviewId);
  const dayBefore = jobs.find((job) => job.kind === '24h');
  const twoHours = jobs.find((job) => job.kind === '2h');
  if (!dayBefore || !twoHours) throw new Error('reminders missing');
  return { dayBefore, twoHours };
}

const pushJobs = (interviewId: string) =>
  jobsOf<InterviewReminderPushJob>(INTERVIEW_REMINDER_PUSH_QUEUE, interviewId);

/** The moment a reminder job runs: its lead before the start. */
function momentOf(job: InterviewReminderJob): Date {
  return new Date(new Date(job.startsAt).getTime() - (job.kind === '24h' ? 24 : 2) * 3_600_000);
}

function remind(job: InterviewReminderJob, mailer: Mailer = recordingMailer()) {
  return sendInterviewReminder({
    db: app.db,
    mailer,
    publicUrl: app.config.publicUrl,
    secret: app.config.jwtSecret,
    job,
    now: momentOf(job),
  });
}

/** Runs queued push jobs as the push worker does, against the local push service. */
async function sendPushes(jobs: InterviewReminderPushJob[], now: Date) {
  const outcomes = [];
  for (const job of jobs) {
    outcomes.push(
      await sendInterviewReminderPush({
        db: app.db,
        job,
        vapid: app.config.vapid,
        allowedHosts: ['localhost'],
        now,
        agent: pushService.agent,
      }),
    );
  }
  return outcomes;
}

const arrivedAt = (pathname: string) => pushService.received.filter((push) => push.path === pathname);

async function scheduleAt(
  startsAt: Date,
  firstName: string,
): Promise<{ interview: TInterview; applicant: Applicant }> {
  const applicant = await applicantOf(app, team.job._id, firstName);
  const interview = await scheduled(
    app,
    team.owner,
    applicant.applicationId,
    fixedBody([team.interviewer.id, team.recruiter.id], startsAt),
  );
  return { interview, applicant };
}

describe('interview reminders by Web Push', () => {
  it('pushes each reminder once to every browser of those who want it, in their zone, and none to the others', async () => {
    const startsAt = hoursFromNow(2000);
    const { interview, applicant } = await scheduleAt(startsAt, 'Pushy');
    const { dayBefore, twoHours } = await reminderJobs(interview._id);

    // The physician and the recruiter have a browser subscribed each; the recruiter reads times in
    // Berlin and turned push off for new applications only (reminders still come). The
    // interviewer has a browser but turned browser push off for every type: no push.
    const physicianBrowser = await subscribe(applicant.userId);
    const recruiterBrowser = await subscribe(team.recruiter.id);
    const interviewerBrowser = await subscribe(team.interviewer.id);
    await pushOff(team.recruiter.id, ['APPLY_ON_JOB']);
    await pushOff(team.interviewer.id, NOTIFICATION_TYPES);
    const saved = await callApi(
      app,
      'PATCH',
      '/employer/interview/update-my-availability',
      team.recruiter.token,
      {
        timeZone: 'Europe/Berlin',
        weeklyHours: [],
        exceptions: [],
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    // A first run stops before the first mail went out: nothing recorded, no push queued.
    await expect(remind(dayBefore, recordingMailer([1]))).rejects.toThrow('worker stopped');
    expect(await pushJobs(interview._id)).toEqual([]);

    expect(await remind(dayBefore)).toEqual({ sent: 3, pushes: 2, skipped: null });
    // Run again (a retry, a worker restarted): nothing more is queued.
    expect(await remind(dayBefore)).toEqual({ sent: 0, pushes: 0, skipped: null });
    const dayBeforePushes = await pushJobs(interview._id);
    expect(dayBeforePushes.map((job) => job.recipientUserId).sort()).toEqual(
      [applicant.userId, team.recruiter.id].sort(),
    );
    expect(await sendPushes(dayBeforePushes, momentOf(dayBefore))).toEqual(['sent', 'sent']);

    const at = (zone: string) =>
      DateTime.fromJSDate(startsAt, { zone }).setLocale('en-US').toFormat('h:mm a ZZZZ');
    const [toPhysician] = arrivedAt(physicianBrowser.path);
    const [toRecruiter] = arrivedAt(recruiterBrowser.path);
    if (!toPhysician || !toRecruiter) throw new Error('pushes missing');
    expect(arrivedAt(physicianBrowser.path)).toHaveLength(1);
    expect(arrivedAt(recruiterBrowser.path)).toHaveLength(1);
    expect(arrivedAt(interviewerBrowser.path)).toHaveLength(0);
    expect(toPhysician.headers.urgency).toBe('high');
    const physicianPayload = decryptPush<InterviewReminderPushPayload>(toPhysician, physicianBrowser.keys);
    expect(physicianPayload).toEqual({
      tag: `interview-reminder-${interview._id}-24h`,
      notification: {
        title: `Interview tomorrow at ${at('America/Chicago')}`,
        body: `${team.job.title} with ${organizationName}: video call at ${at('America/Chicago')}`,
        image: null,
        icon: null,
      },
      fcmOptions: { link: '/physician/interviews' },
    });
    const recruiterPayload = decryptPush<InterviewReminderPushPayload>(toRecruiter, recruiterBrowser.keys);
    expect(recruiterPayload.notification.title).toBe(`Interview tomorrow at ${at('Europe/Berlin')}`);
    expect(recruiterPayload.notification.body).toMatch(new RegExp(`^${team.job.title} with Dr\\. Pushy `));
    expect(recruiterPayload.fcmOptions.link).toBe(`/applicants/${applicant.physicianId}`);

    // The 2 h reminder: one more push each, once.
    expect(await remind(twoHours)).toEqual({ sent: 3, pushes: 2, skipped: null });
    expect(await remind(twoHours)).toEqual({ sent: 0, pushes: 0, skipped: null });
    const twoHourPushes = (await pushJobs(interview._id)).slice(2);
    expect(twoHourPushes).toHaveLength(2);
    expect(await sendPushes(twoHourPushes, momentOf(twoHours))).toEqual(['sent', 'sent']);
    expect(arrivedAt(physicianBrowser.path)).toHaveLength(2);
    expect(arrivedAt(recruiterBrowser.path)).toHaveLength(2);
    expect(arrivedAt(interviewerBrowser.path)).toHaveLength(0);
    const [, later] = arrivedAt(physicianBrowser.path);
    if (!later) throw new Error('push missing');
    expect(decryptPush<InterviewReminderPushPayload>(later, physicianBrowser.keys).notification.title).toBe(
      'Interview in 2 hours',
    );
  });

  it('a physician who turned push off for application updates gets none; no browser, no push', async () => {
    const { interview, applicant } = await scheduleAt(hoursFromNow(2010), 'Quiet');
    await subscribe(applicant.userId);
    await pushOff(applicant.userId, ['APPLICATION_STATUS']);
    const { dayBefore } = await reminderJobs(interview._id);
    // The recruiter and the interviewer of this team have browsers from the test above; the
    // interviewer has push off everywhere: only the recruiter's push is queued.
    expect(await remind(dayBefore)).toEqual({ sent: 3, pushes: 1, skipped: null });
    expect((await pushJobs(interview._id)).map((job) => job.recipientUserId)).toEqual([team.recruiter.id]);
  });

  it('pushes nothing for a cancelled interview, even one cancelled after its push was queued', async () => {
    const { interview, applicant } = await scheduleAt(hoursFromNow(2020), 'Cancelled');
    const browser = await subscribe(applicant.userId);
    const { dayBefore, twoHours } = await reminderJobs(interview._id);
    expect((await remind(dayBefore)).pushes).toBe(2);
    const queued = await pushJobs(interview._id);
    const cancelled = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      team.owner.token,
      { reason: 'The position was filled.' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await sendPushes(queued, momentOf(dayBefore))).toEqual(['skipped', 'skipped']);
    expect(await remind(twoHours)).toEqual({ sent: 0, pushes: 0, skipped: 'not-scheduled' });
    expect(await pushJobs(interview._id)).toHaveLength(2);
    expect(arrivedAt(browser.path)).toHaveLength(0);
  });

  it('pushes nothing for the old time of a moved interview; the new time gets its own', async () => {
    const oldStart = hoursFromNow(2030);
    const newStart = hoursFromNow(2060);
    const { interview, applicant } = await scheduleAt(oldStart, 'Moved');
    const browser = await subscribe(applicant.userId);
    const old = await reminderJobs(interview._id);
    expect((await remind(old.dayBefore)).pushes).toBe(2);
    const queuedForOldTime = await pushJobs(interview._id);
    const moved = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      { timing: { mode: 'fixed', startsAt: newStart.toISOString() } },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sendPushes(queuedForOldTime, momentOf(old.dayBefore))).toEqual(['skipped', 'skipped']);
    expect(await remind(old.twoHours)).toEqual({ sent: 0, pushes: 0, skipped: 'stale' });
    expect(arrivedAt(browser.path)).toHaveLength(0);

    const fresh = (await jobsOf<InterviewReminderJob>(INTERVIEW_REMINDER_QUEUE, interview._id)).find(
      (job) => job.kind === '24h' && job.startsAt === newStart.toISOString(),
    );
    if (!fresh) throw new Error('reminder of the new time missing');
    expect((await remind(fresh)).pushes).toBe(2);
    const queuedForNewTime = (await pushJobs(interview._id)).filter(
      (job) => job.startsAt === newStart.toISOString(),
    );
    expect(await sendPushes(queuedForNewTime, momentOf(fresh))).toEqual(['sent', 'sent']);
    expect(arrivedAt(browser.path)).toHaveLength(1);
  });

  it('removes a subscription the push service no longer knows (410)', async () => {
    const { interview, applicant } = await scheduleAt(hoursFromNow(2080), 'Gone');
    const browser = await subscribe(applicant.userId, { gone: true });
    const { dayBefore } = await reminderJobs(interview._id);
    await remind(dayBefore);
    const [toPhysician] = (await pushJobs(interview._id)).filter(
      (job) => job.recipientUserId === applicant.userId,
    );
    if (!toPhysician) throw new Error('push missing');
    expect(await sendPushes([toPhysician], momentOf(dayBefore))).toEqual(['gone']);
    expect(arrivedAt(browser.path)).toHaveLength(1);
    expect(await app.db.select().from(pushTokens).where(eq(pushTokens.userId, applicant.userId))).toEqual([]);
  });
});
