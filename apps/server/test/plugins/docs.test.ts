import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';

describe('OpenAPI at /api/docs', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('publishes an OpenAPI 3.1 document generated from the contract schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('MedHire API');
    const health = document.paths['/api/health'].get;
    const data = health.responses['200'].content['application/json'].schema.properties.data;
    expect(data.required).toEqual(expect.arrayContaining(['status', 'version', 'uptimeSeconds', 'database']));
    expect(Object.keys(document.paths).some((url) => url.startsWith('/api/docs'))).toBe(false);
  });

  it('serves the browsable UI with scripts from its own origin only', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-type']).toMatch(/javascript/);
  });
});
