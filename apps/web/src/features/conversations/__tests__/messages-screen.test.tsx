import type { TConversation, TMessage } from '@medhire/contract/conversations';
import { notifyError } from '@medhire/ui/toast.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { realtimeReconnected } from '../conversations-slice.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();

function makeMessage(overrides: Partial<TMessage> = {}): TMessage {
  return {
    _id: 'm1',
    body: 'Thanks for the invite, happy to talk.',
    status: 2,
    sentTime: '2026-11-20T10:00:00.000Z',
    sender: 'employee',
    isDeleted: false,
    chatId: 'c1',
    ...overrides,
  };
}

function makeConversation(overrides: Partial<TConversation> = {}): TConversation {
  const last = makeMessage();
  return {
    _id: 'c1',
    messages: [last],
    lastMessage: last,
    employerCount: 3,
    applicant: { _id: 'physician-1', fullName: 'Dr. Jane Doe', photo: null, specialty: 'Cardiology' },
    job: { _id: 'job-1', title: 'Interventional Cardiologist' },
    matchId: 'match-1',
    isArchived: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const ownMessage = makeMessage({
  _id: 'm2',
  body: 'Could we talk on Tuesday?',
  sender: 'employer',
  sentTime: '2026-11-20T11:00:00.000Z',
});

const jane = makeConversation({
  messages: [makeMessage(), ownMessage],
  lastMessage: makeMessage(),
});
const john = makeConversation({
  _id: 'c2',
  employerCount: 0,
  applicant: { _id: 'physician-2', fullName: 'Dr. John Smith', photo: null, specialty: 'Family Medicine' },
  job: { _id: 'job-2', title: 'Family Physician' },
  messages: [],
  lastMessage: makeMessage({ _id: 'm9', chatId: 'c2', isDeleted: true, body: '' }),
});

type Routes = Parameters<typeof mockApi>[0];

/** A small conversation backend: the list, the single conversation (marks it read), send, delete. */
function messagesApi(overrides: Routes = {}) {
  const conversations = [structuredClone(jane), structuredClone(john)];
  const summary = (conversation: TConversation) => ({
    ...conversation,
    messages: conversation.lastMessage ? [conversation.lastMessage] : [],
  });
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/conversation/sync': () => envelope({ changes: [], nextCursor: '40', hasMore: false }),
    'GET /api/employer/conversation/get-all-conversation/user-1': ({ url }) => {
      const text = (url.searchParams.get('queryText') ?? '').toLowerCase();
      return envelope(
        conversations
          .filter((conversation) => conversation.applicant.fullName.toLowerCase().includes(text))
          .map(summary),
      );
    },
    'GET /api/employer/conversation/get-single-conversation/c1': () => {
      const found = conversations[0] as TConversation;
      const answer = { ...found };
      found.employerCount = 0;
      return envelope(answer);
    },
    'POST /api/employer/conversation/send-message/c1': ({ body }) => {
      const { body: text, tempMsgId } = body as { body: string; tempMsgId: string };
      return envelope(
        makeMessage({
          _id: `saved-${tempMsgId}`,
          body: text,
          tempMsgId,
          sender: 'employer',
          sentTime: new Date().toISOString(),
        }),
      );
    },
    'DELETE /api/employer/conversation/delete-message/c1/m2': () =>
      envelope({ ...ownMessage, body: '', isDeleted: true }),
    ...overrides,
  });
}

const requestsTo = (calls: ReturnType<typeof mockApi>['calls'], method: string, part: string) =>
  calls.filter((call) => call.method === method && call.path.includes(part));

function row(name: RegExp) {
  return within(screen.getByRole('list', { name: 'Conversations' })).getByRole('link', { name });
}

beforeEach(() => {
  vi.mocked(notifyError).mockClear();
});

