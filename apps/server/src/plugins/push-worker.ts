import type { FastifyInstance } from 'fastify';
import type { VapidConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { PushOutcome } from '../domain/notifications/send-push.ts';

export interface PushSendOptions<Job> {
  db: Db;
  job: Job;
  vapid: VapidConfig;
  allowedHosts: readonly string[];
}

/**
 * Works one Web Push queue (one job per browser subscription): counts every outcome, logs a
 * subscription the push service says is gone (the send removed it), and lets a failure throw,
 * so the queue tries that one browser again later with back-off.
 */
export function workPushQueue<Job extends { pushTokenId: string }>(
  app: FastifyInstance,
  queue: string,
  send: (options: PushSendOptions<Job>) => Promise<PushOutcome>,
): void {
  app.queue.work<Job>(
    queue,
    { retryLimit: 6, retryDelay: 10, retryBackoff: true, pollingIntervalSeconds: 1 },
    async (job) => {
      const outcome = await send({
        db: app.db,
        job,
        vapid: app.config.vapid,
        allowedHosts: app.config.pushAllowedHosts,
      }).catch((error: unknown) => {
        app.metrics.countPush('failed');
        throw error;
      });
      app.metrics.countPush(outcome);
      if (outcome === 'gone')
        app.log.info({ pushTokenId: job.pushTokenId }, 'Push subscription expired; removed.');
    },
  );
}
