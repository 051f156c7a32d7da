import fp from 'fastify-plugin';
import { runScheduledBackup, SCHEDULED_BACKUP_QUEUE } from '../domain/backup/scheduled-backup.ts';
import { APP_VERSION } from '../lib/version.ts';

/**
 * Scheduled backups (BACKUP_DIR set): a cron job on the durable queue, so one instance makes
 * each archive, while the server keeps serving (the dump reads one snapshot and blocks no writer).
 */
export default fp(
  async (app) => {
    const settings = app.config.backup;
    if (!settings) return;
    app.queue.work(
      SCHEDULED_BACKUP_QUEUE,
      { retryLimit: 2, retryDelay: 600, retryBackoff: true, pollingIntervalSeconds: 5 },
      async () => {
        const startedAt = performance.now();
        const { backup, deleted } = await runScheduledBackup({
          sql: app.database.client,
          dataDir: app.config.dataDir,
          backupDir: settings.dir,
          keep: settings.keep,
          appVersion: APP_VERSION,
        });
        app.log.info(
          { file: backup.file, bytes: backup.bytes, deleted, ms: Math.round(performance.now() - startedAt) },
          'Scheduled backup written.',
        );
      },
    );
    app.queue.schedule(SCHEDULED_BACKUP_QUEUE, settings.schedule);
  },
  { name: 'backups', dependencies: ['config', 'db', 'queue'] },
);
