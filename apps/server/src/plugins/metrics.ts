import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { HttpRequestMetrics, UNMATCHED_ROUTE } from '../lib/http-request-metrics.ts';
import { type QueueStats, readQueueStats } from '../queue/queue-stats.ts';

/** Every MedHire metric's name starts with this; the process defaults keep their usual names. */
export const METRICS_PREFIX = 'medhire';

/** Where the separate metrics listener (METRICS_PORT) binds: never beyond this machine. */
export const METRICS_LISTENER_HOST = '127.0.0.1';

export type PushResult = 'sent' | 'gone' | 'skipped' | 'failed';
export type MailResult = 'sent' | 'failed';

export interface AppMetrics {
  /** This app's own registry (not prom-client's global one), so several apps in one process never clash. */
  registry: Registry;
  /** Whether /metrics is served (METRICS_TOKEN or METRICS_PORT); without it nothing is measured per request. */
  isEnabled: boolean;
  /** One Web Push send: sent, gone (the push service dropped the subscription), skipped, failed (retried). */
  countPush(result: PushResult): void;
  /** One e-mail handed to SMTP or written to the dev outbox, or one that failed. */
  countMail(result: MailResult): void;
  /** A queue job's attempt that threw on this instance (pg-boss retries it or marks it failed). */
  countJobFailure(queue: string): void;
  /** The loopback listener's address once it listens (METRICS_PORT), else undefined. */
  listenerAddress(): AddressInfo | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics for operators; see README "Metrics". */
    metrics: AppMetrics;
  }
}

/**
 * Prometheus metrics: requests by route pattern, the database pool, the job queues, sockets,
 * push and mail sends, and the process defaults. Counters are always there (they cost nothing
 * until something is sent); the per-request observation, the process metrics and the gauges
 * exist only when /metrics is served. Gauges are read at scrape time (collect callbacks),
 * never on a timer. Registered before the routes, so its onRoute hook sees every one of them.
 */
