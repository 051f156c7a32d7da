import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, testDataDir } from '../helper.ts';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function writeWebBuild(): string {
  const distDir = path.join(testDataDir(), 'web-dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("medhire");');
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("push", () => {});');
  return distDir;
}

describe('serving the web app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ webDistDir: writeWebBuild() });
  });
  afterAll(() => app.close());

  it.each(['/', '/signIn', '/jobs/123', '/establish-profile?step=2'])(
    'answers the browser navigation %s with index.html, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/api/x', '/api/employer/nothing-here', '/uploads/missing.png', '/socket.io/nothing'])(
    'never answers %s with index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    },
  );

  it('does not answer a missing script with the app shell', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/gone-999.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("medhire");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves unhashed files at the root (service worker) for revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the strict Content-Security-Policy with the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/signIn', headers: HTML });
    const policy = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self' ws: wss:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('serves uploaded files from DATA_DIR/uploads, sandboxed', async () => {
    const { uploadsDir } = testConfig();
    writeFileSync(path.join(uploadsDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');

    const response = await app.inject({ method: 'GET', url: '/uploads/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses to walk out of the uploads folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/..%2fjwt-secret' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: { message: expect.any(String), code: 'FORBIDDEN' },
    });
  });
});

describe('before the web app is built', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ webDistDir: path.join(testDataDir(), 'never-built') });
  });
  afterAll(() => app.close());

  it('answers browser navigations with a 503 page saying how to build', async () => {
    const response = await app.inject({ method: 'GET', url: '/signIn', headers: HTML });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });

  it('keeps the API working', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
  });
});
