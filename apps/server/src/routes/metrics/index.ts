import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sendFailure } from '../../lib/reply.ts';

/** A scraper asks every 15–60 s; this only slows down someone guessing the token. */
const SCRAPE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * GET /metrics on the public port, for a Prometheus that presents METRICS_TOKEN as a bearer
 * token. Registered only when METRICS_TOKEN is set; otherwise /metrics is an unknown address.
 * The token is compared as SHA-256 digests with timingSafeEqual: equal lengths always, so the
 * time taken says nothing about how much of a guess was right, nor about the token's length.
 */
const metricsRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  const expected = digest(token);
  const isAuthorized = (header: string | undefined): boolean => {
    const match = header ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: SCRAPE_LIMIT } },
    async (request, reply) => {
      if (!isAuthorized(request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendFailure(reply, 401, {
          message: 'Metrics need the bearer token this server was configured with (METRICS_TOKEN).',
          code: 'UNAUTHENTICATED',
        });
      }
      const body = await app.metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
    },
  );
};

export default metricsRoutes;
