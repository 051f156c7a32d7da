import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';

const STRANGER = 'https://evil.example.com';
const PARTNER = 'https://app.partner.example.com';

function preflight(app: FastifyInstance, origin: string) {
  return app.inject({
    method: 'OPTIONS',
    url: '/api/health',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization',
    },
  });
}

describe('CORS closed by default', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('grants no cross-origin access to a simple request', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: STRANGER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('grants nothing to a preflight', async () => {
    const response = await preflight(app, STRANGER);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('sends the baseline security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Plain-HTTP deployments must not be told to upgrade or pinned to HTTPS.
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS with CORS_ORIGINS', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ corsOrigins: [PARTNER], publicUrl: 'https://hire.example.com' });
  });
  afterAll(() => app.close());

  it('allows a listed origin, with credentials', async () => {
    const response = await preflight(app, PARTNER);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('still refuses any other origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: STRANGER } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('upgrades and pins HTTPS when the public address is HTTPS', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
