import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_RIGHTS } from '../../src/domain/team/route-rights.ts';
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

describe('the OpenAPI security requirements', () => {
  let app: FastifyInstance;
  let counter = 0;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** Every operation of the document, with whether it declares that a session is needed. */
  async function operations() {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
        url: path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000'),
        isSecured: Array.isArray(operation.security) && operation.security.length > 0,
      })),
    );
  }

  it('say what each route does without a session: secured routes answer 401, the others do not', async () => {
    const list = await operations();
    expect(list.length).toBeGreaterThan(100);
    const disagreements: string[] = [];
    for (const { key, method, url, isSecured } of list) {
      counter += 1;
      const response = await app.inject({
        method,
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        remoteAddress: `10.88.${Math.floor(counter / 250)}.${(counter % 250) + 1}`,
      });
      const needsSession = response.statusCode === 401;
      if (needsSession !== isSecured) {
        disagreements.push(
          `${key}: the document says ${isSecured ? 'secured' : 'public'}, the server answers ${response.statusCode}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('agree with the rights table: a route it calls public declares no security, any other does', async () => {
    const secured = new Map((await operations()).map(({ key, isSecured }) => [key, isSecured]));
    const disagreements = Object.entries(ROUTE_RIGHTS).flatMap(([key, rule]) => {
      const documentKey = key.replace(/:(\w+)/g, '{$1}');
      const isSecured = secured.get(documentKey);
      if (isSecured === undefined) return [`${key} is missing from the document`];
      return isSecured === (rule.kind !== 'public')
        ? []
        : [`${key}: the rights table says ${rule.kind}, the document ${isSecured ? 'secured' : 'public'}`];
    });
    expect(disagreements).toEqual([]);
  });
});
