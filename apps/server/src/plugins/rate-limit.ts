import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`).
 * Counters live in Redis when REDIS_URL is set so every instance shares them.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: 'medhire-rate-limit:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`, {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
