import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './seed/index.ts';

/** Seconds a shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function start() {
  const config = loadConfig();
  const app = await buildApp(config);

  // On SIGTERM/SIGINT Fastify stops accepting connections, lets in-flight requests
  // finish, then runs every onClose hook (database, Redis, Socket.IO).
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  const demo = await seedDemoData(app);
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`MedHire listening on http://${config.host}:${port}\n`);
  const metricsListener = app.metrics.listenerAddress();
  if (metricsListener) {
    process.stdout.write(`Metrics on http://${metricsListener.address}:${metricsListener.port}/metrics\n`);
  }
  if (demo.loginLine) process.stdout.write(`${demo.loginLine}\n`);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `MedHire could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
