import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server at /socket.io; realtime features register their handlers on it. */
    io: Server;
  }
}

export const SOCKET_PATH = '/socket.io';

/**
 * Socket.IO on the same HTTP server as the API. With REDIS_URL set, events fan out
 * through Redis so every instance reaches every client.
 */
export default fp(
  async (app) => {
    const { corsOrigins } = app.config;
    const io = new Server(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
    });

    const redis = app.redis;
    const subscriber = redis?.duplicate();
    if (redis && subscriber) {
      subscriber.on('error', (error) => app.log.error({ err: error }, 'redis subscriber error'));
      io.adapter(createAdapter(redis, subscriber, { key: 'medhire-socket' }));
    }

    app.decorate('io', io);

    // Open websockets would otherwise keep the HTTP server from closing.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await subscriber?.quit();
    });
  },
  { name: 'socket', dependencies: ['config', 'redis'] },
);
