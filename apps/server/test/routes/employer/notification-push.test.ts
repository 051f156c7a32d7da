import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TNotification } from '@medhire/contract/notifications';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../../../src/db/index.ts';
import { pushTokens } from '../../../src/db/schema/accounts.ts';
import { serverProcessEnv } from '../../helper.ts';
import {
  browserKeys,
  decryptPush,
  type ReceivedPush,
  startPushService,
  type TestPushService,
} from '../../push-service-kit.ts';
import { callApi, employerWithOpenJob, signedInPhysician } from '../employee/physician-kit.ts';

/**
 * Web Push end to end: a real server process sends to a local HTTPS server standing in for a
 * browser's push service (its self-signed certificate trusted through NODE_EXTRA_CA_CERTS,
 * `localhost` added by PUSH_ALLOWED_HOSTS), and the test decrypts what arrives (RFC 8291).
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

let workDir: string;
/** The server process's DATA_DIR: physicians sign up with the code from its outbox. */
let serverDataDir = '';
let pushService: TestPushService;
let pushOrigin: string;
let received: ReceivedPush[] = [];
let server: ReturnType<typeof spawn> | undefined;
let output = '';
let database: Database;
/** The spawned server seen through the helpers' `inject` and `db` (fetch over HTTP, the same database). */
let remote: FastifyInstance;

async function startServer(): Promise<string> {
  const env = await serverProcessEnv();
  serverDataDir = env.DATA_DIR ?? '';
  database = createPostgresDatabase(env.DATABASE_URL ?? '');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
      PUSH_ALLOWED_HOSTS: 'localhost',
      NODE_EXTRA_CA_CERTS: pushService.certPath,
    },
  });
  server = child;
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /MedHire listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start:\n${output}`);
}

function remoteApp(address: string): FastifyInstance {
  const inject = async (options: {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }) => {
    const response = await fetch(`${address}${options.url}`, {
      method: options.method,
      headers: {
        ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: () => JSON.parse(body) };
  };
  // The server process awaits its sign-up mails before answering, so its outbox is ready to read.
  return {
    inject,
    db: database.db,
    config: { dataDir: serverDataDir },
    mailer: { idle: async () => {} },
  } as unknown as FastifyInstance;
}

async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting. Server output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'medhire-push-'));
  writeFileSync(path.join(workDir, '.keep'), '');
  pushService = await startPushService(workDir);
  pushOrigin = pushService.origin;
  received = pushService.received;
  remote = remoteApp(await startServer());
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.close();
  await pushService?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('Web Push to a browser push service', () => {
  it('delivers an encrypted, VAPID-signed push with the type, title and link when a physician applies', {
    timeout: 90_000,
  }, async () => {
    const { employer, job } = await employerWithOpenJob(remote);
    const keys = browserKeys();
    const endpoint = `${pushOrigin}/ok/${employer.id}`;
    const saved = await callApi(
      remote,
      'PATCH',
      `/api/employer/auth/save-fcm-token/${employer.id}`,
      employer.token,
      {
        value: JSON.stringify({
          endpoint,
          expirationTime: null,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        }),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const publicKey = (
      await callApi(remote, 'GET', '/api/employer/notification/push-public-key', employer.token)
    ).json().data.publicKey as string;

    const physician = await signedInPhysician(remote);
    const applied = await callApi(remote, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});
    expect(applied.statusCode, applied.body).toBe(200);

    const push = await waitFor(() => received.find((item) => item.path === `/ok/${employer.id}`));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = decryptPush<TNotification>(push, keys);
    expect(payload).toMatchObject({
      read: false,
      data: { type: 'APPLY_ON_JOB', markAsRead: true, conversation: null, jobId: job._id },
      notification: { title: 'New applicant' },
      // The push opens the job with the applicant in view, as the in-app notification does.
      fcmOptions: { link: `/jobs-resident/${job._id}?applicant=${physician.profile._id}` },
    });
    expect(payload.notification.body).toContain(job.title);
  });

  it('deletes a subscription the push service answers 410 for', { timeout: 90_000 }, async () => {
    const { employer, job } = await employerWithOpenJob(remote);
    const keys = browserKeys();
    const endpoint = `${pushOrigin}/gone/${employer.id}`;
    const saved = await callApi(
      remote,
      'PATCH',
      `/api/employer/auth/save-fcm-token/${employer.id}`,
      employer.token,
      {
        value: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = () => database.db.select().from(pushTokens).where(eq(pushTokens.userId, employer.id));
    expect(await stored()).toHaveLength(1);

    const physician = await signedInPhysician(remote);
    await callApi(remote, 'POST', `/api/employee/job/apply/${job._id}`, physician.token, {});

    await waitFor(() => received.find((item) => item.path === `/gone/${employer.id}`));
    await waitFor(async () => ((await stored()).length === 0 ? true : undefined));
  });
});
