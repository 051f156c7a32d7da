import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversation, failure, message, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const conversationList = () => ({ conversations: [conversation()], total: 1, pageNumber: 1, pageSize: 50 });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a conversation', () => {
  it('shows a message as sent once the server has it, sent with its tempMsgId', async () => {
    const calls = mockApi({
      'GET /api/employee/conversation/get-all-conversation': () => ok(conversationList()),
      'POST /api/employee/conversation/send-message/conversation-1': ({ body }) => {
        const { body: text, tempMsgId } = body as { body: string; tempMsgId: string };
        return ok({
          conversationId: 'conversation-1',
          message: message({ _id: 'message-2', body: text, tempMsgId, sender: 'employee', seq: 2 }),
        });
      },
    });
    renderApp('/messages/conversation-1');

    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Hello doctor')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message'), 'Tuesday works for me{Enter}');

    expect(await within(messages).findByText('Tuesday works for me')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ body: 'Tuesday works for me', tempMsgId: expect.any(String) });
    expect(within(messages).queryByText(/Sending|Waiting for the network|Not sent/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('keeps a message written offline visible as waiting', async () => {
    mockApi({ 'GET /api/employee/conversation/get-all-conversation': () => ok(conversationList()) });
    renderApp('/messages/conversation-1');
    await screen.findByRole('list', { name: 'Messages' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    await userEvent.type(screen.getByLabelText('Message'), 'Written in the elevator{Enter}');

    const line = (await screen.findByText('Written in the elevator')).closest('li');
    expect(line).toHaveAttribute('data-status', 'pending');
    expect(within(line as HTMLElement).getByText('Waiting for the network')).toBeInTheDocument();
  });

  it("shows a refused message as not sent with the server's reason, and sends it again on Retry", async () => {
    let attempts = 0;
    mockApi({
      'GET /api/employee/conversation/get-all-conversation': () => ok(conversationList()),
      'POST /api/employee/conversation/send-message/conversation-1': ({ body }) => {
        attempts += 1;
        if (attempts === 1)
          return failure(400, 'This message is too long: 5,000 characters at most.', 'VALIDATION_FAILED');
        const { body: text, tempMsgId } = body as { body: string; tempMsgId: string };
        return ok({
          conversationId: 'conversation-1',
          message: message({ _id: 'message-2', body: text, tempMsgId, sender: 'employee', seq: 2 }),
        });
      },
    });
    renderApp('/messages/conversation-1');
    await screen.findByRole('list', { name: 'Messages' });

    await userEvent.type(screen.getByLabelText('Message'), 'Hello again{Enter}');
    expect(await screen.findByText(/Not sent: This message is too long/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello again')).toBeInTheDocument();
    expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
