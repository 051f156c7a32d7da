import fp from 'fastify-plugin';
import { purgeExpiredCredentials } from '../domain/auth/purge-expired-credentials.ts';
import { purgeReadNotifications } from '../domain/notifications/purge-read-notifications.ts';

/** How often housekeeping runs while the server is up. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60_000;

/**
 * Background housekeeping: once the server is ready and then every hour, expired codes, tokens
 * and sessions are purged, and so are notifications read more than 90 days ago. A failure is logged and retried at the next run; it never stops the
 * server. With several instances each runs it; the deletes are idempotent.
 */
export default fp(
  async (app) => {
    const run = async () => {
      try {
        const purged = await purgeExpiredCredentials(app.db);
        const total =
          purged.otpCodes +
          purged.accountTokens +
          purged.sessions +
          purged.secondStepTickets +
          purged.webauthnChallenges;
        if (total > 0) app.log.info({ purged }, 'Expired credentials purged.');
      } catch (error) {
        app.log.error({ err: error }, 'Purging expired credentials failed.');
      }
      try {
        const notifications = await purgeReadNotifications(app.db);
        if (notifications > 0) app.log.info({ notifications }, 'Old read notifications purged.');
      } catch (error) {
        app.log.error({ err: error }, 'Purging old read notifications failed.');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const schedule = () => {
      running = running.then(run);
    };
    app.addHook('onReady', async () => {
      schedule();
      timer = setInterval(schedule, MAINTENANCE_INTERVAL_MS);
      timer.unref();
    });
    // Before the database closes: stop the timer and let a run in progress finish.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'maintenance', dependencies: ['db'] },
);
