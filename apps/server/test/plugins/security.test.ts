import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRequest } from '../../src/plugins/security.ts';
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

  it('gives a JSON answer the API set: a policy allowing nothing, same-origin only, no referrer', async () => {
    for (const url of ['/api/health', '/api/health/live', '/api/no-such-route']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      // The page-only headers stay off JSON answers.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it("gives pages and the API's docs the app's full policy", async () => {
    for (const url of ['/signIn', '/api/docs/']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("script-src 'self'");
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('tells API addresses from pages and the docs UI', () => {
    expect(isApiRequest('/api/employer/job/get-all-jobs/1')).toBe(true);
    expect(isApiRequest('/api/docs')).toBe(false);
    expect(isApiRequest('/api/docs/json')).toBe(false);
    expect(isApiRequest('/apiary')).toBe(false);
    expect(isApiRequest('/signIn')).toBe(false);
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
    const page = await app.inject({ method: 'GET', url: '/signIn', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+; includeSubDomains/);
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
