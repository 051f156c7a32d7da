import type { Db } from '../db/index.ts';
import { authenticateAnySession, type SessionIdentity } from '../domain/auth/authenticate-session.ts';
import { AppError, isAppError } from '../lib/app-error.ts';

/** The room of one user's sockets (all their tabs and devices). */
export const userRoom = (userId: string) => `user:${userId}`;

/** The room of one session's sockets: signing that session out disconnects them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What a Socket.IO handshake carries that authentication reads. */
export interface SocketHandshake {
  auth: Record<string, unknown>;
  query: Record<string, unknown>;
}

/**
 * A refused connection: Socket.IO hands `message` and `data` to the client's connect_error, so
 * the client can tell an ended session (sign in again) from a wrong user id.
 */
function refusal(error: AppError): Error & { data: { code: string } } {
  return Object.assign(new Error(error.message), { data: { code: error.code } });
}

/**
 * Authenticates a socket with the session token of its handshake (`auth.token`, ARCHITECTURE.md)
 * the same way as an API request, for an employer or a physician. The spec's `uid` query, when sent, must be the token's own
 * user: it is checked, never trusted alone.
 */
export async function authenticateSocket(db: Db, handshake: SocketHandshake): Promise<SessionIdentity> {
  const token = typeof handshake.auth.token === 'string' ? handshake.auth.token : undefined;
  try {
    const identity = await authenticateAnySession(db, token);
    const uid = handshake.query.uid;
    if (uid !== undefined && uid !== identity.userId) {
      throw new AppError('FORBIDDEN', 'You can only connect as yourself.');
    }
    return identity;
  } catch (error) {
    if (isAppError(error)) throw refusal(error);
    throw error;
  }
}
