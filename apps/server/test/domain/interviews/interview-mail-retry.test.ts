import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERVIEW_MAIL_SEND_QUEUE,
  type InterviewMailJob,
  type InterviewMailSendJob,
} from '../../../src/domain/interviews/interview-queue.ts';
import {
  interviewMailSendJobId,
  queueInterviewMails,
  sendInterviewMail,
} from '../../../src/domain/interviews/send-interview-mail.ts';
import type { Mailer, MailMessage } from '../../../src/domain/mail/mailer.ts';
import { QUEUE_SCHEMA } from '../../../src/queue/enqueue-job.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi } from '../../routes/employer/applicant-kit.ts';
import {
  applicantOf,
  fixedBody,
  hoursFromNow,
  interviewTeam,
  scheduled,
} from '../../routes/employer/interviews-kit.ts';

/**
 * An interview event's mails go out one job per recipient: a send that fails is retried alone,
 * so the recipients who already got the invite do not get it again, and a rerun of the event's
 * job (a worker that died after queueing them) queues no second copy.
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

/** A mailer that records what it sends and throws on the calls numbered in `failOn` (1-based). */
function recordingMailer(failOn: number[] = []): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  let calls = 0;
  return {
    sent,
    async send(message) {
      calls += 1;
      if (failOn.includes(calls)) throw new Error('SMTP 451: try again later');
      sent.push(message);
    },
    sendInBackground() {},
    async idle() {},
    async close() {},
  };
}

async function sendJobsOf(eventJobId: string, recipients: string[]): Promise<InterviewMailSendJob[]> {
  type Row = { data: InterviewMailSendJob };
  const ids = recipients.map((to) => interviewMailSendJobId(eventJobId, to));
  const result = await app.db.execute<Row>(
    sql`select data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${INTERVIEW_MAIL_SEND_QUEUE} and id = any(${sql.param(ids)}::uuid[]) order by data->'message'->>'to'`,
  );
  const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
  return rows.map((row) => row.data);
}

function queue(job: InterviewMailJob, eventJobId: string) {
  return queueInterviewMails({
    db: app.db,
    publicUrl: app.config.publicUrl,
    secret: app.config.jwtSecret,
    job,
    eventJobId,
  });
}

describe('interview mails, one send per recipient', () => {
  it('a failed send is retried alone: everyone gets the invite once', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Retry');
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.interviewer.id, team.recruiter.id], hoursFromNow(1800)),
    );
    const recipients = [applicant.email, team.interviewer.email, team.recruiter.email];
    const event: InterviewMailJob = { interviewId: interview._id, kind: 'request', sequence: 0 };
    const eventJobId = randomUUID();

    expect(await queue(event, eventJobId)).toBe('queued');
    // The event's job runs again (its worker died before marking it done): no second copies.
    expect(await queue(event, eventJobId)).toBe('queued');
    const sends = await sendJobsOf(eventJobId, recipients);
    expect(sends.map((send) => send.message.to).sort()).toEqual([...recipients].sort());
    for (const send of sends) {
      expect(send.message.icalEvent?.method).toBe('REQUEST');
      expect(send.sequence).toBe(0);
    }

    // The second recipient's send fails; the queue retries that job only.
    const mailer = recordingMailer([2]);
    const failed: InterviewMailSendJob[] = [];
    for (const send of sends) {
      await sendInterviewMail({ db: app.db, mailer, job: send }).catch(() => failed.push(send));
    }
    expect(failed).toHaveLength(1);
    for (const send of failed)
      expect(await sendInterviewMail({ db: app.db, mailer, job: send })).toBe('sent');
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
  });

  it('a send retried after the interview moved on is dropped (the newer invite says what holds)', async () => {
    const applicant = await applicantOf(app, team.job._id, 'Moved');
    const interview = await scheduled(
      app,
      team.owner,
      applicant.applicationId,
      fixedBody([team.interviewer.id], hoursFromNow(1810)),
    );
    const eventJobId = randomUUID();
    await queue({ interviewId: interview._id, kind: 'request', sequence: 0 }, eventJobId);
    const [first] = await sendJobsOf(eventJobId, [applicant.email]);
    if (!first) throw new Error('send job missing');
    const moved = await callApi(
      app,
      'PATCH',
      `/employer/interview/reschedule-interview/${interview._id}`,
      team.owner.token,
      { timing: { mode: 'fixed', startsAt: hoursFromNow(1812).toISOString() } },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const mailer = recordingMailer();
    expect(await sendInterviewMail({ db: app.db, mailer, job: first })).toBe('skipped');
    expect(mailer.sent).toEqual([]);
  });

  it('gives each recipient of each event its own stable job id', () => {
    const eventJobId = randomUUID();
    const id = interviewMailSendJobId(eventJobId, 'a@example.com');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(interviewMailSendJobId(eventJobId, 'A@Example.com')).toBe(id);
    expect(interviewMailSendJobId(eventJobId, 'b@example.com')).not.toBe(id);
    expect(interviewMailSendJobId(randomUUID(), 'a@example.com')).not.toBe(id);
  });
});
