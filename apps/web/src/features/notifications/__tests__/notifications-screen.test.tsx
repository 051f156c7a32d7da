import type { TNotification } from '@medhire/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOTIFICATIONS_PAGE_SIZE } from '../components/notifications-screen.tsx';
import { makeNotification } from './notification-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();

function backend(stored: TNotification[], { delayFirst = false } = {}) {
  let release: () => void = () => undefined;
  const firstAnswered = new Promise<void>((resolve) => {
    release = resolve;
  });
  let isFirst = true;
  const api = mockApi({
    'GET /api/employer/notification/get-all-notification/user-1': async ({ url }) => {
      const pageSize = Number(url.searchParams.get('pageSize'));
      const pageNumber = Number(url.searchParams.get('pageNumber'));
      if (delayFirst && isFirst && pageSize === NOTIFICATIONS_PAGE_SIZE) {
        isFirst = false;
        await firstAnswered;
      }
      const matching =
        url.searchParams.get('unread') === 'true' ? stored.filter((item) => !item.read) : stored;
      return envelope({
        notifications: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
        unreadCount: stored.filter((item) => !item.read).length,
        total: matching.length,
        pageNumber,
        pageSize,
      });
    },
    'PATCH /api/employer/notification/mark-as-read-notification/user-1': () => {
      for (const item of stored) item.read = true;
      return envelope({ unreadCount: 0, updated: 1 });
    },
  });
  return { ...api, release };
}

const many = Array.from({ length: 25 }, (_, index) =>
  makeNotification({
    _id: `n${index}`,
    read: index % 2 === 1,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0) - index * 60_000).toISOString(),
  }),
);

const pageList = () => screen.getByRole('list', { name: 'Notifications' });

describe('the notifications page', () => {
  it('shows a loading state, then the newest page, and the next page with "Load more"', async () => {
    const { release, calls } = backend(structuredClone(many), { delayFirst: true });
    const { user } = renderApp('/notifications', { session });
    expect(await screen.findByText('Loading notifications')).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(within(pageList()).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_SIZE),
    );
    expect(screen.getByText(`Showing ${NOTIFICATIONS_PAGE_SIZE} of 25`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(pageList()).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const pages = calls.filter((call) => call.path.endsWith('/get-all-notification/user-1'));
    // The bell's first page, the page's first page, and its second.
    expect(pages).toHaveLength(3);
  });

  it('filters to unread only, and says all is read after "Mark all as read"', async () => {
    backend(structuredClone(many));
    const { user } = renderApp('/notifications', { session });
    await waitFor(() =>
      expect(within(pageList()).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_SIZE),
    );
    await user.click(screen.getByRole('button', { name: 'Unread (13)' }));
    expect(screen.getByRole('button', { name: 'Unread (13)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(pageList()).getAllByRole('link')).toHaveLength(13));
    expect(
      within(pageList())
        .getAllByRole('link')
        .every((link) => link.textContent?.includes('Unread')),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unread' })).toBeInTheDocument();
  });

  it('has an empty state for a new account', async () => {
    backend([]);
    renderApp('/notifications', { session });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
