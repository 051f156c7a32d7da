import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store.ts';
import { conversation, message, ok } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { conversationsApi } from '../conversations-api.ts';
import { catchUp } from '../live-connection.ts';
import { messageQueued } from '../outbox-slice.ts';

describe('catching up after a reconnection', () => {
  it('asks for the changes since its cursor, page by page, and adds each missed message once', async () => {
    const store = createAppStore();
    await store.dispatch(
      conversationsApi.util.upsertQueryData('getConversations', undefined, {
        conversations: [conversation()],
        total: 1,
        pageNumber: 1,
        pageSize: 50,
      }),
    );
    // Ours, sent just before the connection dropped: the sync brings the server's copy.
    store.dispatch(
      messageQueued({
        tempMsgId: 'temp-1',
        conversationId: 'conversation-1',
        body: 'Mine',
        createdAt: '2026-11-25T10:01:00Z',
      }),
    );
    const missed = message({
      _id: 'message-2',
      body: 'While you were away',
      seq: 2,
      sentTime: '2026-11-25T10:02:00.000Z',
    });
    const mine = message({
      _id: 'message-3',
      body: 'Mine',
      sender: 'employee',
      tempMsgId: 'temp-1',
      seq: 3,
      sentTime: '2026-11-25T10:03:00.000Z',
    });
    const change = (cursor: string, item: typeof missed) => ({
      cursor,
      type: 'message' as const,
      conversationId: 'conversation-1',
      message: item,
      at: item.sentTime,
    });
    const calls = mockApi({
      'GET /api/employee/conversation/sync': ({ url }) =>
        url.searchParams.get('since') === '41'
          ? ok({ changes: [change('42', missed), change('43', missed)], nextCursor: '43', hasMore: true })
          : ok({ changes: [change('44', mine)], nextCursor: '44', hasMore: false }),
    });

    const cursor = { current: '41' };
    await store.dispatch(catchUp(cursor));

    expect(calls.map((call) => call.path)).toEqual([
      '/api/employee/conversation/sync',
      '/api/employee/conversation/sync',
    ]);
    expect(cursor.current).toBe('44');
    const cached = conversationsApi.endpoints.getConversations.select()(store.getState()).data
      ?.conversations[0];
    expect(cached?.messages.map((item) => item.body)).toEqual([
      'Hello doctor',
      'While you were away',
      'Mine',
    ]);
    expect(cached?.physicianCount).toBe(1);
    expect(store.getState().outbox.items).toEqual([]);
  });
});
