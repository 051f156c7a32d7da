import { ZFailure } from '@medhire/contract/envelope';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEFAULT_PUSH_ALLOWED_HOSTS } from '../../src/config.ts';
import { pushTokens } from '../../src/db/schema/accounts.ts';
import { notifications } from '../../src/db/schema/hiring.ts';
import { NOTIFICATION_PUSH_QUEUE, NOTIFICATION_SWEEP_QUEUE } from '../../src/domain/notifications/queues.ts';
import { buildTestApp, getTestDatabase, testConfig } from '../helper.ts';
import { BROWSER_PUSH_KEYS, signedInEmployer } from '../routes/employer/auth-kit.ts';

const TOKEN = 'scrape-token-for-the-tests-0123456789';
const UUID_A = '00000000-0000-4000-8000-00000000000a';
const UUID_B = '00000000-0000-4000-8000-00000000000b';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
// Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client writes "Nan").
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[Nn][Aa][Nn]|[+-]Inf)';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?\\})? (${VALUE})$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);

/**
 * A strict reading of the Prometheus text format (0.0.4): every line is a HELP, a TYPE or a
 * sample `name{label="value",…} value`; every sample belongs to a family declared by a TYPE
 * line before it (a histogram's _bucket/_sum/_count included); no series appears twice.
 */
