import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { conversation, failure, message, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const header = { ...conversation(), lastSeq: 3, physicianCount: 0 };
const newest = [
  message({ _id: 'message-2', body: 'Second', seq: 2, sentTime: '2026-11-25T10:02:00.000Z' }),
  message({ _id: 'message-3', body: 'Third', seq: 3, sentTime: '2026-11-25T10:03:00.000Z' }),
];
const older = [message({ _id: 'message-1', body: 'First', seq: 1, sentTime: '2026-11-25T10:01:00.000Z' })];

function bodies() {
  return within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
}

describe('reading a long conversation', () => {
  it('opens on the newest page and puts earlier messages above it on request', async () => {
    const calls = mockApi({
      'GET /api/employee/conversation/get-conversation/conversation-1': ({ url }) =>
        url.searchParams.get('beforeSeq') === '2'
          ? ok({ conversation: header, messages: older, hasMore: false })
          : ok({ conversation: header, messages: newest, hasMore: true }),
    });
    renderApp('/messages/conversation-1');

    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(bodies()).toEqual(['Second', 'Third']);
    const firstCall = calls.find((call) => call.path.includes('get-conversation'));
    expect(firstCall).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));

    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(bodies()).toEqual(['First', 'Second', 'Third']);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('asks for the newest 100 messages, then 50 before the oldest one held', async () => {
    const urls: URL[] = [];
    mockApi({
      'GET /api/employee/conversation/get-conversation/conversation-1': ({ url }) => {
        urls.push(url);
        return url.searchParams.has('beforeSeq')
          ? ok({ conversation: header, messages: older, hasMore: false })
          : ok({ conversation: header, messages: newest, hasMore: true });
      },
    });
    renderApp('/messages/conversation-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('First');

    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ pageSize: '100' });
    expect(Object.fromEntries(urls.at(-1)?.searchParams ?? [])).toEqual({ beforeSeq: '2', pageSize: '50' });
  });

  it("shows the server's refusal when earlier messages do not load, and keeps what is shown", async () => {
    mockApi({
      'GET /api/employee/conversation/get-conversation/conversation-1': ({ url }) =>
        url.searchParams.has('beforeSeq')
          ? failure(404, 'We could not find that conversation.', 'NOT_FOUND')
          : ok({ conversation: header, messages: newest, hasMore: true }),
    });
    renderApp('/messages/conversation-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));

    expect(await screen.findByText('We could not find that conversation.')).toBeInTheDocument();
    expect(bodies()).toEqual(['Second', 'Third']);
  });

  it("opens the conversation a notification's link names", async () => {
    mockApi({
      'GET /api/employee/conversation/get-conversation/conversation-1': () =>
        ok({ conversation: header, messages: newest, hasMore: false }),
    });
    const { router } = renderApp('/messages?conversationId=conversation-1');

    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/conversation-1');
  });

  it('adds a sent message to the open page once, after the newest one', async () => {
    mockApi({
      'GET /api/employee/conversation/get-conversation/conversation-1': () =>
        ok({ conversation: header, messages: newest, hasMore: false }),
      'POST /api/employee/conversation/send-message/conversation-1': ({ body }) => {
        const { body: text, tempMsgId } = body as { body: string; tempMsgId: string };
        return ok({
          conversationId: 'conversation-1',
          message: message({ _id: 'message-4', body: text, tempMsgId, sender: 'employee', seq: 4 }),
        });
      },
    });
    renderApp('/messages/conversation-1');
    await screen.findByText('Third');

    await userEvent.type(screen.getByLabelText('Message'), 'Fourth{Enter}');

    await screen.findByText('Fourth');
    await vi.waitFor(() => expect(screen.queryByText(/Sending/)).not.toBeInTheDocument());
    expect(bodies()).toEqual(['Second', 'Third', 'Fourth']);
  });
});
