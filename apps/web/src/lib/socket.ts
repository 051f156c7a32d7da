import type { TMessage } from '@medhire/contract/conversations';
import type { TMatchUpdate } from '@medhire/contract/matches';
import type { TNotificationSocketPayload } from '@medhire/contract/notifications';
import { io, type Socket } from 'socket.io-client';
import { reportEnrolmentRequired, TWO_STEP_ENROLMENT_REQUIRED } from './two-step-enrolment.ts';

/** Where the server listens for sockets (ARCHITECTURE.md: one process serves /api and /socket.io). */
export const SOCKET_PATH = '/socket.io';
/** Spec §9: socket reconnect delay 1000 ms, at most 5000 ms. */
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;

/** The payload of the server's onMessage event: a physician wrote in one of the conversations. */
export interface LiveMessage {
  conversationId: string;
  message: TMessage;
}

interface ServerEvents {
  onMessage: (event: LiveMessage) => void;
  onNewMatch: (update: TMatchUpdate) => void;
  onNotification: (event: TNotificationSocketPayload) => void;
}

export type RealtimeSocket = Socket<ServerEvents, Record<string, never>>;

export interface RealtimeHandlers {
  onMessage: (event: LiveMessage) => void;
  onNewMatch: (update: TMatchUpdate) => void;
  /** A new notification for the user, with their unread count after it. */
  onNotification: (event: TNotificationSocketPayload) => void;
  /** The connection came back after a loss: whatever was sent meanwhile was missed. */
  onReconnect: () => void;
  /**
   * The server refused the session (signed out elsewhere, password changed, removed from the
   * team): the page must sign out, since no retry can succeed.
   */
  onSessionEnded?: () => void;
}

export interface RealtimeOptions {
  /** The session token; the server authenticates the handshake with it. */
  token: string;
  /** The signed-in user's id, sent as the spec's `uid` query (checked against the token). */
  uid: string;
  handlers: RealtimeHandlers;
  /** The backend's origin; the page's own by default. */
  origin?: string;
}

export interface RealtimeConnection {
  socket: RealtimeSocket;
  /** Ends the connection for good (sign-out, or the signed-in shell going away). */
  close: () => void;
}

function refusalCode(error: Error): unknown {
  return (error as Error & { data?: { code?: unknown } }).data?.code;
}

/** A refusal whose retry cannot succeed: the session has ended and only signing in again helps. */
function isSessionRefusal(error: Error): boolean {
  return refusalCode(error) === 'UNAUTHENTICATED';
}

/**
 * Opens the session's realtime connection (spec §7 "Realtime"). Reconnection is on with
 * unlimited attempts. On a connect error, a timeout or a disconnect the message listener is
 * removed until the socket connects again; after 'io server disconnect' (the server closed it)
 * the client asks to reconnect itself, since Socket.IO does not retry that case on its own.
 */
export function connectRealtime({
  token,
  uid,
  handlers,
  origin = window.location.origin,
}: RealtimeOptions): RealtimeConnection {
  const socket: RealtimeSocket = io(origin, {
    path: SOCKET_PATH,
    auth: { token },
    query: { uid },
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    transports: ['websocket'],
  });

  let hasConnected = false;
  let isClosed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const onMessage = (event: LiveMessage) => handlers.onMessage(event);
  const onNewMatch = (update: TMatchUpdate) => handlers.onNewMatch(update);
  const onNotification = (event: TNotificationSocketPayload) => handlers.onNotification(event);
  const removeMessageListener = () => {
    socket.off('onMessage', onMessage);
  };

  const retryLater = () => {
    if (isClosed || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (!isClosed && !socket.connected) socket.connect();
    }, SOCKET_RECONNECT_DELAY_MAX_MS);
  };

  socket.on('connect', () => {
    // Never twice: a listener left from an earlier connection would show each message twice.
    removeMessageListener();
    socket.on('onMessage', onMessage);
    if (hasConnected) handlers.onReconnect();
    hasConnected = true;
  });
  socket.on('onNewMatch', onNewMatch);
  socket.on('onNotification', onNotification);

  socket.on('connect_error', (error) => {
    removeMessageListener();
    // A transport failure or timeout is retried by Socket.IO itself (the socket stays active).
    // A refusal by the server is not: try again later, unless the session itself has ended.
    if (isSessionRefusal(error)) {
      if (!isClosed) handlers.onSessionEnded?.();
      return;
    }
    // Held to setting up two-step sign-in: the app leaves the signed-in shell (and this socket).
    if (refusalCode(error) === TWO_STEP_ENROLMENT_REQUIRED) {
      reportEnrolmentRequired();
      return;
    }
    if (!socket.active) retryLater();
  });

  socket.on('disconnect', (reason) => {
    removeMessageListener();
    if (reason === 'io server disconnect' && !isClosed) socket.connect();
  });

  return {
    socket,
    close: () => {
      isClosed = true;
      if (retry !== undefined) clearTimeout(retry);
      removeMessageListener();
      socket.off();
      socket.disconnect();
    },
  };
}
