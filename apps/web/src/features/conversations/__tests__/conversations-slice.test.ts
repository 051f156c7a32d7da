import type { TConversation, TConversationChange, TMessage } from '@medhire/contract/conversations';
import { describe, expect, it } from 'vitest';
import {
  type ConversationsState,
  changesSynced,
  conversationOpened,
  conversationsLoaded,
  conversationsReducer,
  hasOlderMessages,
  initialConversationsState,
  lastSeqOf,
  liveMessageReceived,
  MESSAGE_STATUS,
  messageDeleted,
  messageFailed,
  messageQueued,
  messageResent,
  messageSent,
  messagesResumed,
  olderMessagesLoaded,
  pushReceivedForConversation,
  realtimeReconnected,
  syncCursorSet,
} from '../conversations-slice.ts';

function message(overrides: Partial<TMessage> = {}): TMessage {
  return {
    _id: 'm1',
    body: 'Hello Dr. Lee',
    status: MESSAGE_STATUS.SENT,
    sentTime: '2026-11-20T10:00:00.000Z',
    sender: 'employer',
    isDeleted: false,
    chatId: 'c1',
    ...overrides,
  };
}

function conversation(overrides: Partial<TConversation> = {}): TConversation {
  return {
    _id: 'c1',
    messages: [],
    lastMessage: null,
    employerCount: 0,
    applicant: { _id: 'physician-1', fullName: 'Dr. Jane Lee', photo: null, specialty: 'Cardiology' },
    job: { _id: 'job-1', title: 'Interventional Cardiologist' },
    matchId: 'match-1',
    isArchived: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function withOpenConversation(open: TConversation, list: TConversation[] = [open]): ConversationsState {
  return conversationsReducer(
    conversationsReducer(initialConversationsState, conversationsLoaded(list)),
    conversationOpened(open),
  );
}

const temp = message({ _id: 'temp-1', tempMsgId: 'temp-1', body: 'Are you free Tuesday?' });

describe('message status (spec §4: 1 sending, 2 sent, 3 failed)', () => {
  it('new message appears at once as sending', () => {
    const state = conversationsReducer(
      withOpenConversation(conversation()),
      messageQueued({ conversationId: 'c1', message: temp }),
    );
    expect(state.activeConversation?.messages).toEqual([{ ...temp, status: MESSAGE_STATUS.SENDING }]);
    expect(state.conversations[0]?.lastMessage?.status).toBe(MESSAGE_STATUS.SENDING);
  });

  it('server reply replaces the temporary message and marks it sent', () => {
    let state = conversationsReducer(
      withOpenConversation(conversation()),
      messageQueued({ conversationId: 'c1', message: temp }),
    );
    const stored = message({ _id: 'm-42', body: 'Are you free Tuesday?' });
    state = conversationsReducer(
      state,
      messageSent({ conversationId: 'c1', tempMsgId: 'temp-1', message: stored }),
    );
    expect(state.activeConversation?.messages).toEqual([
      { ...stored, tempMsgId: 'temp-1', status: MESSAGE_STATUS.SENT },
    ]);
    expect(state.conversations[0]?.lastMessage?._id).toBe('m-42');
  });

  it('failed call marks the message failed', () => {
    let state = conversationsReducer(
      withOpenConversation(conversation()),
      messageQueued({ conversationId: 'c1', message: temp }),
    );
    state = conversationsReducer(state, messageFailed({ conversationId: 'c1', tempMsgId: 'temp-1' }));
    expect(state.activeConversation?.messages[0]?.status).toBe(MESSAGE_STATUS.FAILED);
    expect(state.conversations[0]?.lastMessage?.status).toBe(MESSAGE_STATUS.FAILED);
  });

  it('resend returns a failed message to sending', () => {
    let state = conversationsReducer(
      withOpenConversation(conversation()),
      messageQueued({ conversationId: 'c1', message: temp }),
    );
    state = conversationsReducer(state, messageFailed({ conversationId: 'c1', tempMsgId: 'temp-1' }));
    state = conversationsReducer(state, messageResent({ conversationId: 'c1', tempMsgId: 'temp-1' }));
    expect(state.activeConversation?.messages[0]?.status).toBe(MESSAGE_STATUS.SENDING);
  });

  it('resend does not touch a message that has not failed', () => {
    const sent = message({ tempMsgId: 'temp-9' });
    const state = conversationsReducer(
      withOpenConversation(conversation({ messages: [sent], lastMessage: sent })),
      messageResent({ conversationId: 'c1', tempMsgId: 'temp-9' }),
    );
    expect(state.activeConversation?.messages[0]?.status).toBe(MESSAGE_STATUS.SENT);
  });
});

describe('delete message (spec §4)', () => {
  const first = message({ _id: 'm1', body: 'First' });
  const last = message({ _id: 'm2', body: 'Second' });

  it('delete message sets isDeleted and keeps it in the list', () => {
    const state = conversationsReducer(
      withOpenConversation(conversation({ messages: [first, last], lastMessage: last })),
      messageDeleted({ conversationId: 'c1', messageId: 'm1' }),
    );
    expect(state.activeConversation?.messages).toEqual([{ ...first, isDeleted: true }, last]);
    expect(state.activeConversation?.lastMessage).toEqual(last);
  });

  it('deleting the last message makes lastMessage the final item in the list', () => {
    const state = conversationsReducer(
      withOpenConversation(conversation({ messages: [first, last], lastMessage: last })),
      messageDeleted({ conversationId: 'c1', messageId: 'm2' }),
    );
    expect(state.activeConversation?.lastMessage).toEqual({ ...last, isDeleted: true });
    expect(state.conversations[0]?.lastMessage).toEqual({ ...last, isDeleted: true });
  });
});

describe('unread counts (spec §4)', () => {
  it('open conversation sets employerCount to 0', () => {
    const unread = conversation({ _id: 'c1', employerCount: 4 });
    const state = withOpenConversation(unread, [unread, conversation({ _id: 'c2', employerCount: 2 })]);
    expect(state.activeConversation?.employerCount).toBe(0);
    expect(state.conversations.map((item) => item.employerCount)).toEqual([0, 2]);
  });

  it('push for another conversation raises its count by 1', () => {
    const open = conversation({ _id: 'c1' });
    const other = conversation({ _id: 'c2', employerCount: 2 });
    const state = conversationsReducer(
      withOpenConversation(open, [open, other]),
      pushReceivedForConversation({ conversationId: 'c2' }),
    );
    expect(state.conversations.find((item) => item._id === 'c2')?.employerCount).toBe(3);
  });

  it('a list that answers while a conversation is open shows the open one as read', () => {
    const open = conversation({ _id: 'c1', employerCount: 4 });
    const state = conversationsReducer(
      withOpenConversation(open),
      conversationsLoaded([
        conversation({ _id: 'c1', employerCount: 4 }),
        conversation({ _id: 'c2', employerCount: 2 }),
      ]),
    );
    expect(state.conversations.map((item) => item.employerCount)).toEqual([0, 2]);
  });

  it('push for the open conversation leaves its count at 0', () => {
    const open = conversation({ _id: 'c1' });
    const state = conversationsReducer(
      withOpenConversation(open),
      pushReceivedForConversation({ conversationId: 'c1' }),
    );
    expect(state.conversations[0]?.employerCount).toBe(0);
  });
});

describe('live new message (spec §4)', () => {
  it('live new message appends to the open conversation and updates the list', () => {
    const incoming = message({ _id: 'm7', sender: 'employee', body: 'Tuesday works.' });
    const state = conversationsReducer(
      withOpenConversation(conversation()),
      liveMessageReceived({ conversationId: 'c1', message: incoming }),
    );
    expect(state.activeConversation?.messages).toEqual([incoming]);
    expect(state.conversations[0]?.lastMessage).toEqual(incoming);
  });

  it('a list that answers after a live message, without it, keeps that message and its unread count', () => {
    const older = message({ _id: 'm6', sender: 'employee', body: 'Monday works.', seq: 6 });
    const open = conversation({ _id: 'c1', lastMessage: older });
    const other = conversation({ _id: 'c2', lastMessage: message({ _id: 'n2', chatId: 'c2', seq: 2 }) });
    let state = withOpenConversation(open, [open, other]);
    const live = message({ _id: 'm7', sender: 'employee', body: 'Tuesday works.', seq: 7 });
    const liveOther = message({ _id: 'n3', chatId: 'c2', sender: 'employee', body: 'Hi', seq: 3 });
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: live }));
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c2', message: liveOther }));
    state = conversationsReducer(state, pushReceivedForConversation({ conversationId: 'c2' }));
    // The list was read before either message was stored.
    state = conversationsReducer(
      state,
      conversationsLoaded([
        conversation({
          _id: 'c1',
          lastMessage: older,
          employerCount: 1,
          updatedAt: '2026-11-20T11:00:00.000Z',
        }),
        conversation({ _id: 'c2', lastMessage: message({ _id: 'n2', chatId: 'c2', seq: 2 }) }),
      ]),
    );
    expect(state.conversations.map((item) => item.lastMessage?.body)).toEqual(['Tuesday works.', 'Hi']);
    expect(state.conversations.map((item) => item.employerCount)).toEqual([0, 1]);
    // What the list says besides is taken.
    expect(state.conversations[0]?.updatedAt).toBe('2026-11-20T11:00:00.000Z');
    expect(state.activeConversation?.messages.map((item) => item._id)).toEqual(['m7']);
  });

  it('a first list that answers after a live message takes it from the open conversation', () => {
    const older = message({ _id: 'm6', sender: 'employee', seq: 6 });
    // The conversation opened by its address before the list came; both lists are still on their way.
    let state = conversationsReducer(
      initialConversationsState,
      conversationOpened(conversation({ _id: 'c1', messages: [older], lastMessage: older })),
    );
    const live = message({ _id: 'm7', sender: 'employee', body: 'Tuesday works.', seq: 7 });
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: live }));
    const before = state.catchUps;
    state = conversationsReducer(
      state,
      conversationsLoaded([conversation({ _id: 'c1', messages: [older], lastMessage: older })]),
    );
    expect(state.conversations[0]?.lastMessage?.body).toBe('Tuesday works.');
    expect(state.conversations[0]?.messages.map((item) => item._id)).toEqual(['m7']);
    expect(state.catchUps).toBe(before);
  });

  it('a first list that answers after live messages of a conversation not open shows them and counts them unread', () => {
    const older = message({ _id: 'm6', sender: 'employee', seq: 6 });
    // No list yet and nothing open: the live messages have no copy to go to.
    let state = conversationsReducer(
      initialConversationsState,
      liveMessageReceived({
        conversationId: 'c1',
        message: message({ _id: 'm7', sender: 'employer', body: 'Does Tuesday suit?', seq: 7 }),
      }),
    );
    const latest = message({ _id: 'm8', sender: 'employee', body: 'Tuesday works.', seq: 8 });
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: latest }));
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: latest }));
    state = conversationsReducer(
      state,
      conversationsLoaded([
        conversation({ _id: 'c2', lastMessage: message({ _id: 'x1', seq: 1 }), employerCount: 1 }),
        conversation({ _id: 'c1', messages: [older], lastMessage: older, employerCount: 2 }),
      ]),
    );
    // The conversation with the newer message comes first, as in a list written after it.
    expect(state.conversations.map((item) => item.lastMessage?.body)).toEqual([
      'Tuesday works.',
      'Hello Dr. Lee',
    ]);
    // The physician's message counts once; the member's own does not.
    expect(state.conversations.map((item) => item.employerCount)).toEqual([3, 1]);
    expect(state.unlisted).toEqual({});
  });

  it('a list written after a live message of a conversation not open counts it once, from the server', () => {
    const live = message({ _id: 'm7', sender: 'employee', body: 'Tuesday works.', seq: 7 });
    let state = conversationsReducer(
      initialConversationsState,
      liveMessageReceived({ conversationId: 'c1', message: live }),
    );
    state = conversationsReducer(
      state,
      conversationsLoaded([
        conversation({ _id: 'c1', messages: [live], lastMessage: live, employerCount: 1 }),
      ]),
    );
    expect(state.conversations[0]?.lastMessage?.body).toBe('Tuesday works.');
    expect(state.conversations[0]?.employerCount).toBe(1);
  });

  it('a list that answers with a newer last message than the one on screen replaces it', () => {
    const shown = message({ _id: 'm6', sender: 'employee', seq: 6 });
    const newer = message({ _id: 'm8', sender: 'employee', body: 'Wednesday instead?', seq: 8 });
    let state = conversationsReducer(
      initialConversationsState,
      conversationsLoaded([conversation({ _id: 'c2', lastMessage: shown, employerCount: 1 })]),
    );
    state = conversationsReducer(
      state,
      conversationsLoaded([conversation({ _id: 'c2', lastMessage: newer, employerCount: 0 })]),
    );
    expect(state.conversations[0]?.lastMessage).toEqual(newer);
    expect(state.conversations[0]?.employerCount).toBe(0);
  });

  it('a live message, or one being sent, moves its conversation to the top of the list', () => {
    let state = conversationsReducer(
      initialConversationsState,
      conversationsLoaded([
        conversation({ _id: 'c1', lastMessage: message({ _id: 'a1', seq: 4 }) }),
        conversation({ _id: 'c2', lastMessage: message({ _id: 'b1', seq: 2 }) }),
        conversation({ _id: 'c3', lastMessage: message({ _id: 'c1m', seq: 9 }) }),
      ]),
    );
    state = conversationsReducer(
      state,
      liveMessageReceived({
        conversationId: 'c3',
        message: message({ _id: 'c2m', sender: 'employee', seq: 10 }),
      }),
    );
    expect(state.conversations.map((item) => item._id)).toEqual(['c3', 'c1', 'c2']);
    // The same message again (a repeat of the event) is no new activity.
    state = conversationsReducer(
      state,
      liveMessageReceived({ conversationId: 'c2', message: message({ _id: 'b1', seq: 2 }) }),
    );
    expect(state.conversations.map((item) => item._id)).toEqual(['c3', 'c1', 'c2']);
    state = conversationsReducer(
      state,
      messageQueued({
        conversationId: 'c2',
        message: message({ _id: 'tmp', tempMsgId: 'tmp', sender: 'employer' }),
      }),
    );
    expect(state.conversations.map((item) => item._id)).toEqual(['c2', 'c3', 'c1']);
  });

  it('live new message that arrives twice is kept once', () => {
    const incoming = message({ _id: 'm7', sender: 'employee' });
    let state = withOpenConversation(conversation());
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: incoming }));
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: incoming }));
    expect(state.activeConversation?.messages).toHaveLength(1);
  });
});

