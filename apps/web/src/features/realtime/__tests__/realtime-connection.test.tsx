import type { TConversation, TMessage } from '@medhire/contract/conversations';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { NEW_MESSAGE_TOAST, startSignedInState } from '../../../app/signed-in-state.ts';
import { createAppStore } from '../../../app/store.ts';
import { SOCKET_RECONNECT_DELAY_MAX_MS } from '../../../lib/socket.ts';
import { setEnrolmentRequiredListener } from '../../../lib/two-step-enrolment.ts';
import { type FakeSocket, fakeSockets } from '../../../test/fake-socket.ts';
import { makeSession } from '../../../test/fixtures.ts';
import { loggedOut } from '../../auth/auth-slice.ts';
import { conversationOpened, conversationsLoaded } from '../../conversations/conversations-slice.ts';
import { allMatchesLoaded, matchesByJobLoaded } from '../../matches/matches-slice.ts';
import { makeNotification } from '../../notifications/__tests__/notification-fixtures.ts';
import { makeMatch } from '../../pipeline/__tests__/pipeline-fixtures.ts';
import { RealtimeConnection } from '../components/realtime-connection.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

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

function makeConversation(): TConversation {
  const last = makeMessage();
  return {
    _id: 'c1',
    messages: [last],
    lastMessage: last,
    employerCount: 0,
    applicant: { _id: 'physician-1', fullName: 'Dr. Jane Doe', photo: null, specialty: 'Cardiology' },
    job: { _id: 'job-1', title: 'Interventional Cardiologist' },
    matchId: 'match-1',
    isArchived: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

const session = makeSession({ token: 'session-token', user: { _id: 'user-7' } });

function connect() {
  const store = createAppStore({ session });
  startSignedInState(store);
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter>
        <RealtimeConnection />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(fakeSockets).toHaveLength(1);
  const socket = fakeSockets[0] as FakeSocket;
  act(() => socket.connectNow());
  return { store, socket, ...view };
}

const reply = makeMessage({ _id: 'm2', body: 'Tuesday works for me.' });

describe('the live connection', () => {
  it("connects once, with the session's token, the user's id and the spec's reconnection settings", () => {
    const { socket } = connect();
    expect(socket.url).toBe(window.location.origin);
    expect(socket.options).toEqual({
      path: '/socket.io',
      auth: { token: 'session-token' },
      query: { uid: 'user-7' },
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      transports: ['websocket'],
    });
  });

  it('appends a live message to the open conversation and the list, flags it and shows the toast', async () => {
    const { store, socket } = connect();
    act(() => {
      store.dispatch(conversationsLoaded([makeConversation()]));
      store.dispatch(conversationOpened(makeConversation()));
    });

    act(() => socket.serverEmit('onMessage', { conversationId: 'c1', message: reply }));

    const state = store.getState();
    expect(state.conversations.activeConversation?.messages.map((message) => message._id)).toEqual([
      'm1',
      'm2',
    ]);
    expect(state.conversations.conversations[0]?.lastMessage?._id).toBe('m2');
    expect(state.notifications.newMessage).toBe(true);
    expect(await screen.findByText(NEW_MESSAGE_TOAST)).toBeInTheDocument();
    expect(NEW_MESSAGE_TOAST).toBe('New message recieved.');
  });

  it("handles a new match as an accept: the match lists and the user's subscriptionMeta are updated", () => {
    const { store, socket } = connect();
    const pending = makeMatch({ _id: 'match-1', status: 'pending' });
    act(() => {
      store.dispatch(matchesByJobLoaded([pending]));
      store.dispatch(allMatchesLoaded([pending]));
    });
    const subscriptionMeta = {
      planId: 'plan-growth',
      planName: 'Growth',
      currentPeriodEnd: null,
      invitesLeft: 11,
    };

    act(() => socket.serverEmit('onNewMatch', { ...pending, status: 'accepted', subscriptionMeta }));

    const state = store.getState();
    expect(state.matches.matchesByJob.matches.map((match) => match.status)).toEqual(['accepted']);
    expect(state.matches.allMatches.map((match) => match.status)).toEqual(['accepted']);
    expect(state.auth.user?.subscriptionMeta).toEqual(subscriptionMeta);
    expect(state.auth.session?.user.subscriptionMeta).toEqual(subscriptionMeta);
  });

  it("asks to reconnect after 'io server disconnect' and tells the app it came back", () => {
    const { store, socket } = connect();
    expect(store.getState().conversations.catchUps).toBe(0);

    act(() => socket.drop('io server disconnect'));
    expect(socket.calls).toEqual(['connect']);

    act(() => socket.connectNow());
    expect(store.getState().conversations.catchUps).toBe(1);
  });

  it('leaves reconnecting after a lost transport to Socket.IO', () => {
    const { socket } = connect();
    act(() => socket.drop('transport close'));
    expect(socket.calls).toEqual([]);
  });

  it('removes the message listener on a disconnect or connect error and adds it back, once, on connect', () => {
    const { store, socket } = connect();
    expect(socket.listenerCount('onMessage')).toBe(1);

    act(() => socket.drop('ping timeout'));
    expect(socket.listenerCount('onMessage')).toBe(0);

    act(() => socket.fail(new Error('timeout')));
    expect(socket.listenerCount('onMessage')).toBe(0);

    act(() => socket.connectNow());
    expect(socket.listenerCount('onMessage')).toBe(1);
    act(() => socket.connectNow());
    expect(socket.listenerCount('onMessage')).toBe(1);

    act(() => {
      store.dispatch(conversationsLoaded([makeConversation()]));
      socket.serverEmit('onMessage', { conversationId: 'c1', message: reply });
    });
    expect(store.getState().conversations.conversations[0]?.messages).toHaveLength(2);
  });

  it('tries again later when the server refuses the connection; an ended session signs out instead', async () => {
    vi.useFakeTimers();
    try {
      const { socket, store } = connect();
      act(() =>
        socket.fail(Object.assign(new Error('busy'), { data: { code: 'INTERNAL' } }), { isRefusal: true }),
      );
      expect(socket.calls).toEqual([]);
      act(() => vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MAX_MS));
      expect(socket.calls).toEqual(['connect']);

      const ended = Object.assign(new Error('Your session has ended.'), {
        data: { code: 'UNAUTHENTICATED' },
      });
      await act(async () => socket.fail(ended, { isRefusal: true }));
      act(() => vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MAX_MS * 2));
      // No new attempt: the page signs out, which closes the connection for good.
      expect(store.getState().auth.session).toBeNull();
      expect(socket.calls).toEqual(['connect', 'disconnect']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a session held to setting up two-step sign-in instead of trying again', () => {
    vi.useFakeTimers();
    const reported = vi.fn();
    setEnrolmentRequiredListener(reported);
    try {
      const { socket } = connect();
      const held = Object.assign(new Error('Your organization requires two-step sign-in.'), {
        data: { code: 'TWO_STEP_ENROLMENT_REQUIRED' },
      });
      act(() => socket.fail(held, { isRefusal: true }));
      act(() => vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MAX_MS * 2));
      expect(reported).toHaveBeenCalledTimes(1);
      expect(socket.calls).toEqual([]);
    } finally {
      setEnrolmentRequiredListener(null);
      vi.useRealTimers();
    }
  });

  it('disconnects on sign-out and stops listening', () => {
    const { store, socket } = connect();
    act(() => void store.dispatch(loggedOut()));
    expect(socket.calls).toEqual(['disconnect']);
    expect(socket.listenerCount('onMessage')).toBe(0);
    expect(socket.listenerCount('onNewMatch')).toBe(0);
    expect(fakeSockets).toHaveLength(1);
  });

  it('disconnects when the signed-in shell goes away', () => {
    const { socket, unmount } = connect();
    unmount();
    expect(socket.calls).toEqual(['disconnect']);
  });

  it('opens no connection without a session', () => {
    render(
      <AppProviders store={createAppStore()}>
        <MemoryRouter>
          <RealtimeConnection />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(fakeSockets).toHaveLength(0);
  });

  it('onNotification moves the unread count and puts the notification on top of the list, live', () => {
    const { store, socket } = connect();
    const applied = makeNotification({ _id: 'n-apply' });
    act(() => socket.serverEmit('onNotification', { notification: applied, unreadCount: 5 }));
    expect(store.getState().notifications.unreadCount).toBe(5);
    expect(store.getState().notifications.notifications[0]?._id).toBe('n-apply');
  });

  it('a push for a conversation other than the open one raises its unread count by 1', () => {
    const { store, socket } = connect();
    const open = makeConversation();
    const other = { ...makeConversation(), _id: 'c2', employerCount: 2 };
    act(() => {
      store.dispatch(conversationsLoaded([open, other]));
      store.dispatch(conversationOpened(open));
    });
    const message = (conversation: string, id: string) =>
      makeNotification({ _id: id, type: 'SEND_MSG_TO_EMPLOYER', conversation });
    act(() => socket.serverEmit('onNotification', { notification: message('c2', 'n1'), unreadCount: 1 }));
    act(() => socket.serverEmit('onNotification', { notification: message('c1', 'n2'), unreadCount: 2 }));
    const counts = Object.fromEntries(
      store.getState().conversations.conversations.map((item) => [item._id, item.employerCount]),
    );
    expect(counts).toEqual({ c1: 0, c2: 3 });
    expect(store.getState().notifications.messageNotification?._id).toBe('n2');
  });
});
