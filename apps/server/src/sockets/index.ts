import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateSocket, sessionRoom, userRoom } from './authenticate-socket.ts';

/**
 * The socket side of the API: every connection (an employer's or a physician's) is authenticated
 * with the session token of its handshake and joins its user's room, which the services'
 * after-commit events (onNewMatch, onMessage) are sent to, and its session's room, which signing
 * that session out disconnects. A connection recovered within the recovery window is authenticated
 * again (a session ended meanwhile is refused), keeps its rooms and gets the packets it missed.
 */
const sockets: FastifyPluginAsync = async (app) => {
  app.io.use((socket, next) => {
    authenticateSocket(app.db, socket.handshake)
      .then((identity) => {
        socket.data.userId = identity.userId;
        socket.data.sessionId = identity.sessionId;
        socket.data.role = identity.role;
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  app.io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId as string), sessionRoom(socket.data.sessionId as string)]);
  });
};

export default fp(sockets, { name: 'sockets', dependencies: ['socket', 'db', 'auth'] });
