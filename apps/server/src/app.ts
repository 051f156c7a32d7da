import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.ts';
import type { DataDirCluster } from './db/data-dir-cluster.ts';
import type { Database } from './db/index.ts';
import { syncReferenceData } from './domain/reference/sync-reference-data.ts';
import { JSON_BODY_LIMIT_BYTES } from './lib/limits.ts';
import { LazyRequestLogger, loggerOptions } from './lib/logger.ts';
import { sendFailure } from './lib/reply.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import accountMailPlugin from './plugins/account-mail.ts';
import activityLogPlugin from './plugins/activity-log.ts';
import authPlugin from './plugins/auth.ts';
import backupsPlugin from './plugins/backups.ts';
import conditionalGetPlugin from './plugins/conditional-get.ts';
import configPlugin from './plugins/config.ts';
import dataExportsPlugin from './plugins/data-exports.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import errorHandlerPlugin from './plugins/error-handler.ts';
import interviewsPlugin from './plugins/interviews.ts';
import jobListCachePlugin from './plugins/job-list-cache.ts';
import mailPlugin from './plugins/mail.ts';
import maintenancePlugin from './plugins/maintenance.ts';
import metricsPlugin from './plugins/metrics.ts';
import notificationsPlugin from './plugins/notifications.ts';
import oidcPlugin from './plugins/oidc.ts';
import paymentsPlugin from './plugins/payments.ts';
import queuePlugin, { type QueueTimings } from './plugins/queue.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import sendBatcherPlugin from './plugins/send-batcher.ts';
import socketPlugin from './plugins/socket.ts';
import storagePlugin from './plugins/storage.ts';
import textHygienePlugin from './plugins/text-hygiene.ts';
import webAppPlugin from './plugins/web-app.ts';
import weeklySummaryPlugin from './plugins/weekly-summary.ts';
import routes from './routes/index.ts';
import metricsRoutes from './routes/metrics/index.ts';
import sockets from './sockets/index.ts';

export interface BuildAppOptions {
  /**
   * A migrated database to use instead of opening the configured one (tests hand in a
   * fresh copy). The app closes it when the app closes.
   */
  database?: Database;
  /** The embedded cluster of DATA_DIR, already starting: server.ts starts it before loading the app. */
  cluster?: Promise<DataDirCluster>;
  /** Where log lines go instead of stdout. */
  logStream?: DestinationStream;
  /** How often the job queue runs its own upkeep; pg-boss's defaults unless a test speeds them up. */
  queueTimings?: QueueTimings;
  /** Answer job-list pages from memory until a write changes them (default true; see plugins/job-list-cache.ts). */
  jobListCache?: boolean;
}

/** Builds the whole server (plugins, then routes) without listening. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    childLoggerFactory: (logger, bindings, childOptions) =>
      new LazyRequestLogger(logger, bindings, childOptions),
    genReqId: () => randomUUID(),
    // One log line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The first start creates the embedded cluster and runs every migration: seconds, not ten.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Close idle keep-alive sockets at once on shutdown; in-flight requests still finish.
    forceCloseConnections: 'idle',
    // Answered below with the failure envelope instead of Fastify's own body.
    return503OnClosing: false,
    // A malformed address (bad %-encoding) or an over-long path parameter gets the failure
    // envelope too, not Fastify's own error body.
    frameworkErrors: (error, _request, reply) => {
      void sendFailure(reply, 400, {
        message: error.statusCode === 414 ? 'This address is too long.' : 'This address is not valid.',
        code: 'BAD_REQUEST',
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // The API speaks JSON only; plain text would reach handlers as a string and fail
  // validation confusingly instead of answering 415.
  app.removeContentTypeParser('text/plain');

  // Responses that finish while the server shuts down end their connection, otherwise a
  // keep-alive client would hold the close open until its idle timeout.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!isClosing) return done();
    void sendFailure(reply, 503, {
      message: 'The server is restarting. Please try again in a moment.',
      code: 'UNAVAILABLE',
    });
  });
  // The request's line: what Fastify's "incoming request" and "request completed" said in two
  // lines, each a write of its own. A route with its own level (the health checks) writes none.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });

  try {
    await app.register(configPlugin, { config });
    await app.register(errorHandlerPlugin);
    await app.register(redisPlugin);
    await app.register(dbPlugin, { database: options.database, cluster: options.cluster });
    // Right after migrations: the reference tables must match this release's data before
    // any route or job reads them. A no-op (one read) when they already do.
    await syncReferenceData(app.db);
    // Before every other plugin and route: its onRoute hook measures each route registered after it.
    await app.register(metricsPlugin);
    // Before every route: it joins the routes that take input as they are registered.
    await app.register(textHygienePlugin);
    await app.register(securityPlugin);
    await app.register(rateLimitPlugin);
    await app.register(docsPlugin);
    await app.register(socketPlugin);
    await app.register(mailPlugin);
    await app.register(queuePlugin, { timings: options.queueTimings });
    await app.register(accountMailPlugin);
    await app.register(notificationsPlugin);
    await app.register(interviewsPlugin);
    await app.register(paymentsPlugin);
    await app.register(weeklySummaryPlugin);
    await app.register(maintenancePlugin);
    await app.register(activityLogPlugin);
    await app.register(storagePlugin);
    await app.register(dataExportsPlugin);
    await app.register(backupsPlugin);
    await app.register(authPlugin);
    await app.register(oidcPlugin);
    await app.register(webAppPlugin);
    await app.register(conditionalGetPlugin);
    await app.register(jobListCachePlugin, { enabled: options.jobListCache ?? true });
    await app.register(sendBatcherPlugin);
    await app.register(routes, { prefix: '/api' });
    const metricsToken = config.metrics.token;
    if (metricsToken) await app.register(metricsRoutes, { token: metricsToken });
    await app.register(sockets);
  } catch (error) {
    await app.close();
    throw error;
  }

  return app;
}
