import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';

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

/** Security headers on every response, and CORS only for the origins CORS_ORIGINS lists. */
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
    app.addHook('onRequest', (request, reply, done) => {
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
