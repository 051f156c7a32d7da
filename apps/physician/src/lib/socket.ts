import type { TMessage } from '@medhire/contract/conversations';
import type { TPhysicianNotificationSocketPayload } from '@medhire/contract/physician-notifications';
import type { Socket } from 'socket.io-client';

export interface LiveMessage {
  conversationId: string;
  message: TMessage;
}

interface ServerEvents {
  onMessage: (event: LiveMessage) => void;
  onNotification: (event: TPhysicianNotificationSocketPayload) => void;
}

export interface LiveHandlers {
  onMessage: (event: LiveMessage) => void;
  /** A new notification and the unread count after it. */
  onNotification?: (event: TPhysicianNotificationSocketPayload) => void;
  /** Every connection after the first: whatever happened meanwhile is fetched (sync) and the outbox sent. */
  onReconnect: () => void;
  onSessionRefused: () => void;
}

export interface LiveConnection {
  close: () => void;
}

/**
 * The live connection, authenticated like the employer app's (`auth.token`, `uid` checked
 * against it). socket.io-client downloads after the first screen, not with it.
 */
export async function connectLive(
  token: string,
  uid: string,
  handlers: LiveHandlers,
): Promise<LiveConnection> {
  const { io } = await import('socket.io-client');
  const socket: Socket<ServerEvents> = io(window.location.origin, {
    path: '/socket.io',
    auth: { token },
    query: { uid },
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });
  let hasConnected = false;
  socket.on('connect', () => {
    if (hasConnected) handlers.onReconnect();
    hasConnected = true;
  });
  socket.on('onMessage', handlers.onMessage);
  const { onNotification } = handlers;
  if (onNotification) socket.on('onNotification', onNotification);
  socket.on('connect_error', (error) => {
    const code = (error as Error & { data?: { code?: unknown } }).data?.code;
    if (code === 'UNAUTHENTICATED') handlers.onSessionRefused();
  });
  return { close: () => socket.close() };
}
