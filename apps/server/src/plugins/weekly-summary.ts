import fp from 'fastify-plugin';
import {
  queueWeeklySummaries,
  sendWeeklySummary,
  WEEKLY_SUMMARY_CRON,
  WEEKLY_SUMMARY_QUEUE,
  WEEKLY_SUMMARY_SCHEDULE_QUEUE,
  type WeeklySummaryJob,
} from '../domain/reports/weekly-summary.ts';

/**
 * The weekly hiring summary e-mail: every Monday the schedule (once across all instances) queues
 * one job per organisation for the week before; each job mails the owners and admins who did not
 * turn it off, once per organisation, week and member however often it runs.
 */
export default fp(
  async (app) => {
    app.queue.work(
      WEEKLY_SUMMARY_SCHEDULE_QUEUE,
      { retryLimit: 3, retryDelay: 60, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const organizations = await queueWeeklySummaries({ db: app.db });
        app.log.info({ organizations }, 'Weekly hiring summaries queued.');
      },
    );
    app.queue.schedule(WEEKLY_SUMMARY_SCHEDULE_QUEUE, WEEKLY_SUMMARY_CRON);
    app.queue.work<WeeklySummaryJob>(
      WEEKLY_SUMMARY_QUEUE,
      { retryLimit: 6, retryDelay: 60, retryBackoff: true, pollingIntervalSeconds: 5 },
      async (job) => {
        await sendWeeklySummary({
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          secret: app.config.jwtSecret,
          job,
        });
      },
    );
  },
  { name: 'weekly-summary', dependencies: ['queue', 'mail', 'config', 'metrics'] },
);
