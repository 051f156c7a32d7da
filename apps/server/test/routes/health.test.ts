import { ZFailure } from '@medhire/contract/envelope';
import { ZHealth } from '@medhire/contract/health';
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

  it('reports ok with the version, uptime and the database driver in the success envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    const health = ZHealth.parse(body.data);
    expect(health.status).toBe('ok');
    expect(health.database).toEqual({ reachable: true, driver: database.driver });
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with the failure envelope when the database does not answer', async () => {
    const unreachable: Database = { ...database, ping: async () => false, close: async () => {} };
    const failing = await buildTestApp({}, { database: unreachable });
    try {
      const response = await failing.inject({ method: 'GET', url: '/api/health' });

      expect(response.statusCode).toBe(503);
      const body = ZFailure.parse(response.json());
      expect(body.error.code).toBe('UNAVAILABLE');
      expect(body.error.details).toMatchObject({ database: { reachable: false, driver: database.driver } });
    } finally {
      await failing.close();
    }
  });
});
