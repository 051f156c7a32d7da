import { createAdapter } from '@socket.io/redis-streams-adapter';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server at /socket.io; realtime features register their handlers on it. */
    io: Server;
  }
}

export const SOCKET_PATH = '/socket.io';

/** How long a dropped client's missed packets are kept for it; a longer absence calls `sync`. */
export const SOCKET_RECOVERY_MS = 2 * 60_000;

/**
 * Socket.IO on the same HTTP server as the API, with connection-state recovery: a client that
 * reconnects within SOCKET_RECOVERY_MS gets the packets it missed (`socket.recovered`). With
 * REDIS_URL set, events fan out through a Redis stream (not pub/sub, which drops what is sent
 * while an instance or Redis is away), so every instance reaches every client and the missed
 * packets are read back from the stream; without it, the in-process adapter keeps them.
 */
export default fp(
  async (app) => {
    const { corsOrigins } = app.config;
    const io = new Server(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: SOCKET_RECOVERY_MS, skipMiddlewares: false },
      cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
    });

    const redis = app.redis;
    if (redis) {
      io.adapter(
        createAdapter(redis, {
          streamName: 'medhire-socket',
          sessionKeyPrefix: 'medhire-socket:session:',
          onlyPlaintext: true,
        }),
      );
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
    });
  },
  { name: 'socket', dependencies: ['config', 'redis'] },
);
