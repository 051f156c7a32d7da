import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';
import { DOCS_PREFIX } from './docs.ts';

/** Where uploaded images come from when they live in S3-compatible storage. */
function storageOrigin(config: AppConfig): string[] {
  if (!config.s3) return [];
  const { endpoint, bucket, region } = config.s3;
  return [endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region}.amazonaws.com`];
}

export function contentSecurityPolicy(config: AppConfig) {
  const isHttps = config.publicUrl.startsWith('https:');
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // React's style={{…}} attributes and the toast library's injected stylesheet are
      // inline styles; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigin(config)],
      mediaSrc: ["'self'", 'blob:', ...storageOrigin(config)],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Upgrading on a plain-HTTP deployment would send every request to a port with
      // nothing listening.
      ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The headers of a JSON answer of the API (OWASP's REST Security Cheat Sheet): no content
 * sniffing, no framing, no loading from another origin, and a policy that allows nothing, since
 * a JSON body is never a document. The page-only headers (the app's full CSP, COOP, the legacy
 * IE/Flash ones) would add about 470 bytes to every answer for nothing.
 */
export function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(config.publicUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' }
      : {}),
  };
}

/** Whether a request is for the JSON API rather than a page, an asset or the API's own docs UI. */
export function isApiRequest(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);
}

/**
 * Security headers on every response: helmet's full set for pages, assets and uploads, the
 * short API set for the JSON API; CORS only for the origins CORS_ORIGINS lists.
 */
export default fp(
  async (app) => {
    const config = app.config;
    // helmet's middleware is built once here: @fastify/helmet builds it again for every request
    // (parsing the CSP directives each time), which was a tenth of a liveness check's cost.
    const applySecurityHeaders = helmet({
      contentSecurityPolicy: contentSecurityPolicy(config),
      frameguard: { action: 'deny' },
      strictTransportSecurity: config.publicUrl.startsWith('https:')
        ? { maxAge: 15_552_000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // Set on the reply, not the raw response: one object merged at writeHead, and a route can
    // still replace any of them with reply.header().
    const apiHeaders = apiSecurityHeaders(config);
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiRequest(request.url)) {
        reply.headers(apiHeaders);
        return done();
      }
      applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: config.corsOrigins,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      });
    }
  },
  { name: 'security', dependencies: ['config'] },
);
