import fp from 'fastify-plugin';
import { runExportJob } from '../domain/data-export/build-export.ts';
import { DATA_EXPORT_PURGE_QUEUE, DATA_EXPORT_QUEUE } from '../domain/data-export/export-view.ts';
import { purgeExpiredExports } from '../domain/data-export/purge-expired-exports.ts';

/** Expired export files are looked for every hour. */
const DATA_EXPORT_PURGE_CRON = '41 * * * *';

/**
 * Builds the organisations' data exports on the durable queue (the request commits the job with
 * the export row), e-mails the owner when one is ready, and deletes files whose link expired.
 */
export default fp(
  async (app) => {
    app.queue.work<{ exportId: string }>(
      DATA_EXPORT_QUEUE,
      { retryLimit: 3, retryDelay: 30, retryBackoff: true, pollingIntervalSeconds: 1 },
      async ({ exportId }, job) => {
        const outcome = await runExportJob({
          db: app.db,
          exportId,
          exportStore: app.exportStore,
          publicUrl: app.config.publicUrl,
          sendMail: async (mail) => {
            try {
              await app.mailer.send(mail);
            } catch (error) {
              app.log.error({ err: error, exportId }, 'The export-ready e-mail could not be sent.');
            }
          },
          isLastAttempt: job.isLastAttempt,
        });
        if (outcome === 'failed') app.log.error({ exportId }, 'A data export failed after every retry.');
      },
    );
    app.queue.work(
      DATA_EXPORT_PURGE_QUEUE,
      { retryLimit: 3, retryDelay: 300, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const purged = await purgeExpiredExports(app.db, app.exportStore);
        if (purged > 0) app.log.info({ purged }, 'Expired data-export files deleted.');
      },
    );
    app.queue.schedule(DATA_EXPORT_PURGE_QUEUE, DATA_EXPORT_PURGE_CRON);
  },
  { name: 'data-exports', dependencies: ['config', 'db', 'queue', 'mail', 'storage'] },
);
