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
/** What a client trying to connect to an instance that is shutting down is told (HTTP 403). */
export const SHUTTING_DOWN_MESSAGE = 'This server is shutting down; connect again.';

export default fp(
  async (app) => {
    const { corsOrigins } = app.config;
    let isClosing = false;
    const io = new Server(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: SOCKET_RECOVERY_MS, skipMiddlewares: false },
      cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
      // A closing instance takes no new connections; the client's reconnection tries again
      // (another instance, behind a load balancer).
      allowRequest: (_request, answer) => answer(isClosing ? SHUTTING_DOWN_MESSAGE : null, !isClosing),
    });

    const redis = app.redis;
    if (redis) {
      const { createAdapter } = await import('@socket.io/redis-streams-adapter');
      io.adapter(
        createAdapter(redis, {
          streamName: 'medhire-socket',
          sessionKeyPrefix: 'medhire-socket:session:',
          onlyPlaintext: true,
        }),
      );
    }

    app.decorate('io', io);

    /**
     * Shutting down (SIGTERM): before the HTTP server stops accepting, every open socket's
     * transport is closed (open websockets would otherwise keep the server from closing). The
     * client sees a lost transport, not a goodbye, so any Socket.IO client reconnects on its own
     * (to another instance behind a load balancer), and within the recovery window gets the
     * packets it missed: its session is kept, in Redis with REDIS_URL. Requests in flight (a
     * send) finish; their onMessage still fans out through the adapter, which closes last.
     */
    app.addHook('preClose', async () => {
      isClosing = true;
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
      // The recovery sessions are written to Redis in order on its connection: one answer
      // after them means they are stored before Redis closes.
      if (redis) await redis.ping().catch(() => undefined);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
    });
  },
  { name: 'socket', dependencies: ['config', 'redis'] },
);