describe('resume after a reconnect (dedupe by _id and tempMsgId)', () => {
  const stored = (seq: number, overrides: Partial<TMessage> = {}) =>
    message({ _id: `s${seq}`, seq, body: `Message ${seq}`, sender: 'employee', ...overrides });

  it('adds the missed messages once each, in sequence order, and knows where to resume next', () => {
    let state = withOpenConversation(
      conversation({ messages: [stored(1), stored(2)], lastMessage: stored(2) }),
    );
    expect(lastSeqOf(state.activeConversation as TConversation)).toBe(2);
    // A live event got message 4 before the resume answered 3, 4 and 5.
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: stored(4) }));
    state = conversationsReducer(
      state,
      messagesResumed({ conversationId: 'c1', messages: [stored(3), stored(4), stored(5)] }),
    );
    const open = state.activeConversation as TConversation;
    expect(open.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(open.lastMessage?.seq).toBe(5);
    expect(lastSeqOf(open)).toBe(5);
    expect(state.conversations[0]?.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4, 5]);
    // The same answer again changes nothing.
    const again = conversationsReducer(
      state,
      messagesResumed({ conversationId: 'c1', messages: [stored(3), stored(4), stored(5)] }),
    );
    expect(again.activeConversation?.messages).toHaveLength(5);
  });

  it("replaces one's own message still sending with the stored copy of the same tempMsgId", () => {
    let state = withOpenConversation(conversation({ messages: [stored(1)], lastMessage: stored(1) }));
    const pending = message({ _id: 'local-7', tempMsgId: 'local-7', body: 'On my way' });
    state = conversationsReducer(state, messageQueued({ conversationId: 'c1', message: pending }));
    const storedCopy = message({ _id: 'server-id', tempMsgId: 'local-7', body: 'On my way', seq: 2 });
    state = conversationsReducer(state, messagesResumed({ conversationId: 'c1', messages: [storedCopy] }));
    const open = state.activeConversation as TConversation;
    expect(open.messages.map((item) => [item._id, item.status])).toEqual([
      ['s1', MESSAGE_STATUS.SENT],
      ['server-id', MESSAGE_STATUS.SENT],
    ]);
    // The physician's message with the same temporary id is another message.
    const theirs = stored(3, { _id: 's3', tempMsgId: 'local-7' });
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: theirs }));
    expect(state.activeConversation?.messages.map((item) => item._id)).toEqual(['s1', 'server-id', 's3']);
  });

  it('keeps messages still sending or failed after the stored ones', () => {
    let state = withOpenConversation(conversation({ messages: [stored(1)], lastMessage: stored(1) }));
    state = conversationsReducer(state, messageQueued({ conversationId: 'c1', message: temp }));
    state = conversationsReducer(state, messageFailed({ conversationId: 'c1', tempMsgId: 'temp-1' }));
    state = conversationsReducer(state, messagesResumed({ conversationId: 'c1', messages: [stored(2)] }));
    expect(state.activeConversation?.messages.map((item) => [item._id, item.status])).toEqual([
      ['s1', MESSAGE_STATUS.SENT],
      ['s2', MESSAGE_STATUS.SENT],
      ['temp-1', MESSAGE_STATUS.FAILED],
    ]);
  });
});

