import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDataDir } from './helper.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>MedHire</title></head><body><div id="root"></div></body></html>';
const SIGN_IN_HTML =
  '<!doctype html><html><head><title>Sign in · MedHire</title></head><body><div id="root"><h1>Sign in to MedHire</h1></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function writeWebBuild(name: string, { withSignIn }: { withSignIn: boolean }): string {
  const distDir = path.join(testDataDir(), name);
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  if (withSignIn) {
    writeFileSync(path.join(distDir, 'sign-in.html'), SIGN_IN_HTML);
    writeFileSync(path.join(distDir, 'sign-in.html.br'), brotliCompressSync(SIGN_IN_HTML));
  }
  return distDir;
}

describe('the prerendered sign-in page', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ webDistDir: writeWebBuild('web-dist-prerendered', { withSignIn: true }) });
  });
  afterAll(() => app.close());

  it.each(['/', '/signIn', '/signIn?redirectTo=%2Fjobs', '/?utm_source=mail'])(
    'answers the browser navigation %s with sign-in.html, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SIGN_IN_HTML);
    },
  );

  it.each(['/jobs', '/register', '/signIn/extra', '/establish-profile?step=2'])(
    'answers the browser navigation %s with index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('sends the Brotli copy the build wrote to a browser that accepts it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/signIn',
      headers: { ...HTML, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SIGN_IN_HTML);
  });

  it('answers HEAD / like GET /', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(SIGN_IN_HTML));
  });

  it('keeps answering / with index.html when the request is not a page navigation', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('still answers a non-page request for /signIn with the 404 envelope', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/signIn',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('a build without the prerendered page', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ webDistDir: writeWebBuild('web-dist-plain', { withSignIn: false }) });
  });
  afterAll(() => app.close());

  it.each(['/', '/signIn'])('answers %s with index.html', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});
