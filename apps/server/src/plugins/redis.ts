import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection when REDIS_URL is set; null runs everything in-process. */
    redis: Redis | null;
  }
}

export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    // Commands issued in the same tick go out in one write: a sent message's socket events
    // (onMessage, onNotification) are one stream append each on the Redis adapter.
    // Loaded only when Redis is configured: a single instance never needs the client.
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
    redis.on('error', (error) => app.log.error({ err: error }, 'redis connection error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
