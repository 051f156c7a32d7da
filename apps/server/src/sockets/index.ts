import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateSocket, userRoom } from './authenticate-socket.ts';

/**
 * The socket side of the API: every connection is authenticated with the session token of its
 * handshake and joins its user's room, which the services' after-commit events (onNewMatch,
 * onMessage) are sent to.
 */
const sockets: FastifyPluginAsync = async (app) => {
  app.io.use((socket, next) => {
    authenticateSocket(app.db, socket.handshake)
      .then((identity) => {
        socket.data.userId = identity.userId;
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  app.io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId as string));
  });
};

export default fp(sockets, { name: 'sockets', dependencies: ['socket', 'db', 'auth'] });