describe('the messages screen', () => {
  it('lists conversations with name, job, last message and unread count, and searches by name', async () => {
    const { fetchMock } = messagesApi();
    const { user } = renderApp('/messages', { session });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const janeRow = within(list).getByRole('link', { name: /Dr\. Jane Doe/ });
    expect(janeRow).toHaveTextContent('Interventional Cardiologist');
    expect(janeRow).toHaveTextContent('Thanks for the invite, happy to talk.');
    expect(within(janeRow).getByText('3 unread')).toBeInTheDocument();
    expect(janeRow.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    const johnRow = within(list).getByRole('link', { name: /Dr\. John Smith/ });
    expect(johnRow).toHaveTextContent('Message deleted');
    expect(johnRow).not.toHaveTextContent('unread');
    expect(screen.getByRole('heading', { name: 'Choose a conversation' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by physician name' }), 'john');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Dr\. Jane Doe/ })).not.toBeInTheDocument(),
    );
    expect(row(/Dr\. John Smith/)).toBeInTheDocument();

    const listCalls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.includes('get-all-conversation'));
    expect(listCalls.at(-1)?.searchParams.get('queryText')).toBe('john');
    expect(listCalls.at(-1)?.searchParams.get('pageSize')).toBe('100');
    // The name goes out once typing settles, not once per key.
    expect(listCalls.filter((url) => url.searchParams.get('queryText') === 'jo')).toHaveLength(0);

    await user.clear(screen.getByRole('searchbox', { name: 'Search by physician name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by physician name' }), 'nobody');
    expect(await screen.findByText('No conversations with a physician named “nobody”.')).toBeInTheDocument();
  });

  it('opens a conversation from the list, shows its messages and clears its unread count', async () => {
    const { calls } = messagesApi();
    const { user, router } = renderApp('/messages', { session });

    await user.click(await screen.findByRole('link', { name: /Dr\. Jane Doe/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?conversationId=c1'));

    const log = await screen.findByRole('log', { name: 'Messages with Dr. Jane Doe' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles).toHaveLength(2);
    expect(bubbles[0]).toHaveTextContent('Thanks for the invite, happy to talk.');
    expect(bubbles[1]).toHaveTextContent('Could we talk on Tuesday?');
    expect(bubbles[1]).toHaveTextContent('Sent');
    expect(screen.getByRole('link', { name: 'Dr. Jane Doe' })).toHaveAttribute(
      'href',
      '/applicants/physician-1',
    );
    expect(screen.getByRole('region', { name: 'Open conversation' })).toHaveTextContent(
      'Interventional Cardiologist',
    );

    expect(within(row(/Dr\. Jane Doe/)).queryByText('3 unread')).not.toBeInTheDocument();
    expect(row(/Dr\. Jane Doe/)).toHaveAttribute('aria-current', 'page');
    expect(requestsTo(calls, 'GET', 'get-single-conversation/c1')).toHaveLength(1);
  });

  it('sends with Enter: the message shows Sending… then Sent, and the list shows it last', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = messagesApi({
      'POST /api/employer/conversation/send-message/c1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp('/messages?conversationId=c1', { session });

    const composer = await screen.findByRole('textbox', { name: 'Message to Dr. Jane Doe' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(composer, '   ');
    expect(send).toBeDisabled();
    await user.clear(composer);
    await user.type(composer, 'Tuesday at 3 pm works.{Shift>}{Enter}{/Shift}Call me at the clinic.');
    expect(composer).toHaveValue('Tuesday at 3 pm works.\nCall me at the clinic.');
    expect(requestsTo(calls, 'POST', 'send-message')).toHaveLength(0);
    await user.keyboard('{Enter}');

    const log = screen.getByRole('log', { name: 'Messages with Dr. Jane Doe' });
    const sending = within(log).getAllByRole('listitem').at(-1) as HTMLElement;
    expect(sending).toHaveTextContent('Tuesday at 3 pm works.');
    expect(sending).toHaveTextContent('Sending…');
    expect(composer).toHaveValue('');
    const [sent] = requestsTo(calls, 'POST', 'send-message/c1');
    const body = sent?.body as { body: string; tempMsgId: string };
    expect(body.body).toBe('Tuesday at 3 pm works.\nCall me at the clinic.');
    expect(body.tempMsgId).toMatch(/.{8,}/);

    answer(
      envelope(
        makeMessage({
          _id: 'saved-1',
          body: body.body,
          tempMsgId: body.tempMsgId,
          sender: 'employer',
          sentTime: new Date().toISOString(),
        }),
      ),
    );
    await waitFor(() => expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Sent'));
    expect(within(log).queryByText('Sending…')).not.toBeInTheDocument();
    expect(row(/Dr\. Jane Doe/)).toHaveTextContent('You: Tuesday at 3 pm works.');
  });

  it('refuses a message over 5,000 characters with the reason', async () => {
    messagesApi();
    const { user } = renderApp('/messages?conversationId=c1', { session });
    const composer = await screen.findByRole('textbox', { name: 'Message to Dr. Jane Doe' });
    await user.click(composer);
    await user.paste('a'.repeat(5001));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This message is too long: 5,000 characters at most.',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(composer).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a failed message, shows the server error, and Retry sends it again under the same id', async () => {
    let attempt = 0;
    const { calls } = messagesApi({
      'POST /api/employer/conversation/send-message/c1': ({ body }) => {
        attempt += 1;
        if (attempt === 1)
          return failure('This conversation is archived. Restore it to write.', 422, 'BUSINESS_RULE');
        const { body: text, tempMsgId } = body as { body: string; tempMsgId: string };
        return envelope(makeMessage({ _id: 'saved-2', body: text, tempMsgId, sender: 'employer' }));
      },
    });
    const { user } = renderApp('/messages?conversationId=c1', { session });

    await user.type(
      await screen.findByRole('textbox', { name: 'Message to Dr. Jane Doe' }),
      'See you soon.{Enter}',
    );
    const log = screen.getByRole('log', { name: 'Messages with Dr. Jane Doe' });
    await waitFor(() => expect(within(log).getByText(/Failed/)).toBeInTheDocument());
    expect(notifyError).toHaveBeenCalledWith('This conversation is archived. Restore it to write.');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('See you soon.');

    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Sent'));
    expect(within(log).queryByText(/Failed/)).not.toBeInTheDocument();
    expect(within(log).getAllByText('See you soon.')).toHaveLength(1);

    const sends = requestsTo(calls, 'POST', 'send-message/c1').map(
      (call) => call.body as { tempMsgId: string },
    );
    expect(sends).toHaveLength(2);
    expect(sends[1]?.tempMsgId).toBe(sends[0]?.tempMsgId);
  });

  it('deletes an own message after confirming, keeping it in place as deleted', async () => {
    const { calls } = messagesApi();
    const { user } = renderApp('/messages?conversationId=c1', { session });

    const log = await screen.findByRole('log', { name: 'Messages with Dr. Jane Doe' });
    const [theirs, mine] = within(log).getAllByRole('listitem');
    expect(
      within(theirs as HTMLElement).queryByRole('button', { name: 'Delete message' }),
    ).not.toBeInTheDocument();
    await user.click(within(mine as HTMLElement).getByRole('button', { name: 'Delete message' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete message' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(calls, 'DELETE', 'delete-message/c1/m2')).toHaveLength(1);
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('This message was deleted.');
    expect(items[1]).not.toHaveTextContent('Could we talk on Tuesday?');
  });

  it('shows a friendly state for a conversation that is unknown or belongs to someone else', async () => {
    messagesApi({
      'GET /api/employer/conversation/get-single-conversation/unknown': () =>
        failure('We could not find that conversation.', 404, 'NOT_FOUND'),
    });
    renderApp('/messages?conversationId=unknown', { session });
    expect(
      await screen.findByRole('heading', { name: 'This conversation is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages');
    expect(screen.queryByRole('textbox', { name: /Message to/ })).not.toBeInTheDocument();
  });

  it('says how a conversation starts when there are none, and offers Try again when the list fails', async () => {
    let fails = true;
    messagesApi({
      'GET /api/employer/conversation/get-all-conversation/user-1': () =>
        fails ? failure('The service is busy. Try again in a minute.', 503, 'UNAVAILABLE') : envelope([]),
    });
    const { user } = renderApp('/messages', { session });
    expect(await screen.findByText('The service is busy. Try again in a minute.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(
      screen.getByText(/A conversation starts when you message a physician who applied/),
    ).toBeInTheDocument();
  });

  it('asks only for what follows its last sequence number when the live connection comes back, showing each message once and keeping a failed one', async () => {
    const first = makeMessage({ seq: 1 });
    const own = { ...ownMessage, seq: 2 };
    const missed = makeMessage({
      _id: 'm3',
      body: 'Are you still there?',
      sentTime: '2026-11-20T12:00:00.000Z',
      seq: 3,
    });
    let hasMissed = false;
    const afterSeqs: (string | null)[] = [];
    const { calls } = messagesApi({
      // Without a sync cursor the screen re-reads what it shows.
      'GET /api/employer/conversation/sync': () => failure('The server is busy.', 503, 'UNAVAILABLE'),
      'POST /api/employer/conversation/send-message/c1': () =>
        failure('The server is busy.', 503, 'UNAVAILABLE'),
      'GET /api/employer/conversation/get-single-conversation/c1': ({ url }) => {
        afterSeqs.push(url.searchParams.get('afterSeq'));
        // The resume answer repeats message 2, which the screen already shows: it stays once.
        const messages = hasMissed ? [own, missed] : [first, own];
        return envelope(
          makeConversation({ messages, lastMessage: messages.at(-1) ?? null, employerCount: 0 }),
        );
      },
    });
    const { user, store } = renderApp('/messages?conversationId=c1', { session });

    const composer = await screen.findByRole('textbox', { name: 'Message to Dr. Jane Doe' });
    await user.type(composer, 'Hello?{Enter}');
    const log = screen.getByRole('log', { name: 'Messages with Dr. Jane Doe' });
    await within(log).findByText('Hello?');
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('The server is busy.'));
    expect(requestsTo(calls, 'GET', 'get-all-conversation')).toHaveLength(1);

    hasMissed = true;
    act(() => void store.dispatch(realtimeReconnected()));

    expect(await within(log).findByText('Are you still there?')).toBeInTheDocument();
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles.map((bubble) => bubble.textContent)).toEqual([
      expect.stringContaining('Thanks for the invite'),
      expect.stringContaining('Could we talk on Tuesday?'),
      expect.stringContaining('Are you still there?'),
      expect.stringContaining('Hello?'),
    ]);
    expect(requestsTo(calls, 'GET', 'get-single-conversation/c1')).toHaveLength(2);
    expect(afterSeqs).toEqual([null, '2']);
    expect(requestsTo(calls, 'GET', 'get-all-conversation')).toHaveLength(2);
  });
  it('after a reconnect asks sync for what it missed since the list was read, and shows each change once', async () => {
    const first = makeMessage({ seq: 1 });
    const own = { ...ownMessage, seq: 2 };
    const fromJohn = makeMessage({ _id: 'j5', chatId: 'c2', body: 'Is the job still open?', seq: 5 });
    const newcomer = makeConversation({
      _id: 'c3',
      employerCount: 1,
      applicant: { _id: 'physician-3', fullName: 'Dr. Ann Park', photo: null, specialty: 'Neurology' },
      messages: [],
      lastMessage: makeMessage({ _id: 'a1', chatId: 'c3', body: 'Hello from Ann', seq: 1 }),
    });
    const sinces: (string | null)[] = [];
    let withNewcomer = false;
    const { calls } = messagesApi({
      'GET /api/employer/conversation/get-all-conversation/user-1': () =>
        envelope(
          (withNewcomer
            ? [newcomer, { ...john, employerCount: 1, lastMessage: fromJohn }, jane]
            : [jane, { ...john, lastMessage: { ...john.lastMessage, seq: 4 } as TMessage }]
          ).map((conversation) => ({
            ...conversation,
            messages: conversation.lastMessage ? [conversation.lastMessage] : [],
          })),
        ),
      'GET /api/employer/conversation/get-single-conversation/c1': () =>
        envelope(makeConversation({ messages: [first, own], lastMessage: own, employerCount: 0 })),
      'GET /api/employer/conversation/sync': ({ url }) => {
        const since = url.searchParams.get('since');
        sinces.push(since);
        if (since === 'latest') return envelope({ changes: [], nextCursor: '40', hasMore: false });
        const at = '2026-11-20T12:00:00.000Z';
        if (since === '40') {
          // The first page repeats message 2, already on screen, then what was missed.
          return envelope({
            changes: [
              { cursor: '41', type: 'message', conversationId: 'c1', message: own, at },
              {
                cursor: '42',
                type: 'message',
                conversationId: 'c1',
                message: makeMessage({ _id: 'm3', body: 'Are you still there?', seq: 3 }),
                at,
              },
            ],
            nextCursor: '42',
            hasMore: true,
          });
        }
        withNewcomer = true;
        return envelope({
          changes: [
            { cursor: '43', type: 'message', conversationId: 'c2', message: fromJohn, at },
            {
              cursor: '44',
              type: 'deleted',
              conversationId: 'c1',
              message: { ...first, body: '', isDeleted: true },
              at,
            },
            { cursor: '45', type: 'message', conversationId: 'c3', message: newcomer.lastMessage, at },
          ],
          nextCursor: '45',
          hasMore: false,
        });
      },
    });
    const { store } = renderApp('/messages?conversationId=c1', { session });
    const log = await screen.findByRole('log', { name: 'Messages with Dr. Jane Doe' });
    await within(log).findByText('Could we talk on Tuesday?');
    await waitFor(() => expect(store.getState().conversations.syncCursor).toBe('40'));

    act(() => void store.dispatch(realtimeReconnected()));

    expect(await within(log).findByText('Are you still there?')).toBeInTheDocument();
    await waitFor(() => expect(sinces).toEqual(['latest', '40', '42']));
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole('listitem')
          .map((bubble) => bubble.textContent),
      ).toEqual([
        expect.stringContaining('This message was deleted.'),
        expect.stringContaining('Could we talk on Tuesday?'),
        expect.stringContaining('Are you still there?'),
      ]),
    );
    // John's conversation (not open) shows his message as unread; Ann's, new to the list, appears
    // (the list is read again for it).
    await waitFor(() => expect(within(row(/Dr\. John Smith/)).getByText('1 unread')).toBeInTheDocument());
    expect(row(/Dr\. John Smith/)).toHaveTextContent('Is the job still open?');
    expect(await screen.findByRole('link', { name: /Dr\. Ann Park/ })).toBeInTheDocument();
    expect(store.getState().conversations.syncCursor).toBe('45');
    // Nothing was downloaded again: one open, two list reads (the first and the one for Ann).
    expect(requestsTo(calls, 'GET', 'get-single-conversation/c1')).toHaveLength(1);
    expect(requestsTo(calls, 'GET', 'get-all-conversation')).toHaveLength(2);
  });

  it('loads older messages when scrolled to the top, keeping the messages in view where they were', async () => {
    const numbered = (seq: number) =>
      makeMessage({ _id: `n${seq}`, seq, body: `Note ${seq}`, sentTime: '2026-11-20T10:00:00.000Z' });
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => numbered(from + index));
    const beforeSeqs: (string | null)[] = [];
    let failsOnce = true;
    messagesApi({
      'GET /api/employer/conversation/get-single-conversation/c1': ({ url }) => {
        const beforeSeq = url.searchParams.get('beforeSeq');
        beforeSeqs.push(beforeSeq);
        if (beforeSeq === '21' && failsOnce) {
          failsOnce = false;
          return failure('The server is busy.', 503, 'UNAVAILABLE');
        }
        const messages =
          beforeSeq === null ? range(71, 120) : beforeSeq === '71' ? range(21, 70) : range(1, 20);
        return envelope(makeConversation({ messages, lastMessage: numbered(120), employerCount: 0 }));
      },
    });
    const { user } = renderApp('/messages?conversationId=c1', { session });
    const log = await screen.findByRole('log', { name: 'Messages with Dr. Jane Doe' });
    await within(log).findByText('Note 120');
    // Every bubble is 10 px high in this test's layout.
    Object.defineProperty(log, 'scrollHeight', {
      configurable: true,
      get: () => within(log).queryAllByRole('listitem').length * 10,
    });

    log.scrollTop = 40;
    fireEvent.scroll(log);
    expect(await within(log).findByText('Note 21')).toBeInTheDocument();
    expect(beforeSeqs).toEqual([null, '71']);
    expect(within(log).getAllByRole('listitem')).toHaveLength(100);
    // 50 bubbles (500 px) were added above: what was 40 px from the top stays in view.
    expect(log.scrollTop).toBe(540);
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Note 21');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Note 120');

    // A failed page says so and offers another try, by keyboard too.
    await user.click(within(log).getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(log).findByRole('alert')).toHaveTextContent('We could not load earlier messages.');
    await user.click(within(log).getByRole('button', { name: 'Try again' }));
    expect(await within(log).findByText('Note 1')).toBeInTheDocument();
    expect(beforeSeqs).toEqual([null, '71', '21', '21']);
    // The first message is on screen: nothing older to ask for.
    expect(within(log).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(120);
  });

  it('filters the list by job, alongside the inbox and the archive', async () => {
    const jobIds: (string | null)[] = [];
    messagesApi({
      'GET /api/employer/job/get-all-jobs/user-1': () =>
        envelope({
          jobs: [
            { _id: 'job-1', title: 'Interventional Cardiologist' },
            { _id: 'job-2', title: 'Family Physician' },
          ],
          total: 2,
          pageNumber: 1,
          pageSize: 200,
        }),
      'GET /api/employer/conversation/get-all-conversation/user-1': ({ url }) => {
        const jobId = url.searchParams.get('jobId');
        jobIds.push(jobId);
        const archived = url.searchParams.get('archived') === 'true';
        return envelope(
          [jane, john]
            .filter((conversation) => !archived && (!jobId || conversation.job?._id === jobId))
            .map((conversation) => ({ ...conversation, messages: [] })),
        );
      },
    });
    const { user } = renderApp('/messages', { session });
    await screen.findByRole('link', { name: /Dr\. John Smith/ });

    const jobFilter = await screen.findByRole('combobox', { name: 'Job' });
    expect(
      within(jobFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All jobs', 'Interventional Cardiologist', 'Family Physician']);
    await user.selectOptions(jobFilter, 'Family Physician');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Dr\. Jane Doe/ })).not.toBeInTheDocument(),
    );
    expect(row(/Dr\. John Smith/)).toBeInTheDocument();
    expect(jobIds.at(-1)).toBe('job-2');

    // With the archive as well: nothing matches both.
    await user.click(screen.getByRole('button', { name: 'Archived' }));
    expect(await screen.findByText('No conversations match these filters.')).toBeInTheDocument();
    expect(jobIds.at(-1)).toBe('job-2');

    await user.click(screen.getByRole('button', { name: 'Inbox' }));
    await user.selectOptions(jobFilter, 'All jobs');
    expect(await screen.findByRole('link', { name: /Dr\. Jane Doe/ })).toBeInTheDocument();
    expect(jobIds.at(-1)).toBeNull();
  });

  it('archives the open conversation from its header and shows the archive with the Archived filter', async () => {
    const listQueries: (string | null)[] = [];
    let isArchived = false;
    const { calls } = messagesApi({
      'GET /api/employer/conversation/get-all-conversation/user-1': ({ url }) => {
        listQueries.push(url.searchParams.get('archived'));
        const wantsArchived = url.searchParams.get('archived') === 'true';
        return envelope(
          [{ ...jane, isArchived }, john].filter(
            (item) => (item._id === 'c1' ? isArchived : false) === wantsArchived,
          ),
        );
      },
      'GET /api/employer/conversation/get-single-conversation/c1': () => envelope({ ...jane, isArchived }),
      'PATCH /api/employer/conversation/archive/c1': ({ body }) => {
        isArchived = (body as { archived: boolean }).archived;
        return envelope({ conversationId: 'c1', isArchived });
      },
    });
    const { user } = renderApp('/messages?conversationId=c1', { session });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findByRole('link', { name: /Dr\. Jane Doe/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inbox' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Move to inbox' })).toBeInTheDocument();
    expect(requestsTo(calls, 'PATCH', 'archive/c1').map((call) => call.body)).toEqual([{ archived: true }]);
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: /Dr\. Jane Doe/ })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Archived' }));
    expect(
      await within(await screen.findByRole('list', { name: 'Conversations' })).findByRole('link', {
        name: /Dr\. Jane Doe/,
      }),
    ).toBeInTheDocument();
    expect(listQueries).toEqual(['false', 'true']);

    await user.click(screen.getByRole('button', { name: 'Move to inbox' }));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(requestsTo(calls, 'PATCH', 'archive/c1').map((call) => call.body)).toEqual([
      { archived: true },
      { archived: false },
    ]);
  });
});
