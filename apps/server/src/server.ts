import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { startDataDirCluster } from './db/data-dir-cluster.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { stopEmbeddedClusters } from './db/embedded-cluster.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { loggerOptions } from './lib/logger.ts';

/** How long a shutdown may take before the database is stopped and the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The signals that ask the server to stop: service managers, Ctrl+C, a closed terminal. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

let app: FastifyInstance | undefined;
/** Settles once buildApp has (its own failure closes whatever it had opened). */
let built: Promise<unknown> = Promise.resolve();
let shutdown: Promise<void> | undefined;

function report(level: 'info' | 'warn' | 'error', message: string, err?: unknown): void {
  if (app) app.log[level](err ? { err } : {}, message);
  else if (level !== 'info') process.stderr.write(`${message}${err ? `: ${describe(err)}` : ''}\n`);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Closes the app (Fastify stops accepting, in-flight requests finish, then every onClose hook:
 * sockets, queue, database, and the embedded cluster last) and exits. One shutdown per process:
 * a signal that arrives while it runs does not cut it short. `npm start` gets every signal
 * twice (the process group's, and npm forwarding it), and exiting on the second
 * would leave the embedded PostgreSQL running with the app's transactions cut off.
 */
function requestShutdown(cause: { signal?: string; err?: unknown }): void {
  if (shutdown) {
    if (cause.signal) {
      report(
        'warn',
        `Received ${cause.signal} while shutting down; the server exits once its database has stopped.`,
      );
    } else {
      report('error', 'Error while shutting down', cause.err);
    }
    return;
  }
  if (cause.err) report('error', 'Shutting down after an unexpected error', cause.err);
  else report('info', `Shutting down (${cause.signal})`);

  // Not unref'd: the process must not end before the database has stopped.
  const overdue = setTimeout(() => {
    report(
      'error',
      `The shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; stopping the database and exiting.`,
    );
    void stopEmbeddedClusters().finally(() => process.exit(1));
  }, SHUTDOWN_GRACE_MS);

  shutdown = (async () => {
    let failed = Boolean(cause.err);
    // A signal during start-up waits for the app (and its cluster) to exist, then closes it.
    await built.catch(() => {});
    try {
      await app?.close();
    } catch (error) {
      failed = true;
      report('error', 'Closing the app failed', error);
    }
    // A no-op after a clean close; otherwise (a failed close) the cluster must still stop.
    await stopEmbeddedClusters();
    clearTimeout(overdue);
    process.exit(failed ? 1 : 0);
  })();
}

async function start(): Promise<void> {
  // Installed before anything is started: a signal during start-up (creating the cluster,
  // migrating, seeding) would otherwise end the process at once and leave its database running.
  for (const signal of STOP_SIGNALS) process.on(signal, () => requestShutdown({ signal }));
  process.on('uncaughtException', (err) => requestShutdown({ err }));
  process.on('unhandledRejection', (err) => {
    // pg-boss does not await a finished job's completion: when the database is down at that
    // moment the rejection is unhandled. The outage is already handled (503s, the cluster's
    // restart) and the job, still active, is retried once it expires, so it is no reason to stop.
    if (isDatabaseUnavailable(err)) {
      report('warn', 'A background call failed on an unreachable database or a lost connection', err);
      return;
    }
    requestShutdown({ err });
  });

  const config = loadConfig();
  // The embedded cluster starts before the app's modules load (app.ts and what it imports are a
  // dynamic import for that reason): PostgreSQL starts in its own process while this one compiles
  // and evaluates the server, instead of after it. Until the app's logger exists, its messages
  // (creating the cluster takes a while on the first start) go to one with the same options.
  const startLogger = pino(loggerOptions(config.logLevel));
  const log = (message: string) => (app ? app.log.info(message) : startLogger.info(message));
  const cluster = config.databaseUrl ? undefined : startDataDirCluster(config.dataDir, log);
  // Awaited by the app's database plugin, which reports a failure; not an unhandled rejection meanwhile.
  cluster?.catch(() => {});
  const building = (async () => {
    const { buildApp } = await import('./app.ts');
    return buildApp(config, { cluster });
  })();
  built = building;
  app = await building;
  if (shutdown) return;

  const { seedDemoData } = await import('./seed/index.ts');
  const demo = await seedDemoData(app);
  if (shutdown) return;
  await app.listen({ port: config.port, host: config.host });
  // A signal during listen: the shutdown closes what just started; it is not announced.
  if (shutdown) return;
  const { port } = app.server.address() as AddressInfo;
  app.database.dataDirLock?.recordPort(port);
  process.stdout.write(`MedHire listening on http://${config.host}:${port}\n`);
  const metricsListener = app.metrics.listenerAddress();
  if (metricsListener) {
    process.stdout.write(`Metrics on http://${metricsListener.address}:${metricsListener.port}/metrics\n`);
  }
  if (demo.loginLine) process.stdout.write(`${demo.loginLine}\n`);
}

start().catch(async (error: unknown) => {
  // A failure caused by the shutdown itself (seeding cut off by the closing app) is not news.
  if (shutdown) return;
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`MedHire could not start: ${describe(error)}\n`);
  }
  // A start that failed after the app was built (seeding, a port in use) still owns a database.
  await app?.close().catch(() => {});
  await stopEmbeddedClusters();
  process.exit(1);
});
