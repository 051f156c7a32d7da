import fp from 'fastify-plugin';
import { ACTIVITY_RETENTION_QUEUE, purgeOldActivity } from '../domain/activity/purge-old-activity.ts';

/** Once a day, at a quiet hour (UTC). */
const ACTIVITY_RETENTION_CRON = '23 3 * * *';

/**
 * The activity log keeps two years: a scheduled job on the durable queue (once across all
 * instances) deletes older entries.
 */
export default fp(
  async (app) => {
    app.queue.work(
      ACTIVITY_RETENTION_QUEUE,
      { retryLimit: 3, retryDelay: 300, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const purged = await purgeOldActivity(app.db);
        if (purged > 0) app.log.info({ purged }, 'Activity-log entries older than two years purged.');
      },
    );
    app.queue.schedule(ACTIVITY_RETENTION_QUEUE, ACTIVITY_RETENTION_CRON);
  },
  { name: 'activity-log', dependencies: ['db', 'queue'] },
);
