import type { TInterview } from '@medhire/contract/interviews';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interviewProposedSlots, interviewRemindersSent } from '../../../src/db/schema/interviews.ts';
import {
  INTERVIEW_REMINDER_QUEUE,
  type InterviewReminderJob,
  sendInterviewReminder,
} from '../../../src/domain/interviews/interview-reminders.ts';
import { pickInterviewSlot } from '../../../src/domain/interviews/physician-interviews.ts';
import type { Mailer, MailMessage } from '../../../src/domain/mail/mailer.ts';
import { type OutboxMessage, readOutbox } from '../../../src/domain/mail/outbox.ts';
import { QUEUE_SCHEMA } from '../../../src/queue/enqueue-job.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi } from '../../routes/employer/applicant-kit.ts';
import {
  type Applicant,
  applicantOf,
  fixedBody,
  HOUR_MS,
  hoursFromNow,
  interviewTeam,
  proposedBody,
  scheduled,
  waitForMails,
} from '../../routes/employer/interviews-kit.ts';

/**
 * Reminders 24 h and 2 h before an interview, to the physician and every interviewer: queued with
 * the change that sets the time, sent by the worker at their moment (run here directly, with the
 * clock it would have then), never for a cancelled interview or a time it no longer has, and never
 * twice, whatever happens to the worker between claiming a job and sending.
 */
let app: FastifyInstance;
let team: Awaited<ReturnType<typeof interviewTeam>>;

beforeAll(async () => {
  app = await buildTestApp();
  team = await interviewTeam(app);
});
afterAll(async () => {
  await app.close();
});

/** A mailer that records what it sends; `failOn` (1-based call numbers) throws instead, like a crash. */
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

interface QueuedReminder {
  data: InterviewReminderJob;
  startAfter: Date;
}

async function queuedReminders(interviewId: string): Promise<QueuedReminder[]> {
  type Row = { data: InterviewReminderJob; start_after: string | Date };
  const result = await app.db.execute<Row>(
    sql`select data, start_after from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${INTERVIEW_REMINDER_QUEUE} and data->>'interviewId' = ${interviewId} order by start_after`,
  );
  const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
  return rows.map((row) => ({ data: row.data, startAfter: new Date(row.start_after) }));
}

function run(job: InterviewReminderJob, now: Date, mailer: Mailer) {
  return sendInterviewReminder({
    db: app.db,
    mailer,
    publicUrl: app.config.publicUrl,
    secret: app.config.jwtSecret,
    job,
    now,
  });
}

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

