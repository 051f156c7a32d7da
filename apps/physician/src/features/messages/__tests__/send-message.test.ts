import { NETWORK_ERROR_MESSAGE } from '@medhire/contract/errors';
import type { TPhysicianSentMessage } from '@medhire/contract/physicians';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store.ts';
import { HttpError } from '../../../lib/http.ts';
import { conversation, message } from '../../../test/fixtures.ts';
import { conversationsApi } from '../conversations-api.ts';
import { readOutbox } from '../outbox-storage.ts';
import { deliver, flushOutbox, type SendMessageCall, sendMessage } from '../send-message.ts';

async function storeWithConversation() {
  const store = createAppStore();
  await store.dispatch(
    conversationsApi.util.upsertQueryData('getConversations', undefined, {
      conversations: [conversation()],
      total: 1,
      pageNumber: 1,
      pageSize: 50,
    }),
  );
  return store;
}

function cachedMessages(store: ReturnType<typeof createAppStore>) {
  return conversationsApi.endpoints.getConversations.select()(store.getState()).data?.conversations[0]
    ?.messages;
}

/** The server as the contract describes it: one stored message per tempMsgId, whatever the retries. */
function idempotentServer() {
  const stored = new Map<string, TPhysicianSentMessage>();
  const send = vi.fn<SendMessageCall>(async (conversationId, { body, tempMsgId }) => {
    const existing = stored.get(tempMsgId);
    if (existing) return existing;
    const sent = {
      conversationId,
      message: message({
        _id: `stored-${stored.size + 1}`,
        body,
        tempMsgId,
        sender: 'employee',
        seq: stored.size + 2,
      }),
    };
    stored.set(tempMsgId, sent);
    return sent;
  });
  return { send, stored };
}

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sending a message', () => {
  it('shows it as pending at once, then as the stored message once the server answers', async () => {
    const store = await storeWithConversation();
    const { send } = idempotentServer();
    let answer: () => void = () => undefined;
    send.mockImplementationOnce(
      (_conversationId, body) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              conversationId: 'conversation-1',
              message: message({
                _id: 'stored-1',
                body: body.body,
                tempMsgId: body.tempMsgId,
                sender: 'employee',
              }),
            });
        }),
    );

    const sending = store.dispatch(sendMessage('conversation-1', 'Happy to talk on Tuesday', send));
    await Promise.resolve();
    expect(store.getState().outbox.items).toMatchObject([
      { body: 'Happy to talk on Tuesday', status: 'sending' },
    ]);

    answer();
    await sending;
    expect(store.getState().outbox.items).toEqual([]);
    expect(cachedMessages(store)?.map((item) => item.body)).toEqual([
      'Hello doctor',
      'Happy to talk on Tuesday',
    ]);
  });

  it('keeps a message written offline, stores it for the next visit, and sends it once when the network returns', async () => {
    setOnline(false);
    const store = await storeWithConversation();
    const { send, stored } = idempotentServer();

    await store.dispatch(sendMessage('conversation-1', 'Written on the train', send));
    expect(send).not.toHaveBeenCalled();
    expect(store.getState().outbox.items).toMatchObject([
      { status: 'pending', body: 'Written on the train' },
    ]);
    expect(readOutbox()).toMatchObject([{ body: 'Written on the train', status: 'pending' }]);

    setOnline(true);
    await Promise.all([store.dispatch(flushOutbox(send)), store.dispatch(flushOutbox(send))]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(stored.size).toBe(1);
    expect(store.getState().outbox.items).toEqual([]);
    expect(readOutbox()).toEqual([]);
  });

  it('resends with the same tempMsgId after a lost answer, so the server keeps one copy', async () => {
    const store = await storeWithConversation();
    const { send, stored } = idempotentServer();
    // The server stores the message but the answer never arrives.
    send.mockImplementationOnce(async (conversationId, body) => {
      stored.set(body.tempMsgId, {
        conversationId,
        message: message({ _id: 'stored-1', body: body.body, tempMsgId: body.tempMsgId, sender: 'employee' }),
      });
      throw new HttpError(NETWORK_ERROR_MESSAGE);
    });

    const tempMsgId = await store.dispatch(sendMessage('conversation-1', 'Are nights included?', send));
    expect(store.getState().outbox.items).toMatchObject([{ tempMsgId, status: 'pending' }]);

    await store.dispatch(flushOutbox(send));
    expect(send.mock.calls.map(([, body]) => body.tempMsgId)).toEqual([tempMsgId, tempMsgId]);
    expect(stored.size).toBe(1);
    expect(cachedMessages(store)?.filter((item) => item.body === 'Are nights included?')).toHaveLength(1);
  });

  it('marks a message the server refuses as failed with its reason, and sends it on retry', async () => {
    const store = await storeWithConversation();
    const { send } = idempotentServer();
    send.mockRejectedValueOnce(
      new HttpError('This conversation is closed.', { status: 422, code: 'BUSINESS_RULE' }),
    );

    const tempMsgId = await store.dispatch(sendMessage('conversation-1', 'Still interested', send));
    expect(store.getState().outbox.items).toMatchObject([
      { tempMsgId, status: 'failed', error: 'This conversation is closed.' },
    ]);
    // A flush leaves a failed message alone: the person decides.
    await store.dispatch(flushOutbox(send));
    expect(send).toHaveBeenCalledTimes(1);

    await store.dispatch(deliver(tempMsgId, send));
    expect(store.getState().outbox.items).toEqual([]);
    expect(cachedMessages(store)?.at(-1)).toMatchObject({ body: 'Still interested', tempMsgId });
  });

  it('drops the unsent messages when the physician signs out', async () => {
    setOnline(false);
    const store = await storeWithConversation();
    await store.dispatch(sendMessage('conversation-1', 'Private note', idempotentServer().send));
    store.dispatch({ type: 'session/signedOut' });
    expect(store.getState().outbox.items).toEqual([]);
    expect(readOutbox()).toEqual([]);
  });
});
