import type { TNotificationSocketPayload } from './notifications.ts';

/**
 * Names of the events the server emits on a user's socket room (`user:<id>`). Each feature's
 * contract file describes its payload; this file gathers the names in one place.
 */
export const SOCKET_EVENTS = {
  /** A live message: `{ conversationId, message }` (conversations.ts, physicians.ts). */
  onMessage: 'onMessage',
  /** A match changed: the match (matches.ts). */
  onNewMatch: 'onNewMatch',
  /** A new notification: `{ notification, unreadCount }` (notifications.ts). */
  onNotification: 'onNotification',
} as const;
export type TSocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Payloads of the server → client events whose shape this contract fixes. */
export interface ServerToClientPayloads {
  onNotification: TNotificationSocketPayload;
}
