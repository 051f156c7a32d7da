import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDataDir } from '../helper.ts';

const WEB_INDEX_HTML =
  '<!doctype html><html><head><title>MedHire</title></head><body><div id="root"></div></body></html>';
const PHYSICIAN_INDEX_HTML =
  '<!doctype html><html><head><title>MedHire for physicians</title><link rel="manifest" href="/physician/manifest.webmanifest"></head><body><div id="root"></div><script type="module" src="/physician/assets/index-phy123.js"></script></body></html>';
const MANIFEST = JSON.stringify({
  name: 'MedHire for physicians',
  start_url: '/physician/',
  scope: '/physician/',
});
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function writeBuilds(name: string): { webDistDir: string; physicianDistDir: string } {
  const webDistDir = path.join(testDataDir(), `${name}-web`);
  mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDistDir, 'index.html'), WEB_INDEX_HTML);

  const physicianDistDir = path.join(testDataDir(), `${name}-physician`);
  mkdirSync(path.join(physicianDistDir, 'assets'), { recursive: true });
  writeFileSync(path.join(physicianDistDir, 'index.html'), PHYSICIAN_INDEX_HTML);
  writeFileSync(path.join(physicianDistDir, 'assets', 'index-phy123.js'), 'console.log("physician");');
  writeFileSync(path.join(physicianDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(physicianDistDir, 'manifest.webmanifest'), MANIFEST);
  return { webDistDir, physicianDistDir };
}

describe('serving the physician app under /physician/', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(writeBuilds('both-built'));
  });
  afterAll(() => app.close());

  it.each([
    '/physician/',
    '/physician/jobs',
    '/physician/jobs/123',
    '/physician/messages/abc?from=push',
    '/physician/unknown/deep/link',
  ])('answers the browser navigation %s with the physician shell, never cached', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(PHYSICIAN_INDEX_HTML);
  });

  it('sends /physician to /physician/, where the app and its service worker scope live', async () => {
    const response = await app.inject({ method: 'GET', url: '/physician?ref=mail', headers: HTML });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/physician/?ref=mail');
  });

  it.each(['/', '/jobs/123', '/physicians', '/physician-jobs'])(
    'keeps answering the employer navigation %s with the employer shell',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(WEB_INDEX_HTML);
    },
  );

  it('serves the hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/physician/assets/index-phy123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the service worker and the manifest for revalidation, so a deploy reaches installed apps', async () => {
    const worker = await app.inject({ method: 'GET', url: '/physician/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const manifest = await app.inject({ method: 'GET', url: '/physician/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toMatchObject({ scope: '/physician/', start_url: '/physician/' });
  });

  it('answers a missing physician script with the 404 envelope, not the shell', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/physician/assets/gone-999.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('refuses to walk out of the physician build', async () => {
    const response = await app.inject({ method: 'GET', url: '/physician/..%2f..%2fjwt-secret' });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('physician');
  });
});

describe("a signed-in physician's first screens", () => {
  const JOBS_HTML = PHYSICIAN_INDEX_HTML.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/physician/assets/job-screens-abc.js"></head>',
  );
  let app: FastifyInstance;

  beforeAll(async () => {
    const builds = writeBuilds('with-jobs-page');
    writeFileSync(path.join(builds.physicianDistDir, 'jobs.html'), JOBS_HTML);
    app = await buildTestApp(builds);
  });
  afterAll(() => app.close());

  it.each([
    '/physician/jobs',
    '/physician/jobs/',
    '/physician/jobs?specialty=cardiology',
    '/physician/jobs/123',
    '/physician/jobs/123/?from=alert',
  ])("answers %s with jobs.html, which names the job screens' chunks, never cached", async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(JOBS_HTML);
  });

  it.each(['/physician/', '/physician/jobs/saved', '/physician/jobs/123/apply', '/physician/messages'])(
    'answers %s, another screen, with the plain shell',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(PHYSICIAN_INDEX_HTML);
    },
  );
});

describe('before the physician app is built', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const { webDistDir } = writeBuilds('web-only');
    app = await buildTestApp({
      webDistDir,
      physicianDistDir: path.join(testDataDir(), 'physician-never-built'),
    });
  });
  afterAll(() => app.close());

  it('answers a physician navigation with a 503 page saying how to build, and never with the employer app', async () => {
    const response = await app.inject({ method: 'GET', url: '/physician/jobs', headers: HTML });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
    expect(response.body).not.toBe(WEB_INDEX_HTML);
  });

  it('keeps serving the employer app', async () => {
    const response = await app.inject({ method: 'GET', url: '/jobs', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(WEB_INDEX_HTML);
  });
});
