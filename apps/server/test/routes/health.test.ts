import { ZFailure } from '@medhire/contract/envelope';
import { ZHealth, ZLiveness } from '@medhire/contract/health';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { buildTestApp, getTestDatabase } from '../helper.ts';

describe('GET /api/health', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    app = await buildTestApp();
    database = await getTestDatabase();
  });
  afterAll(() => app.close());

  it('reports ok with the version, uptime, and the database engine, version and latency', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    const health = ZHealth.parse(body.data);
    expect(health.status).toBe('ok');
    expect(health.database.reachable).toBe(true);
    expect(health.database.engine).toBe(database.engine);
    expect(health.database.version).toMatch(/^\d+(\.\d+)?/);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.redis).toBeUndefined();
  });

  it('answers 503 with the failure envelope when the database does not answer', async () => {
    const unreachable: Database = { ...database, ping: async () => undefined, close: async () => {} };
    const failing = await buildTestApp({}, { database: unreachable });
    try {
      const response = await failing.inject({ method: 'GET', url: '/api/health' });

      expect(response.statusCode).toBe(503);
      const body = ZFailure.parse(response.json());
      expect(body.error.code).toBe('UNAVAILABLE');
      expect(body.error.message).toBe(
        'MedHire cannot reach its database right now. Please try again in a moment.',
      );
      expect(body.error.details).toMatchObject({
        database: {
          reachable: false,
          engine: database.engine,
          problem: expect.stringMatching(/does not answer/),
        },
      });
    } finally {
      await failing.close();
    }
  });

  it('says the embedded database is being started again while it is', async () => {
    const restarting: Database = {
      ...database,
      engine: 'embedded-postgres',
      ping: async () => undefined,
      isRestarting: () => true,
      close: async () => {},
    };
    const failing = await buildTestApp({}, { database: restarting });
    try {
      const response = await failing.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(ZFailure.parse(response.json()).error.details).toMatchObject({
        database: {
          reachable: false,
          problem: 'The embedded database stopped unexpectedly; the server is starting it again.',
        },
      });
    } finally {
      await failing.close();
    }
  });

  it('reports Redis when REDIS_URL is set', async (context) => {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) context.skip();
    const withRedis = await buildTestApp({ redisUrl });
    try {
      const response = await withRedis.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(ZHealth.parse(response.json().data).redis).toMatchObject({ reachable: true });
    } finally {
      await withRedis.close();
    }
  });
});

describe('GET /api/health/live', () => {
  it('answers ok without touching the database', async () => {
    const database = await getTestDatabase();
    let pinged = false;
    const watched: Database = {
      ...database,
      ping: async () => {
        pinged = true;
        return 1;
      },
      close: async () => {},
    };
    const app = await buildTestApp({}, { database: watched });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
      expect(ZLiveness.parse(response.json().data)).toEqual({ status: 'ok' });
      expect(pinged).toBe(false);
    } finally {
      await app.close();
    }
  });
});