describe('interview reminders', () => {
  it('queues the 24 h and 2 h reminders at their moments, and each goes out once to everyone', async () => {
    const startsAt = hoursFromNow(1500);
    const { interview, applicant } = await scheduleAt(startsAt, 'Remy');
    const queued = await queuedReminders(interview._id);
    expect(queued.map((job) => job.data.kind)).toEqual(['24h', '2h']);
    expect(queued.map((job) => job.startAfter.getTime())).toEqual([
      startsAt.getTime() - 24 * HOUR_MS,
      startsAt.getTime() - 2 * HOUR_MS,
    ]);
    for (const job of queued) expect(job.data.startsAt).toBe(startsAt.toISOString());

    // An interviewer with hours of their own reads the time in their zone; the others in the interview's.
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

    const mailer = recordingMailer();
    const [dayBefore, twoHoursBefore] = queued;
    if (!dayBefore || !twoHoursBefore) throw new Error('reminders missing');
    expect(await run(dayBefore.data, dayBefore.startAfter, mailer)).toEqual({
      sent: 3,
      pushes: 0,
      skipped: null,
    });
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(
      [applicant.email, team.interviewer.email, team.recruiter.email].sort(),
    );
    expect(mailer.sent.every((mail) => mail.subject.startsWith('Reminder: interview tomorrow'))).toBe(true);
    // The physician's mail carries their link; the interviewers' name the physician.
    const toPhysician = mailer.sent.find((mail) => mail.to === applicant.email);
    expect(toPhysician?.text).toContain('/physician/interview/');
    expect(mailer.sent.find((mail) => mail.to === team.interviewer.email)?.text).toContain('Dr. Remy');
    expect(toPhysician?.text).toContain('(America/Chicago)');
    expect(mailer.sent.find((mail) => mail.to === team.recruiter.email)?.text).toContain('(Europe/Berlin)');

    // The same job again (a retry, a duplicate delivery): nothing more.
    expect(await run(dayBefore.data, new Date(dayBefore.startAfter.getTime() + 60_000), mailer)).toEqual({
      sent: 0,
      pushes: 0,
      skipped: null,
    });
    expect(await run(twoHoursBefore.data, twoHoursBefore.startAfter, mailer)).toEqual({
      sent: 3,
      pushes: 0,
      skipped: null,
    });
    expect(await run(twoHoursBefore.data, twoHoursBefore.startAfter, mailer)).toEqual({
      sent: 0,
      pushes: 0,
      skipped: null,
    });
    expect(mailer.sent).toHaveLength(6);
    expect(
      mailer.sent.filter((mail) => mail.subject.startsWith('Reminder: interview in 2 hours')),
    ).toHaveLength(3);
    const rows = await app.db
      .select()
      .from(interviewRemindersSent)
      .where(eq(interviewRemindersSent.interviewId, interview._id));
    expect(rows).toHaveLength(6);
  });

  it('sends nothing once the interview has started (a worker far behind)', async () => {
    const startsAt = hoursFromNow(1510);
    const { interview } = await scheduleAt(startsAt, 'Late');
    const [dayBefore] = await queuedReminders(interview._id);
    if (!dayBefore) throw new Error('reminder missing');
    const mailer = recordingMailer();
    expect(await run(dayBefore.data, new Date(startsAt.getTime() + 60_000), mailer)).toEqual({
      sent: 0,
      pushes: 0,
      skipped: 'started',
    });
    expect(mailer.sent).toHaveLength(0);
  });

  it('queues no reminder whose moment has passed: under 24 h ahead only the 2 h one, under 2 h none', async () => {
    const soon = await scheduleAt(hoursFromNow(5), 'Soon');
    expect((await queuedReminders(soon.interview._id)).map((job) => job.data.kind)).toEqual(['2h']);
    const verySoon = await scheduleAt(hoursFromNow(1), 'Sooner');
    expect(await queuedReminders(verySoon.interview._id)).toEqual([]);
  });

  it('sends none after a cancellation', async () => {
    const { interview } = await scheduleAt(hoursFromNow(1520), 'Cancel');
    const queued = await queuedReminders(interview._id);
    expect(queued).toHaveLength(2);
    const cancelled = await callApi(
      app,
      'PATCH',
      `/employer/interview/cancel-interview/${interview._id}`,
      team.owner.token,
      { reason: 'The position was filled.' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mailer = recordingMailer();
    for (const job of queued) {
      expect(await run(job.data, job.startAfter, mailer)).toEqual({
        sent: 0,
        pushes: 0,
        skipped: 'not-scheduled',
      });
    }
    expect(mailer.sent).toHaveLength(0);
  });

  it('sends none for the old time after a reschedule, and the new time gets its own', async () => {
    const oldStart = hoursFromNow(1530);
    const newStart = hoursFromNow(1560);
    const { interview } = await scheduleAt(oldStart, 'Moved');
    const old = await queuedReminders(interview._id);
    const moved = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      { timing: { mode: 'fixed', startsAt: newStart.toISOString() } },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const all = await queuedReminders(interview._id);
    expect(all).toHaveLength(4);
    const fresh = all.filter((job) => job.data.startsAt === newStart.toISOString());
    expect(fresh.map((job) => job.data.kind).sort()).toEqual(['24h', '2h']);
    expect(fresh.every((job) => job.data.sequence === 1)).toBe(true);

    const mailer = recordingMailer();
    for (const job of old) {
      expect(await run(job.data, job.startAfter, mailer)).toEqual({ sent: 0, pushes: 0, skipped: 'stale' });
    }
    expect(mailer.sent).toHaveLength(0);
    for (const job of fresh) {
      expect(await run(job.data, job.startAfter, mailer)).toEqual({ sent: 3, pushes: 0, skipped: null });
    }
    expect(mailer.sent).toHaveLength(6);
  });

  it('never sends one twice when the worker stops between claim and send, or midway', async () => {
    const { interview } = await scheduleAt(hoursFromNow(1600), 'Restart');
    const [dayBefore] = await queuedReminders(interview._id);
    if (!dayBefore) throw new Error('reminder missing');
    const at = dayBefore.startAfter;
    const delivered: string[] = [];

    // Claimed, then the worker stops before anything goes out: nothing is recorded as sent.
    const stoppedAtOnce = recordingMailer([1]);
    await expect(run(dayBefore.data, at, stoppedAtOnce)).rejects.toThrow('worker stopped');
    expect(
      await app.db
        .select()
        .from(interviewRemindersSent)
        .where(eq(interviewRemindersSent.interviewId, interview._id)),
    ).toHaveLength(0);

    // Restarted, it gets one out and stops again before the second.
    const stoppedMidway = recordingMailer([2]);
    await expect(run(dayBefore.data, at, stoppedMidway)).rejects.toThrow('worker stopped');
    delivered.push(...stoppedMidway.sent.map((mail) => mail.to));
    expect(delivered).toHaveLength(1);

    // Restarted again: only the ones still missing go out.
    const restarted = recordingMailer();
    expect(await run(dayBefore.data, at, restarted)).toEqual({ sent: 2, pushes: 0, skipped: null });
    delivered.push(...restarted.sent.map((mail) => mail.to));
    // And once more (the queue delivers the job again after the crash): nothing.
    expect(await run(dayBefore.data, at, restarted)).toEqual({ sent: 0, pushes: 0, skipped: null });
    expect(delivered).toHaveLength(3);
    expect(new Set(delivered).size).toBe(3);
  });

  it('two workers running the same reminder at once send it once', async () => {
    const { interview } = await scheduleAt(hoursFromNow(1620), 'Twice');
    const [dayBefore] = await queuedReminders(interview._id);
    if (!dayBefore) throw new Error('reminder missing');
    const mailer = recordingMailer();
    const results = await Promise.all([
      run(dayBefore.data, dayBefore.startAfter, mailer),
      run(dayBefore.data, dayBefore.startAfter, mailer),
    ]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect(mailer.sent).toHaveLength(3);
  });

  it('queues them when the physician picks an offered time', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Picker');
    const starts = [hoursFromNow(1700), hoursFromNow(1702), hoursFromNow(1704)];
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      proposedBody([team.interviewer.id], starts),
    );
    expect(await queuedReminders(interview._id)).toEqual([]);
    const [slot] = await app.db
      .select()
      .from(interviewProposedSlots)
      .where(
        and(
          eq(interviewProposedSlots.interviewId, interview._id),
          eq(interviewProposedSlots.startsAt, starts[1] as Date),
        ),
      );
    await pickInterviewSlot({
      db: app.db,
      physicianId: applicant.physicianId,
      interviewId: interview._id,
      slotId: slot?.id ?? '',
    });
    const queued = await queuedReminders(interview._id);
    expect(queued.map((job) => [job.data.kind, job.data.startsAt])).toEqual([
      ['24h', starts[1]?.toISOString()],
      ['2h', starts[1]?.toISOString()],
    ]);
  });

  it('runs on the queue: a due reminder goes out once, and a second delivery of the job sends nothing', async () => {
    const { interview, applicant } = await scheduleAt(hoursFromNow(30), 'Queued');
    const jobTable = sql`${sql.identifier(QUEUE_SCHEMA)}.job`;
    type Row = { id: string; state: string };
    const jobOf = async (): Promise<Row | undefined> => {
      const result = await app.db.execute<Row>(
        sql`select id, state from ${jobTable} where name = ${INTERVIEW_REMINDER_QUEUE} and data->>'interviewId' = ${interview._id} and data->>'kind' = '24h'`,
      );
      const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
      return rows[0];
    };
    const job = await jobOf();
    expect(job?.state).toBe('created');
    const isReminder = (mail: OutboxMessage) => mail.subject.startsWith('Reminder: interview tomorrow');
    const recipients = [applicant.email, team.interviewer.email, team.recruiter.email];
    // Its moment comes (the clock moved on).
    await app.db.execute(
      sql`update ${jobTable} set start_after = now() where name = ${INTERVIEW_REMINDER_QUEUE} and id = ${job?.id}`,
    );
    for (const email of recipients) await waitForMails(app, email, 1, isReminder);
    await vi.waitFor(async () => expect((await jobOf())?.state).toBe('completed'), { timeout: 15_000 });
    // Delivered again (as after a worker lost track of it): it runs, and sends nothing more.
    await app.db.execute(
      sql`update ${jobTable} set state = 'created', start_after = now(), started_on = null, completed_on = null where name = ${INTERVIEW_REMINDER_QUEUE} and id = ${job?.id}`,
    );
    await vi.waitFor(async () => expect((await jobOf())?.state).toBe('completed'), { timeout: 15_000 });
    for (const email of recipients) {
      expect((await readOutbox(app.config.dataDir, email)).filter(isReminder), email).toHaveLength(1);
    }
  });
});