function parsePrometheusText(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const families = new Map<string, string>();
  const seen = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || HELP_LINE.test(line)) continue;
    const type = TYPE_LINE.exec(line);
    if (type?.[1] && type[2]) {
      expect(families.has(type[1]), `family ${type[1]} declared twice`).toBe(false);
      families.set(type[1], type[2]);
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    expect(sample, `not a Prometheus line: ${line}`).not.toBeNull();
    if (!sample?.[1] || sample[3] === undefined) continue;
    const name = sample[1];
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((candidate) =>
      families.has(candidate),
    );
    expect(family, `sample ${name} has no TYPE line`).toBeDefined();
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      if (key !== undefined) labels[key] = value ?? '';
    }
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    expect(seen.has(series), `series ${series} appears twice`).toBe(false);
    seen.add(series);
    const text = sample[3];
    const value =
      text === '+Inf' ? Infinity : text === '-Inf' ? -Infinity : /^nan$/i.test(text) ? NaN : Number(text);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matching = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(
    matching.length,
    `${name} ${JSON.stringify(labels)} matched ${matching.length} series`,
  ).toBeLessThanOrEqual(1);
  return matching[0]?.value;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return parsePrometheusText(response.body);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('/metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('answers 404 like any unknown address, and measures nothing per request', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(ZFailure.parse(response.json()).error.code).toBe('NOT_FOUND');
      expect(app.metrics.isEnabled).toBe(false);
      expect(app.metrics.listenerAddress()).toBeUndefined();
      expect(await app.metrics.registry.metrics()).not.toContain('medhire_http_requests_total');
    } finally {
      await app.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({
      metrics: { token: TOKEN, port: undefined },
      // The push test's subscription points at this machine, where nothing listens.
      pushAllowedHosts: [...DEFAULT_PUSH_ALLOWED_HOSTS, '127.0.0.1'],
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token of the same length', `Bearer ${TOKEN.replace(/.$/, 'x')}`],
    ['a wrong token of another length', 'Bearer short'],
    ['the token without the Bearer scheme', TOKEN],
    ['the token as Basic credentials', `Basic ${TOKEN}`],
  ])('refuses %s with 401 and the failure envelope', async (_case, authorization) => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const body = ZFailure.parse(response.json());
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(response.body).not.toContain('medhire_');
  });

  it('answers the Prometheus text format with the token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const samples = parsePrometheusText(response.body);
    // The process defaults.
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // The pool, the sockets and every queue the server created.
    expect(sampleValue(samples, 'medhire_db_pool_max_connections')).toBe(app.database.pool.size);
    expect(sampleValue(samples, 'medhire_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'medhire_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    // Just after start the queues' workers fetch together and may wait for a connection; an idle
    // pool reports none waiting.
    await expect
      .poll(async () => sampleValue(await scrape(app), 'medhire_db_pool_waiting'), { timeout: 10_000 })
      .toBe(0);
    expect(sampleValue(samples, 'medhire_socket_connections')).toBe(0);
    for (const state of ['queued', 'deferred', 'active', 'failed']) {
      expect(
        sampleValue(samples, 'medhire_queue_jobs', { queue: NOTIFICATION_PUSH_QUEUE, state }),
      ).toBeTypeOf('number');
    }
    expect(
      sampleValue(samples, 'medhire_queue_oldest_queued_seconds', { queue: NOTIFICATION_PUSH_QUEUE }),
    ).toBe(0);
    expect(sampleValue(samples, 'medhire_mail_sends_total', { transport: 'outbox', result: 'failed' })).toBe(
      0,
    );
    expect(sampleValue(samples, 'medhire_push_sends_total', { result: 'failed' })).toBe(0);
  });

  it('counts requests by route pattern, method and status code, never by raw address', async () => {
    const route = '/api/employer/job/get-all-jobs/:userId';
    const searchRoute = '/api/enums/search-specialty';
    const before = await scrape(app);
    for (const id of [UUID_A, UUID_B]) {
      expect(
        (await app.inject({ method: 'GET', url: `/api/employer/job/get-all-jobs/${id}` })).statusCode,
      ).toBe(401);
    }
    for (const text of ['cardio', 'neuro', 'derm']) {
      const response = await app.inject({ method: 'GET', url: `${searchRoute}?queryText=${text}` });
      expect(response.statusCode).toBe(200);
    }
    for (const address of ['/no-such-page/1', '/api/no-such-route/2']) {
      expect((await app.inject({ method: 'GET', url: address })).statusCode).toBe(404);
    }
    const after = await scrape(app);
    const delta = (labels: Record<string, string>) =>
      (sampleValue(after, 'medhire_http_requests_total', labels) ?? 0) -
      (sampleValue(before, 'medhire_http_requests_total', labels) ?? 0);

    expect(delta({ route, method: 'GET', status_code: '401' })).toBe(2);
    expect(delta({ route: searchRoute, method: 'GET', status_code: '200' })).toBe(3);
    expect(delta({ route: 'unmatched', method: 'GET', status_code: '404' })).toBe(2);
    const routes = new Set(
      after.filter((s) => s.name === 'medhire_http_requests_total').map((s) => s.labels.route),
    );
    for (const raw of [UUID_A, UUID_B, 'cardio', 'no-such']) {
      expect([...routes].some((label) => label?.includes(raw))).toBe(false);
    }
    // The histogram of the same requests: its count matches, and the +Inf bucket holds them all.
    const labels = { route, method: 'GET', status_code: '401' };
    const count = sampleValue(after, 'medhire_http_request_duration_seconds_count', labels);
    expect(count).toBe(sampleValue(after, 'medhire_http_requests_total', labels));
    expect(
      sampleValue(after, 'medhire_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(count);
    expect(sampleValue(after, 'medhire_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('shows statements holding pool connections while they run', async () => {
    // Drizzle runs a statement when it is awaited: `then` starts it.
    const sleeping = app.db.execute(sql`select pg_sleep(0.5)`).then(() => undefined);
    try {
      const samples = await scrape(app);
      expect(sampleValue(samples, 'medhire_db_pool_connections_in_use')).toBeGreaterThanOrEqual(1);
    } finally {
      await sleeping;
    }
    // Back to none once it is done: the queue's workers poll the same pool, so a poll may be
    // running at this instant; it ends within moments, and a count that never came back would not.
    const deadline = Date.now() + 5_000;
    while (app.database.pool.inFlight() > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(app.database.pool.inFlight()).toBe(0);
  });

  it('counts queued and deferred jobs and the age of the oldest queued one', async () => {
    await app.queue.stopWorkers();
    try {
      const before = await scrape(app);
      await app.queue.send(NOTIFICATION_SWEEP_QUEUE, {});
      await app.queue.send(NOTIFICATION_SWEEP_QUEUE, {}, { startAfter: new Date(Date.now() + 3600_000) });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const after = await scrape(app);
      const delta = (state: string) =>
        (sampleValue(after, 'medhire_queue_jobs', { queue: NOTIFICATION_SWEEP_QUEUE, state }) ?? 0) -
        (sampleValue(before, 'medhire_queue_jobs', { queue: NOTIFICATION_SWEEP_QUEUE, state }) ?? 0);
      expect(delta('queued')).toBe(1);
      expect(delta('deferred')).toBe(1);
      expect(
        sampleValue(after, 'medhire_queue_oldest_queued_seconds', { queue: NOTIFICATION_SWEEP_QUEUE }),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await app.queue.startWorkers();
    }
  });

  it('counts connected sockets', async () => {
    const employer = await signedInEmployer(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket = connect(address, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: employer.token },
      query: { uid: employer.id },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(sampleValue(await scrape(app), 'medhire_socket_connections')).toBe(1);
    } finally {
      socket.disconnect();
    }
    await waitFor(async () => sampleValue(await scrape(app), 'medhire_socket_connections') === 0);
  });

  it('counts sent mail', async () => {
    const before = sampleValue(await scrape(app), 'medhire_mail_sends_total', {
      transport: 'outbox',
      result: 'sent',
    });
    await app.mailer.send({
      to: 'ops@medhire.example',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const after = sampleValue(await scrape(app), 'medhire_mail_sends_total', {
      transport: 'outbox',
      result: 'sent',
    });
    expect((after ?? 0) - (before ?? 0)).toBe(1);
  });

  it('counts a push the push service could not take as a failure, and the failed job attempt', async () => {
    const employer = await signedInEmployer(app);
    const endpoint = `https://127.0.0.1:1/push/${employer.id}`;
    const [token] = await app.db
      .insert(pushTokens)
      .values({ userId: employer.id, endpoint, value: JSON.stringify({ endpoint, keys: BROWSER_PUSH_KEYS }) })
      .returning();
    const [notification] = await app.db
      .insert(notifications)
      .values({
        userId: employer.id,
        type: 'APPLY_ON_JOB',
        title: 'New applicant',
        body: 'A physician applied.',
      })
      .returning();
    if (!token || !notification) throw new Error('No rows.');
    await app.queue.send(NOTIFICATION_PUSH_QUEUE, { pushTokenId: token.id, notificationId: notification.id });

    await waitFor(
      async () =>
        (sampleValue(await scrape(app), 'medhire_push_sends_total', { result: 'failed' }) ?? 0) >= 1,
    );
    const samples = await scrape(app);
    expect(sampleValue(samples, 'medhire_push_sends_total', { result: 'sent' })).toBe(0);
    expect(
      sampleValue(samples, 'medhire_queue_job_failures_total', { queue: NOTIFICATION_PUSH_QUEUE }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('mail failures', () => {
  it('counts an e-mail the SMTP server did not take', async () => {
    const app = await buildTestApp({
      metrics: { token: TOKEN, port: undefined },
      smtpUrl: 'smtp://127.0.0.1:1',
    });
    try {
      await expect(
        app.mailer.send({ to: 'ops@medhire.example', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
      ).rejects.toThrow();
      const samples = await scrape(app);
      expect(sampleValue(samples, 'medhire_mail_sends_total', { transport: 'smtp', result: 'failed' })).toBe(
        1,
      );
      expect(sampleValue(samples, 'medhire_mail_sends_total', { transport: 'smtp', result: 'sent' })).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('/metrics on METRICS_PORT', () => {
  it('serves /metrics on 127.0.0.1 without a token, and nothing on the public port', async () => {
    const app = await buildTestApp({ metrics: { token: undefined, port: 0 } });
    let url: string;
    try {
      const address = app.metrics.listenerAddress();
      expect(address?.address).toBe('127.0.0.1');
      url = `http://127.0.0.1:${address?.port}`;

      await app.inject({ method: 'GET', url: '/api/health/live' });
      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const samples = parsePrometheusText(await response.text());
      expect(
        sampleValue(samples, 'medhire_http_requests_total', {
          route: '/api/health/live',
          status_code: '200',
        }),
      ).toBe(1);
      expect((await fetch(`${url}/anything-else`)).status).toBe(404);
      expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);

      const publicPort = await app.inject({ method: 'GET', url: '/metrics' });
      expect(publicPort.statusCode).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });

  it('stops the start with a message naming METRICS_PORT when the port is taken', async () => {
    const first = await buildTestApp({ metrics: { token: undefined, port: 0 } });
    try {
      const port = first.metrics.listenerAddress()?.port;
      const shared = await getTestDatabase();
      const second = await buildApp(testConfig({ metrics: { token: undefined, port } }), {
        database: { ...shared, close: async () => {} },
      });
      try {
        await expect(second.ready()).rejects.toThrow(/127\.0\.0\.1:\d+ \(METRICS_PORT\): .*EADDRINUSE/);
      } finally {
        await second.close().catch(() => {});
      }
    } finally {
      await first.close();
    }
  });
});
