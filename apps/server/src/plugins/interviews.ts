import fp from 'fastify-plugin';
import {
  INTERVIEW_MAIL_QUEUE,
  INTERVIEW_MAIL_SEND_QUEUE,
  type InterviewMailJob,
  type InterviewMailSendJob,
} from '../domain/interviews/interview-queue.ts';
import {
  INTERVIEW_REMINDER_PUSH_QUEUE,
  type InterviewReminderPushJob,
  sendInterviewReminderPush,
} from '../domain/interviews/interview-reminder-push.ts';
import {
  INTERVIEW_REMINDER_QUEUE,
  type InterviewReminderJob,
  sendInterviewReminder,
} from '../domain/interviews/interview-reminders.ts';
import { queueInterviewMails, sendInterviewMail } from '../domain/interviews/send-interview-mail.ts';
import { workPushQueue } from './push-worker.ts';

/**
 * Interview e-mails from the durable queue, after the transactions that changed the interview
 * commit: the offered times, the calendar invites and cancellations, the physician's answers,
 * and the reminders 24 h and 2 h before (queued to start then), with their Web Push.
 */
export default fp(
  async (app) => {
    app.queue.work<InterviewMailJob>(
      INTERVIEW_MAIL_QUEUE,
      { retryLimit: 6, retryDelay: 10, retryBackoff: true, pollingIntervalSeconds: 0.5 },
      async (job, attempt) => {
        await queueInterviewMails({
          db: app.db,
          publicUrl: app.config.publicUrl,
          secret: app.config.jwtSecret,
          job,
          eventJobId: attempt.id,
        });
      },
    );
    app.queue.work<InterviewMailSendJob>(
      INTERVIEW_MAIL_SEND_QUEUE,
      { retryLimit: 6, retryDelay: 10, retryBackoff: true, pollingIntervalSeconds: 0.5 },
      async (job) => {
        await sendInterviewMail({ db: app.db, mailer: app.mailer, job });
      },
    );
    app.queue.work<InterviewReminderJob>(
      INTERVIEW_REMINDER_QUEUE,
      { retryLimit: 6, retryDelay: 30, retryBackoff: true, pollingIntervalSeconds: 5 },
      async (job) => {
        await sendInterviewReminder({
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          secret: app.config.jwtSecret,
          job,
        });
      },
    );
    workPushQueue<InterviewReminderPushJob>(app, INTERVIEW_REMINDER_PUSH_QUEUE, sendInterviewReminderPush);
  },
  { name: 'interviews', dependencies: ['queue', 'mail', 'config', 'metrics'] },
);
