import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendFailure } from '../lib/reply.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const UPLOADS_MAX_AGE = '1d';

/**
 * Addresses whose first paint is the signed-out sign-in page, prerendered at build time into
 * sign-in.html (apps/web/build/prerender.ts). A signed-in visitor gets it too and is sent on by
 * the app once it runs: sessions live in the browser, so the server cannot tell them apart.
 */
const PRERENDERED_SIGN_IN_PATHS = new Set(['/', '/signIn']);
const SIGN_IN_HTML = 'sign-in.html';

/**
 * The physician app (apps/physician) lives below this path, built with Vite `base: '/physician/'`:
 * its own shell, assets, manifest and service worker, whose scope is this path.
 */
export const PHYSICIAN_PREFIX = '/physician';

/**
 * A signed-in physician's first screens, the job search and a job (/physician/jobs/saved is
 * another screen): answered with jobs.html, a copy of index.html that already names the job
 * screens' chunks and styles (apps/physician/build/route-preloads.ts), so the browser fetches
 * them beside the entry script and the app's loader adds no links while it starts.
 */
const PHYSICIAN_JOB_SCREEN_PATH = /^\/physician\/jobs(?:\/(?!saved\/?$)[^/]+)?\/?$/;
const PHYSICIAN_JOBS_HTML = 'jobs.html';

/** Paths the SPA never owns: an unknown address below them is a 404, not the app shell. */
const SERVER_PREFIXES = ['/api', '/uploads', '/socket.io'];

/** Unknown addresses are cheap to probe; throttle them so the 404 path cannot be used to flood the server. */
export const NOT_FOUND_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * Uploaded files are user content: never let one run as a page (an uploaded SVG or HTML
 * file opened directly), only display it.
 */
const UPLOADS_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>MedHire is not built yet</title></head>
<body>
<h1>The MedHire web app is not built yet</h1>
<p>Run <code>npm run build</code>, then reload this page. The API at <code>/api</code> is running.</p>
</body>
</html>
`;

function pathnameOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function isPhysicianPath(pathname: string): boolean {
  return pathname === PHYSICIAN_PREFIX || pathname.startsWith(`${PHYSICIAN_PREFIX}/`);
}

/** A browser navigation to a client-side route (/signIn, /jobs/123 …) gets the app shell. */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isServerPath(pathnameOf(request))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built SPA and the uploaded files, and owns the 404 path: client-side routes
 * fall back to index.html, everything else (in particular any /api address) answers the
 * 404 failure envelope.
 */
export default fp(
  async (app) => {
    const { webDistDir, physicianDistDir, uploadsDir } = app.config;
    const indexHtml = path.join(webDistDir, 'index.html');
    const signInHtml = path.join(webDistDir, SIGN_IN_HTML);
    const assetsDir = `${path.join(webDistDir, 'assets')}${path.sep}`;

    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: UPLOADS_MAX_AGE,
      setHeaders: (reply) => {
        reply.setHeader('content-security-policy', UPLOADS_CSP);
      },
    });

    // Registered whenever the folder exists, even before a build put index.html in it,
    // so a build made while the server runs is picked up without a restart.
    const hasWebDist = existsSync(webDistDir);
    if (hasWebDist) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        wildcard: true,
        dotfiles: 'deny',
        cacheControl: false,
        // The web build writes .br and .gz copies of each text asset; send those as they are.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          // Vite puts content-hashed files under assets/; everything else (index.html,
          // service worker, manifest) must be revalidated so a deploy is seen at once.
          reply.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
        },
      });
      // Without this route the static files' directory index would answer / with index.html.
      app.get('/', (request, reply) =>
        isAppNavigation(request) ? sendAppShell(request, reply) : reply.sendFile('index.html', webDistDir),
      );
    }

    // The physician app: hashed assets immutable, everything else (index.html, sw.js, the
    // manifest, icons) revalidated so a deploy reaches installed apps at once.
    const physicianIndexHtml = path.join(physicianDistDir, 'index.html');
    const physicianAssetsDir = `${path.join(physicianDistDir, 'assets')}${path.sep}`;
    if (existsSync(physicianDistDir)) {
      await app.register(fastifyStatic, {
        root: physicianDistDir,
        prefix: `${PHYSICIAN_PREFIX}/`,
        decorateReply: false,
        wildcard: true,
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        // The physician build writes .br and .gz copies of each text asset too.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          reply.setHeader('cache-control', filePath.startsWith(physicianAssetsDir) ? IMMUTABLE : REVALIDATE);
        },
      });
      // The static files would refuse the folder itself; it is the app's start URL.
      app.get(`${PHYSICIAN_PREFIX}/`, (request, reply) => sendPhysicianShell(request, reply));
    }

    /** index.html of the physician app for any of its client routes (/physician/jobs/123 …). */
    async function sendPhysicianShell(request: FastifyRequest, reply: FastifyReply) {
      // Without the trailing slash the app's relative assets and service-worker scope do not apply.
      if (pathnameOf(request) === PHYSICIAN_PREFIX) {
        const queryStart = request.url.indexOf('?');
        return reply.redirect(
          `${PHYSICIAN_PREFIX}/${queryStart === -1 ? '' : request.url.slice(queryStart)}`,
          301,
        );
      }
      // index.html stands in for jobs.html when a build without it is being served.
      const html =
        (PHYSICIAN_JOB_SCREEN_PATH.test(pathnameOf(request))
          ? await readFile(path.join(physicianDistDir, PHYSICIAN_JOBS_HTML)).catch(() => undefined)
          : undefined) ?? (await readFile(physicianIndexHtml).catch(() => undefined));
      if (html) {
        return reply
          .code(200)
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(html);
      }
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE.replaceAll('web app', 'physician app'));
    }

    async function sendAppShell(request: FastifyRequest, reply: FastifyReply) {
      if (isPhysicianPath(pathnameOf(request))) return sendPhysicianShell(request, reply);
      if (hasWebDist && existsSync(indexHtml)) {
        const isPrerendered = PRERENDERED_SIGN_IN_PATHS.has(pathnameOf(request)) && existsSync(signInHtml);
        return reply.code(200).sendFile(isPrerendered ? SIGN_IN_HTML : 'index.html', webDistDir);
      }
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }

    app.setNotFoundHandler(
      {
        preHandler: app.rateLimit({
          ...NOT_FOUND_RATE_LIMIT,
          allowList: (request) => isAppNavigation(request),
        }),
      },
      async (request, reply) => {
        if (isAppNavigation(request)) return sendAppShell(request, reply);
        return sendFailure(reply, 404, { message: 'This address does not exist.', code: 'NOT_FOUND' });
      },
    );
  },
  { name: 'web-app', dependencies: ['config', 'rate-limit'] },
);
