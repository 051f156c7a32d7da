import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, type Registry } from 'prom-client';
import {
  createJobListCache,
  FORGET_ALL_ORGANIZATIONS,
  JOB_LIST_CACHE_CHANNEL,
  type JobListCache,
  MAX_JOBS_HELD,
} from '../domain/jobs/job-list-cache.ts';
import { METRICS_PREFIX } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recently answered job-list pages (domain/jobs/job-list-cache.ts); undefined when the app keeps none. */
    jobListCache: JobListCache | undefined;
  }
}

export interface JobListCachePluginOptions {
  /** False reads every page from the database (the tests that write rows straight to it). */
  enabled: boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What operators see of the cache (README "Metrics"), read from it at scrape time. */
function registerCacheMetrics(registry: Registry, cache: JobListCache): void {
  new Gauge({
    name: `${METRICS_PREFIX}_job_list_cache_pages`,
    help: 'Job-list pages this instance keeps in memory',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}_job_list_cache_jobs`,
    help: `Jobs in all the kept job-list pages (at most ${MAX_JOBS_HELD.toLocaleString('en-US')})`,
    registers: [registry],
    collect() {
      this.set(cache.heldJobs);
    },
  });
  let counted = { hit: 0, miss: 0 };
  new Counter({
    name: `${METRICS_PREFIX}_job_list_cache_reads_total`,
    help: 'Job-list reads answered from memory (hit) or from the database (miss)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.labels('hit').inc(cache.hits - counted.hit);
      this.labels('miss').inc(cache.misses - counted.miss);
      counted = { hit: cache.hits, miss: cache.misses };
    },
  });
}

/**
 * Keeps the job-list cache true on this instance: it LISTENs for the database's notifications
 * (other instances' writes, the job queue's), and every route that may write drops the pages it
 * may have changed before its answer leaves, so the caller's next read sees its own write.
 */
export default fp<JobListCachePluginOptions>(
  async (app, { enabled }) => {
    if (!enabled) {
      app.decorate('jobListCache', undefined);
      return;
    }
    const cache = createJobListCache();
    app.decorate('jobListCache', cache);
    if (app.metrics.isEnabled) registerCacheMetrics(app.metrics.registry, cache);
    let stopListening = async () => {};
    app.addHook('onReady', async () => {
      stopListening = await app.database.listen(
        JOB_LIST_CACHE_CHANNEL,
        (organizationId) => cache.forgetOrganization(organizationId),
        (listening) => cache.setListening(listening),
      );
    });
    // An employer's write can only change their own organisation's pages; anyone else's (a
    // physician applying or answering an invite, an invitation accepted) may change any.
    const forgetWritten: onSendHookHandler = (request, _reply, payload, done) => {
      cache.forgetOrganization(request.account?.organizationId ?? FORGET_ALL_ORGANIZATIONS);
      done(null, payload);
    };
    // Only on routes that may write, so reads (and the health checks) pay nothing for it.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((method) => READ_METHODS.has(method))) return;
      route.onSend = [...[route.onSend ?? []].flat(), forgetWritten];
    });
    app.addHook('onClose', async () => {
      await stopListening();
      cache.dispose();
    });
  },
  { name: 'job-list-cache', dependencies: ['db', 'metrics'] },
);
