import { SOCKET_EVENTS } from '@medhire/contract/socket-events';
import fp from 'fastify-plugin';
import { claimNotificationDelivery } from '../domain/notifications/deliver-notifications.ts';
import {
  NOTIFICATION_DELIVERY_QUEUE,
  NOTIFICATION_DIGEST_QUEUE,
  NOTIFICATION_EMAIL_QUEUE,
  NOTIFICATION_PUSH_QUEUE,
  NOTIFICATION_SWEEP_QUEUE,
  type NotificationDeliveryJob,
  type NotificationEmailJob,
  type NotificationPushJob,
  type NotificationSweepJob,
} from '../domain/notifications/queues.ts';
import { sendNotificationDigests } from '../domain/notifications/send-digests.ts';
import { sendNotificationEmail } from '../domain/notifications/send-notification-email.ts';
import { sendNotificationPush } from '../domain/notifications/send-push.ts';
import { sweepUndeliveredNotifications } from '../domain/notifications/sweep-notifications.ts';
import {
  JOB_ALERT_DIGEST_QUEUE,
  JOB_ALERT_MATCH_QUEUE,
  type JobAlertMatchJob,
  matchJobAlerts,
} from '../domain/physicians/alerts/match-job-alerts.ts';
import { sendJobAlertDigests } from '../domain/physicians/alerts/send-job-alert-digests.ts';
import { userRoom } from '../sockets/authenticate-socket.ts';
import { workPushQueue } from './push-worker.ts';

/** The digest job looks for due digests this often (each user still gets one a day at most). */
const DIGEST_CRON = '*/15 * * * *';
/** Daily job alerts go out once a day, at 14:00 UTC (morning across the US). */
const JOB_ALERT_DIGEST_CRON = '0 14 * * *';
/** The sweep of notifications that lost their delivery job (sweep-notifications.ts). */
const SWEEP_CRON = '* * * * *';
/** Nothing is ever sent on it: its LISTEN connection only tells when the database is back. */
const DATABASE_BACK_CHANNEL = 'medhire_database_back';
const noop = () => {};

/**
 * Delivery of notifications from the durable queue, after the transactions that wrote them
 * commit: the live `onNotification` socket event, Web Push to each browser, the e-mail digest,
 * a physician's e-mail in place of a push they cannot get, and physicians' job alerts.
 */
export default fp(
  async (app) => {
    app.queue.work<NotificationDeliveryJob>(
      NOTIFICATION_DELIVERY_QUEUE,
      { retryLimit: 8, retryDelay: 5, retryBackoff: true, pollingIntervalSeconds: 0.5 },
      async ({ notificationIds }) => {
        const live = await claimNotificationDelivery({ db: app.db, notificationIds });
        for (const { userId, payload } of live) {
          app.io.to(userRoom(userId)).emit(SOCKET_EVENTS.onNotification, payload);
        }
      },
    );
    workPushQueue<NotificationPushJob>(app, NOTIFICATION_PUSH_QUEUE, sendNotificationPush);
    app.queue.work<NotificationEmailJob>(
      NOTIFICATION_EMAIL_QUEUE,
      { retryLimit: 6, retryDelay: 30, retryBackoff: true, pollingIntervalSeconds: 1 },
      async (job) => {
        await sendNotificationEmail({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, job });
      },
    );
    app.queue.work<JobAlertMatchJob>(
      JOB_ALERT_MATCH_QUEUE,
      { retryLimit: 6, retryDelay: 10, retryBackoff: true, pollingIntervalSeconds: 1 },
      async ({ jobId }) => {
        await matchJobAlerts({ db: app.db, jobId });
      },
    );
    app.queue.work(
      JOB_ALERT_DIGEST_QUEUE,
      { retryLimit: 3, retryDelay: 60, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const sent = await sendJobAlertDigests({
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
        });
        if (sent > 0) app.log.info({ sent }, 'Job alert digests sent.');
      },
    );
    app.queue.schedule(JOB_ALERT_DIGEST_QUEUE, JOB_ALERT_DIGEST_CRON);
    app.queue.work(
      NOTIFICATION_DIGEST_QUEUE,
      { retryLimit: 3, retryDelay: 60, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const sent = await sendNotificationDigests({
          db: app.db,
          mailer: app.mailer,
          secret: app.config.jwtSecret,
          publicUrl: app.config.publicUrl,
        });
        if (sent > 0) app.log.info({ sent }, 'Notification digests sent.');
      },
    );
    app.queue.schedule(NOTIFICATION_DIGEST_QUEUE, DIGEST_CRON);
    app.queue.work<NotificationSweepJob>(
      NOTIFICATION_SWEEP_QUEUE,
      { retryLimit: 2, retryDelay: 30, retryBackoff: false, pollingIntervalSeconds: 5 },
      async (job) => {
        const queued = await sweepUndeliveredNotifications({ db: app.db, olderThanMs: job?.olderThanMs });
        if (queued > 0) app.log.warn({ queued }, 'Notifications without a delivery job were queued again.');
      },
    );
    app.queue.schedule(NOTIFICATION_SWEEP_QUEUE, SWEEP_CRON);
    // After a database outage, the delivery jobs of notifications stored just before it may be
    // lost (a send whose commit came through and whose job did not, a job that could not finish).
    // The scheduled sweep would find them a minute or two later; a sweep queued as soon as the
    // database answers again finds them at once. A LISTEN connection of its own tells when that
    // is: it drops with the database and comes back with it.
    let stopWatching = async () => {};
    app.addHook('onReady', async () => {
      let wasLost = false;
      stopWatching = await app.database.listen(DATABASE_BACK_CHANNEL, noop, (listening) => {
        if (!listening) {
          wasLost = true;
          return;
        }
        if (!wasLost) return;
        wasLost = false;
        const job: NotificationSweepJob = { olderThanMs: 0 };
        app.queue.send(NOTIFICATION_SWEEP_QUEUE, job).catch((error: unknown) => {
          app.log.warn(
            { err: error },
            'Queueing a sweep after the database came back failed; the scheduled one will run',
          );
        });
      });
    });
    app.addHook('onClose', async () => {
      await stopWatching();
    });
  },
  { name: 'notifications', dependencies: ['queue', 'socket', 'mail', 'config', 'metrics'] },
);
