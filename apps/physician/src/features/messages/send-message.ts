import type { TMessage } from '@medhire/contract/conversations';
import type { TPhysicianSentMessage } from '@medhire/contract/physicians';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { api } from '../../lib/api.ts';
import { HttpError, request } from '../../lib/http.ts';
import { conversationsApi, mergeIntoPage, mergeMessage } from './conversations-api.ts';
import {
  messageDelivered,
  messageQueued,
  type OutboxState,
  sendDeferred,
  sendFailed,
  sendStarted,
} from './outbox-slice.ts';

// Typed against the slices this feature reads, not the app's store: the app composes features.
export type MessagesState = { outbox: OutboxState; api: ReturnType<typeof api.reducer> };
export type MessagesThunk<Result = void> = ThunkAction<Result, MessagesState, unknown, UnknownAction>;
type Thunk<Result = void> = MessagesThunk<Result>;

export type SendMessageCall = (
  conversationId: string,
  body: { body: string; tempMsgId: string },
) => Promise<TPhysicianSentMessage>;

export const postMessage: SendMessageCall = (conversationId, body) =>
  request<TPhysicianSentMessage>(
    'POST',
    `/employee/conversation/send-message/${encodeURIComponent(conversationId)}`,
    {
      body,
    },
  );

function newTempMsgId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A confirmed message into the cached conversations; the list is refetched when it lacks the conversation. */
export function messageArrived(conversationId: string, message: TMessage): Thunk {
  return (dispatch) => {
    if (message.tempMsgId) dispatch(messageDelivered(message.tempMsgId));
    let isCached = true;
    dispatch(
      conversationsApi.util.updateQueryData('getConversations', undefined, (list) => {
        isCached = mergeMessage(list, conversationId, message);
      }),
    );
    if (!isCached) dispatch(conversationsApi.util.invalidateTags(['Conversations']));
    // The open thread's pages too (a no-op when that thread was never opened).
    dispatch(
      conversationsApi.util.updateQueryData('getConversationPage', conversationId, (page) => {
        mergeIntoPage(page, message);
      }),
    );
  };
}

/** Attempts in flight, by tempMsgId: a flush and a tap on retry never send the same message twice at once. */
const inFlight = new Set<string>();

/**
 * One attempt at sending an outbox message. Offline it waits (pending); no answer at all also
 * leaves it pending for the next flush; a refusal from the server marks it failed with the
 * server's message, for the person to retry or discard.
 */
export function deliver(tempMsgId: string, send: SendMessageCall = postMessage): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const item = getState().outbox.items.find((candidate) => candidate.tempMsgId === tempMsgId);
    if (!item || inFlight.has(tempMsgId)) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      dispatch(sendDeferred(tempMsgId));
      return;
    }
    inFlight.add(tempMsgId);
    dispatch(sendStarted(tempMsgId));
    try {
      const sent = await send(item.conversationId, { body: item.body, tempMsgId });
      dispatch(messageArrived(sent.conversationId, sent.message));
      dispatch(messageDelivered(tempMsgId));
    } catch (error) {
      if (error instanceof HttpError && error.isNetworkError) dispatch(sendDeferred(tempMsgId));
      else dispatch(sendFailed({ tempMsgId, error: error instanceof Error ? error.message : String(error) }));
    } finally {
      inFlight.delete(tempMsgId);
    }
  };
}

/** Writes a message: shown at once as pending, then sent (or kept until the network returns). */
export function sendMessage(
  conversationId: string,
  body: string,
  send: SendMessageCall = postMessage,
): Thunk<Promise<string>> {
  return async (dispatch) => {
    const tempMsgId = newTempMsgId();
    dispatch(messageQueued({ tempMsgId, conversationId, body, createdAt: new Date().toISOString() }));
    await dispatch(deliver(tempMsgId, send));
    return tempMsgId;
  };
}

/** Sends every pending message, oldest first, one at a time so a conversation keeps its order. */
export function flushOutbox(send: SendMessageCall = postMessage): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const pending = getState().outbox.items.filter((item) => item.status === 'pending');
    for (const item of pending) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      await dispatch(deliver(item.tempMsgId, send));
    }
  };
}
