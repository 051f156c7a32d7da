import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { conversation, failure, ok } from '../../../test/fixtures.ts';
import { notification } from '../../../test/notifications.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

// The live connection's handlers, so a test can play the server's `onNotification`.
const socketHandlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (payload: unknown) => void) => socketHandlers.set(event, handler),
    close: () => undefined,
  }),
}));

const invite = notification({
  _id: 'notification-2',
  read: true,
  createdAt: '2026-11-24T09:00:00.000Z',
  data: { ...notification().data, type: 'JOB_INVITE', conversation: null },
  notification: { title: 'Lakeside Health invited you', body: 'Family Physician', image: null, icon: null },
  fcmOptions: { link: '/physician/invites' },
});

function list(items = [notification(), invite], unreadCount = 1) {
  return { notifications: items, unreadCount, total: items.length, pageNumber: 1, pageSize: 20 };
}

describe('the notifications screen', () => {
  it('lists notifications newest first with the unread one marked, and opens its link once read', async () => {
    let isRead = false;
    const calls = mockApi({
      'GET /api/employee/notification/unread-count': () => ok({ unreadCount: isRead ? 0 : 1 }),
      'GET /api/employee/notification/get-all-notification': () =>
        ok(list([notification({ read: isRead }), invite], isRead ? 0 : 1)),
      'PATCH /api/employee/notification/mark-as-read/notification-1': () => {
        isRead = true;
        return ok({ notification: notification({ read: true }), unreadCount: 0 });
      },
      'GET /api/employee/conversation/get-all-conversation': () =>
        ok({ conversations: [conversation()], total: 1, pageNumber: 1, pageSize: 50 }),
      'GET /api/employee/conversation/get-conversation/conversation-1': () =>
        ok({
          conversation: { ...conversation(), lastSeq: 1 },
          messages: conversation().messages,
          hasMore: false,
        }),
    });
    const { router } = renderApp('/notifications');

    const items = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Unread: Lakeside Health wrote to you');
    expect(items[1]).toHaveTextContent('Lakeside Health invited you');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await userEvent.click(
      within(items[0] as HTMLElement).getByRole('button', { name: /^Unread: Lakeside Health wrote/ }),
    );

    expect(await screen.findByRole('heading', { name: 'Lakeside Health' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/conversation-1');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(true);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks everything read, and shows the server refusal when marking one fails', async () => {
    let isRead = false;
    mockApi({
      'GET /api/employee/notification/unread-count': () => ok({ unreadCount: isRead ? 0 : 1 }),
      'GET /api/employee/notification/get-all-notification': () =>
        ok(list([notification({ read: isRead }), invite], isRead ? 0 : 1)),
      'PATCH /api/employee/notification/mark-as-read/notification-1': () =>
        failure(404, 'We could not find that notification.', 'NOT_FOUND'),
      'PATCH /api/employee/notification/mark-all-as-read': () => {
        isRead = true;
        return ok({ unreadCount: 0, updated: 1 });
      },
    });
    renderApp('/notifications');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark as read: Lakeside Health wrote to you' }),
    );
    expect(await screen.findByText('We could not find that notification.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says so when there is nothing yet, and when the list does not load', async () => {
    let fails = true;
    mockApi({
      'GET /api/employee/notification/unread-count': () => ok({ unreadCount: 0 }),
      'GET /api/employee/notification/get-all-notification': () =>
        fails
          ? failure(500, 'Something went wrong on our side. Please try again in a moment.', 'INTERNAL')
          : ok(list([], 0)),
    });
    renderApp('/notifications');

    expect(
      await screen.findByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});

describe('the notification badge', () => {
  it('takes the unread count of each notification the live connection brings', async () => {
    mockApi({
      'GET /api/employee/notification/unread-count': () => ok({ unreadCount: 2 }),
      'GET /api/employee/conversation/get-all-conversation': () =>
        ok({ conversations: [], total: 0, pageNumber: 1, pageSize: 50 }),
    });
    renderApp('/messages');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await vi.waitFor(() => expect(socketHandlers.get('onNotification')).toBeDefined());

    act(() => socketHandlers.get('onNotification')?.({ notification: notification(), unreadCount: 3 }));

    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });
});