export default fp(
  async (app) => {
    const { token, port } = app.config.metrics;
    const isEnabled = token !== undefined || port !== undefined;
    const registry = new Registry();
    const name = (suffix: string) => `${METRICS_PREFIX}_${suffix}`;

    const pushSends = new Counter({
      name: name('push_sends_total'),
      help: 'Web Push sends by result: sent, gone (subscription removed), skipped, failed (retried)',
      labelNames: ['result'],
      registers: [registry],
    });
    const mailTransport = app.config.smtpUrl ? 'smtp' : 'outbox';
    const mailSends = new Counter({
      name: name('mail_sends_total'),
      help: 'E-mails by transport (smtp or the dev outbox) and result (sent or failed)',
      labelNames: ['transport', 'result'],
      registers: [registry],
    });
    const jobFailures = new Counter({
      name: name('queue_job_failures_total'),
      help: 'Queue job attempts that threw on this instance, by queue',
      labelNames: ['queue'],
      registers: [registry],
    });
    // Zero series from the start, so a rate() over a failure counter exists before the first failure.
    for (const result of ['sent', 'failed'] as const) mailSends.labels(mailTransport, result).inc(0);
    for (const result of ['sent', 'gone', 'skipped', 'failed'] as const) pushSends.labels(result).inc(0);

    let listener: ReturnType<typeof createServer> | undefined;
    app.decorate('metrics', {
      registry,
      isEnabled,
      countPush: (result) => pushSends.labels(result).inc(),
      countMail: (result) => mailSends.labels(mailTransport, result).inc(),
      countJobFailure: (queue) => jobFailures.labels(queue).inc(),
      listenerAddress: () => (listener?.listening ? (listener.address() as AddressInfo) : undefined),
    } satisfies AppMetrics);
    if (!isEnabled) return;

    collectDefaultMetrics({ register: registry });

    // Requests. Each route gets its own onResponse hook holding its pattern's series, so a
    // request pays one lookup by method and status, not a labels object (see HttpRequestMetrics).
    const requests = new HttpRequestMetrics();
    for (const metric of requests.metrics(METRICS_PREFIX)) registry.registerMetric(metric);
    app.addHook('onRoute', (route) => {
      const series = requests.forRoute(route.url);
      const observe: onResponseHookHandler = (request, reply, done) => {
        series.observe(request.method, reply.statusCode, reply.elapsedTime);
        done();
      };
      route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), observe];
    });
    // The 404 path is no route (onRoute never sees it): every address it answers is one label.
    const unmatched = requests.forRoute(UNMATCHED_ROUTE);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched.observe(request.method, reply.statusCode, reply.elapsedTime);
      done();
    });

    // The database pool, from the counts the database keeps (db/index.ts trackPoolUsage).
    const pool = app.database.pool;
    new Gauge({
      name: name('db_pool_max_connections'),
      help: 'Connections the database pool may open',
      registers: [registry],
      collect() {
        this.set(pool.size);
      },
    });
    new Gauge({
      name: name('db_pool_connections_in_use'),
      help: 'Pool connections held by a running statement or transaction',
      registers: [registry],
      collect() {
        this.set(Math.min(pool.size, pool.inFlight()));
      },
    });
    new Gauge({
      name: name('db_pool_waiting'),
      help: 'Statements and transactions beyond the pool size: waiting for a connection or queued behind another statement on one',
      registers: [registry],
      collect() {
        this.set(Math.max(0, pool.inFlight() - pool.size));
      },
    });

    new Gauge({
      name: name('socket_connections'),
      help: 'Socket.IO clients connected to this instance',
      registers: [registry],
      collect() {
        this.set(app.io.of('/').sockets.size);
      },
    });

    // Queues: one statement per scrape, shared by the four gauges (their collect callbacks
    // start together when the registry renders).
    let reading: Promise<QueueStats[]> | undefined;
    const queueStats = () => {
      reading ??= readQueueStats(app.db)
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'Reading the job queues for /metrics failed');
          return [];
        })
        .finally(() => {
          reading = undefined;
        });
      return reading;
    };
    const queueGauge = (
      suffix: string,
      help: string,
      labelNames: string[],
      fill: (gauge: Gauge, stats: QueueStats) => void,
    ) =>
      new Gauge({
        name: name(suffix),
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const stats = await queueStats();
          this.reset();
          for (const queue of stats) fill(this, queue);
        },
      });
    queueGauge(
      'queue_jobs',
      'Jobs in each queue by state: queued (due), deferred (later start or retry backoff), active, failed',
      ['queue', 'state'],
      (gauge, stats) => {
        gauge.labels(stats.queue, 'queued').set(stats.queued);
        gauge.labels(stats.queue, 'deferred').set(stats.deferred);
        gauge.labels(stats.queue, 'active').set(stats.active);
        gauge.labels(stats.queue, 'failed').set(stats.failed);
      },
    );
    queueGauge(
      'queue_oldest_queued_seconds',
      'Seconds the longest-waiting due job of each queue has waited (0 when none)',
      ['queue'],
      (gauge, stats) => {
        gauge.labels(stats.queue).set(stats.oldestQueuedSeconds);
      },
    );

    if (port !== undefined) {
      const server = createServer((request, response) => void answerScrape(request, response));
      listener = server;
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, METRICS_LISTENER_HOST, () => {
            server.off('error', reject);
            resolve();
          });
        }).catch((error: unknown) => {
          throw new Error(
            `The metrics listener could not start on ${METRICS_LISTENER_HOST}:${port} (METRICS_PORT): ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }

    /** The loopback listener: /metrics and nothing else, no token (only this machine can reach it). */
    async function answerScrape(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const path = (request.url ?? '').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      try {
        const body = await registry.metrics();
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      } catch (error) {
        app.log.error({ err: error }, 'Rendering /metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      }
    }
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