describe('catching up with sync after a reconnect', () => {
  const stored = (seq: number, overrides: Partial<TMessage> = {}) =>
    message({ _id: `s${seq}`, seq, body: `Message ${seq}`, sender: 'employee', ...overrides });
  const at = '2026-11-20T12:00:00.000Z';
  let cursor = 100;
  const messageChange = (conversationId: string, item: TMessage): TConversationChange => ({
    cursor: String(++cursor),
    type: 'message',
    conversationId,
    message: item,
    at,
  });
  const page = (changes: TConversationChange[]) => ({
    changes,
    nextCursor: changes.at(-1)?.cursor ?? '100',
    hasMore: false,
  });

  it('keeps the last sequence number of every conversation it shows', () => {
    const other = conversation({ _id: 'c2', lastMessage: stored(7, { chatId: 'c2' }), messages: [] });
    let state = withOpenConversation(
      conversation({ messages: [stored(1), stored(2)], lastMessage: stored(2) }),
      [conversation({ lastMessage: stored(2), messages: [stored(2)] }), other],
    );
    expect(state.lastSeqs).toEqual({ c1: 2, c2: 7 });
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c2', message: stored(8) }));
    state = conversationsReducer(
      state,
      messageSent({ conversationId: 'c1', tempMsgId: 't', message: message({ _id: 'own', seq: 3 }) }),
    );
    expect(state.lastSeqs).toEqual({ c1: 3, c2: 8 });
    expect(state.catchUps).toBe(0);
  });

  it('asks to catch up after a reconnect, and when a live message skips a number', () => {
    let state = withOpenConversation(conversation({ messages: [stored(1)], lastMessage: stored(1) }));
    state = conversationsReducer(state, realtimeReconnected());
    expect(state.catchUps).toBe(1);
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: stored(2) }));
    expect(state.catchUps).toBe(1);
    // 3 and 4 never arrived.
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: stored(5) }));
    expect(state.catchUps).toBe(2);
  });

  it('applies missed messages once each, in order, with what live events and sends already showed', () => {
    let state = withOpenConversation(conversation({ messages: [stored(1)], lastMessage: stored(1) }));
    state = conversationsReducer(state, syncCursorSet('100'));
    const pending = message({ _id: 'local-9', tempMsgId: 'local-9', body: 'Sent while offline' });
    state = conversationsReducer(state, messageQueued({ conversationId: 'c1', message: pending }));
    state = conversationsReducer(state, messageFailed({ conversationId: 'c1', tempMsgId: 'local-9' }));
    // Message 3 arrived live after the reconnect, before sync answered.
    state = conversationsReducer(state, liveMessageReceived({ conversationId: 'c1', message: stored(3) }));
    const storedOwn = message({ _id: 'server-9', tempMsgId: 'local-9', body: 'Sent while offline', seq: 4 });
    const changes = [
      messageChange('c1', stored(2)),
      messageChange('c1', stored(3)),
      messageChange('c1', storedOwn),
    ];
    state = conversationsReducer(state, changesSynced(page(changes)));
    const open = state.activeConversation as TConversation;
    expect(open.messages.map((item) => [item._id, item.seq, item.status])).toEqual([
      ['s1', 1, MESSAGE_STATUS.SENT],
      ['s2', 2, MESSAGE_STATUS.SENT],
      ['s3', 3, MESSAGE_STATUS.SENT],
      // The send that looked failed had been stored: its copy replaces it, never shown twice.
      ['server-9', 4, MESSAGE_STATUS.SENT],
    ]);
    expect(open.lastMessage?._id).toBe('server-9');
    expect(state.conversations[0]?.messages.map((item) => item._id)).toEqual(['s1', 's2', 's3', 'server-9']);
    expect(state.syncCursor).toBe(changes.at(-1)?.cursor);
    expect(state.lastSeqs.c1).toBe(4);
    // The same page again changes nothing.
    const again = conversationsReducer(state, changesSynced(page(changes)));
    expect(again.activeConversation).toEqual(state.activeConversation);
    expect(again.conversations).toEqual(state.conversations);
  });

  it("counts a physician's missed messages as unread in a conversation that is not open, once", () => {
    const other = conversation({ _id: 'c2', lastMessage: stored(4, { chatId: 'c2' }), messages: [] });
    let state = withOpenConversation(conversation({ messages: [stored(1)], lastMessage: stored(1) }), [
      conversation({ lastMessage: stored(1), messages: [stored(1)] }),
      other,
    ]);
    const missed = [
      messageChange('c2', stored(5, { chatId: 'c2', _id: 'x5' })),
      messageChange('c2', stored(6, { chatId: 'c2', _id: 'x6' })),
      messageChange('c2', message({ _id: 'x7', seq: 7, chatId: 'c2', sender: 'employer' })),
      messageChange('c1', stored(2)),
    ];
    state = conversationsReducer(state, changesSynced(page(missed)));
    state = conversationsReducer(state, changesSynced(page(missed)));
    expect(state.conversations.map((item) => [item._id, item.employerCount])).toEqual([
      ['c1', 0],
      ['c2', 2],
    ]);
    expect(state.conversations[1]?.lastMessage?._id).toBe('x7');
  });

  it('marks deletions where shown, clears unread on read, and files archived conversations away', () => {
    const other = conversation({ _id: 'c2', lastMessage: stored(4, { chatId: 'c2' }), employerCount: 2 });
    let state = withOpenConversation(
      conversation({ messages: [stored(9), stored(10)], lastMessage: stored(10) }),
      [conversation({ lastMessage: stored(10), messages: [stored(10)] }), other],
    );
    state = conversationsReducer(
      state,
      changesSynced(
        page([
          // Message 3 is older than the page on screen: it is not added.
          {
            cursor: '201',
            type: 'deleted',
            conversationId: 'c1',
            message: stored(3, { isDeleted: true, body: '' }),
            at,
          },
          {
            cursor: '202',
            type: 'deleted',
            conversationId: 'c1',
            message: stored(10, { isDeleted: true, body: '' }),
            at,
          },
          { cursor: '203', type: 'read', conversationId: 'c2', reader: 'employer', at },
          { cursor: '204', type: 'archived', conversationId: 'c1', archived: true, at },
        ]),
      ),
    );
    const open = state.activeConversation as TConversation;
    expect(open.messages.map((item) => [item.seq, item.isDeleted])).toEqual([
      [9, false],
      [10, true],
    ]);
    expect(open.lastMessage?.isDeleted).toBe(true);
    expect(open.isArchived).toBe(true);
    // The inbox on screen no longer shows the archived conversation; the read one has no unread.
    expect(state.conversations.map((item) => [item._id, item.employerCount])).toEqual([['c2', 0]]);
    expect(state.syncCursor).toBe('204');
  });
});

describe('older messages (scrolling up)', () => {
  const stored = (seq: number) => message({ _id: `s${seq}`, seq, sender: 'employee' });
  it('go before those on screen once each; the last message stays the newest', () => {
    let state = withOpenConversation(
      conversation({ messages: [stored(3), stored(4)], lastMessage: stored(4) }),
    );
    expect(hasOlderMessages(state.activeConversation as TConversation)).toBe(true);
    state = conversationsReducer(
      state,
      olderMessagesLoaded({ conversationId: 'c1', messages: [stored(1), stored(2), stored(3)] }),
    );
    const open = state.activeConversation as TConversation;
    expect(open.messages.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    expect(open.lastMessage?.seq).toBe(4);
    expect(hasOlderMessages(open)).toBe(false);
    // Another conversation's page is ignored.
    const other = conversationsReducer(
      state,
      olderMessagesLoaded({ conversationId: 'c9', messages: [stored(9)] }),
    );
    expect(other.activeConversation?.messages).toHaveLength(4);
  });
});
