import type { TNotification } from '@medhire/contract/notifications';
import { notifyError } from '@medhire/ui/toast.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { conversationOpened } from '../../conversations/conversations-slice.ts';
import { makeNotification } from './notification-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const LIST = 'GET /api/employer/notification/get-all-notification/user-1';

/** A small notification backend over a list, newest first, as the server answers it. */
function notificationBackend(initial: TNotification[], overrides: Parameters<typeof mockApi>[0] = {}) {
  const stored = initial.map((item) => structuredClone(item));
  const unread = () => stored.filter((item) => !item.read).length;
  const api = mockApi({
    [LIST]: ({ url }) => {
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const pageNumber = Number(url.searchParams.get('pageNumber') ?? 1);
      const matching =
        url.searchParams.get('unread') === 'true' ? stored.filter((item) => !item.read) : stored;
      return envelope({
        notifications: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
        unreadCount: unread(),
        total: matching.length,
        pageNumber,
        pageSize,
      });
    },
    'PATCH /api/employer/notification/mark-as-read-notification/user-1': () => {
      const updated = unread();
      for (const item of stored) item.read = true;
      return envelope({ unreadCount: 0, updated });
    },
    ...Object.fromEntries(
      stored.map((item) => [
        `PATCH /api/employer/notification/${item._id}/mark-as-read-notification`,
        () => {
          item.read = true;
          return envelope({ notification: item, unreadCount: unread() });
        },
      ]),
    ),
    ...overrides,
  });
  return { ...api, stored };
}

const applied = makeNotification({ _id: 'n-apply', createdAt: '2026-11-20T12:00:00.000Z' });
const message = makeNotification({
  _id: 'n-message',
  type: 'SEND_MSG_TO_EMPLOYER',
  conversation: 'c1',
  createdAt: '2026-11-20T11:00:00.000Z',
});
const joined = makeNotification({
  _id: 'n-joined',
  type: 'EMPLOYEE_REGISTERED',
  read: true,
  createdAt: '2026-11-19T11:00:00.000Z',
});

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('region', { name: 'Notifications' });

beforeEach(() => {
  vi.mocked(notifyError).mockClear();
});

describe('the bell in the header', () => {
  it('shows the unread count from the server and names it for screen readers', async () => {
    notificationBackend([applied, message, joined]);
    renderApp('/notifications', { session });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
  });

  it('moves the count live when the server sends onNotification, without a reload', async () => {
    notificationBackend([applied]);
    const { store } = renderApp('/notifications', { session });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = fakeSockets[0] as FakeSocket;
    act(() => socket.connectNow());
    const live = makeNotification({
      _id: 'n-live',
      type: 'INVITE_ACCEPTED',
      conversation: 'c7',
      createdAt: '2026-11-21T08:00:00.000Z',
    });
    act(() => socket.serverEmit('onNotification', { notification: live, unreadCount: 2 }));
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(store.getState().notifications.notifications[0]?._id).toBe('n-live');
  });

  it('opens a panel with the latest notifications, unread ones marked, and a link to all of them', async () => {
    notificationBackend([applied, message, joined]);
    const { user } = renderApp('/notifications', { session });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const list = within(panel()).getByRole('list', { name: 'Latest notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/jobs-resident',
      '/messages?conversationId=c1',
      '/home',
    ]);
    expect(links[0]).toHaveTextContent(/Unread: Dr\. Ada Okafor applied/);
    expect(links[2]).not.toHaveTextContent('Unread');
    expect(within(panel()).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await user.keyboard('{Escape}');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
  });

  // Following the link loads the jobs screen's chunk, which takes a while on a busy machine.
  it('clicking a notification marks it read, lowers the count and goes where its type leads', {
    timeout: 20_000,
  }, async () => {
    const { calls } = notificationBackend([applied, message]);
    const { user, router } = renderApp('/notifications', { session });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());
    await user.click(within(panel()).getByRole('link', { name: /Dr\. Ada Okafor applied/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs-resident'));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual([
      '/api/employer/notification/n-apply/mark-as-read-notification',
    ]);
  });

  it('"Mark all as read" clears the badge', async () => {
    const { calls } = notificationBackend([applied, message]);
    const { user } = renderApp('/notifications', { session });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());
    await user.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(
      calls.some((call) => call.path === '/api/employer/notification/mark-as-read-notification/user-1'),
    ).toBe(true);
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says so when there is nothing yet, and shows the error with Try again when loading fails', async () => {
    let shouldFail = true;
    notificationBackend([], {
      [LIST]: () =>
        shouldFail
          ? failure('Notifications are unavailable right now.', 503, 'UNAVAILABLE')
          : envelope({ notifications: [], unreadCount: 0, total: 0, pageNumber: 1, pageSize: 6 }),
    });
    const { user } = renderApp('/home', { session });
    await waitFor(() => expect(bell()).toBeInTheDocument());
    await user.click(bell());
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Notifications are unavailable right now.',
    );
    shouldFail = false;
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByText(/No notifications yet/)).toBeInTheDocument();
  });

  it('opening a conversation marks its notifications read with the conversation call, and the bell follows', async () => {
    const other = makeNotification({ _id: 'n-other', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c2' });
    const { calls } = notificationBackend([message, other], {
      'PATCH /api/employer/notification/user-1/mark-as-read-conversation-notification/c1': () =>
        envelope({ unreadCount: 1, updated: 1 }),
    });
    const { store } = renderApp('/notifications', { session });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    act(() => {
      store.dispatch(
        conversationOpened({
          _id: 'c1',
          messages: [],
          lastMessage: null,
          employerCount: 1,
          applicant: { _id: 'physician-1', fullName: 'Dr. Jane Doe', photo: null, specialty: 'Cardiology' },
          job: null,
          matchId: null,
          isArchived: false,
          updatedAt: '2026-11-20T10:00:00.000Z',
        }),
      );
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(calls.filter((call) => call.path.includes('mark-as-read-conversation-notification'))).toHaveLength(
      1,
    );
    const state = store.getState().notifications;
    expect(state.notifications.find((item) => item._id === 'n-message')?.read).toBe(true);
    expect(state.notifications.find((item) => item._id === 'n-other')?.read).toBe(false);
  });
});
