import type { Server } from 'socket.io';
import { sessionRoom, userRoom } from './authenticate-socket.ts';

/**
 * Disconnects the sockets of one ended session, on every instance (the adapter carries
 * `disconnectSockets` to the others). The client is told 'io server disconnect' and does not
 * reconnect with the ended token on its own.
 */
export function disconnectSession(io: Server, sessionId: string): void {
  io.in(sessionRoom(sessionId)).disconnectSockets(true);
}

/** Disconnects every socket of the user, on every instance, but those of `exceptSessionId`. */
export function disconnectUserSessions(io: Server, userId: string, exceptSessionId?: string): void {
  const sockets = io.in(userRoom(userId));
  (exceptSessionId ? sockets.except(sessionRoom(exceptSessionId)) : sockets).disconnectSockets(true);
}
