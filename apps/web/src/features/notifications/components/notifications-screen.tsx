import type { TNotification } from '@medhire/contract/notifications';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { BellIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { notificationsApi } from '../api/notifications-api.ts';
import { allNotificationsRead } from '../notification-centre-slice.ts';
import { NotificationList } from './notification-list.tsx';
import { PushControl } from './push-control.tsx';
import { useMarkNotificationRead } from './use-open-notification.ts';
import './notifications.css';

/** Notifications per page of the full list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

type Filter = 'all' | 'unread';

interface ListState {
  notifications: TNotification[];
  total: number;
  pageNumber: number;
}

/** /notifications: every notification, newest first, all or unread only, a page at a time. */
export function NotificationsScreen() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.session?.user._id);
  const unreadCount = useAppSelector((state) => state.notifications.unreadCount);
  const latestLive = useAppSelector((state) => state.notifications.notifications[0]);
  const [filter, setFilter] = useState<Filter>('all');
  const [list, setList] = useState<ListState | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [isMarkingAll, setIsMarkingAll] = useState(false);

  const loadPage = useCallback(
    async (pageNumber: number, signal?: AbortSignal) => {
      if (!userId) return;
      setIsLoading(true);
      setError(null);
      try {
        const page = await notificationsApi.getAll(
          userId,
          { pageSize: NOTIFICATIONS_PAGE_SIZE, pageNumber, unread: filter === 'unread' },
          signal,
        );
        setList((previous) => {
          const earlier = pageNumber === 1 || !previous ? [] : previous.notifications;
          const seen = new Set(earlier.map((item) => item._id));
          return {
            notifications: [...earlier, ...page.notifications.filter((item) => !seen.has(item._id))],
            total: page.total,
            pageNumber,
          };
        });
      } catch (loadError) {
        if (signal?.aborted) return;
        setError(describeError(loadError));
      } finally {
        if (!signal?.aborted) setIsLoading(false);
      }
    },
    [userId, filter],
  );

  useEffect(() => {
    const controller = new AbortController();
    setList(null);
    void loadPage(1, controller.signal);
    return () => controller.abort();
  }, [loadPage]);

  // A notification that arrives live while the page is open goes on top of the list.
  useEffect(() => {
    if (!latestLive) return;
    setList((previous) => {
      if (!previous || previous.notifications.some((item) => item._id === latestLive._id)) return previous;
      if (filter === 'unread' && latestLive.read) return previous;
      const createdFirst = previous.notifications[0]?.createdAt ?? '';
      if (latestLive.createdAt < createdFirst) return previous;
      return {
        ...previous,
        notifications: [latestLive, ...previous.notifications],
        total: previous.total + 1,
      };
    });
  }, [latestLive, filter]);

  const onRead = useCallback(
    (read: TNotification) =>
      setList((previous) =>
        previous
          ? {
              ...previous,
              notifications: previous.notifications.map((item) =>
                item._id === read._id ? { ...item, read: true } : item,
              ),
            }
          : previous,
      ),
    [],
  );
  const markRead = useMarkNotificationRead(onRead);

  const markAllRead = async () => {
    if (!userId) return;
    setIsMarkingAll(true);
    try {
      await notificationsApi.markAllRead(userId);
      dispatch(allNotificationsRead());
      if (filter === 'unread') setList({ notifications: [], total: 0, pageNumber: 1 });
      else
        setList((previous) =>
          previous
            ? { ...previous, notifications: previous.notifications.map((item) => ({ ...item, read: true })) }
            : previous,
        );
    } catch (markError) {
      notifyError(errorMessage(markError));
    } finally {
      setIsMarkingAll(false);
    }
  };

  const shown = list?.notifications ?? [];
  const hasMore = list !== null && shown.length < list.total;

  return (
    <div className="notifications-screen">
      <title>Notifications · MedHire</title>
      <PageHeader
        title="Notifications"
        description="Applications, answers to your invites, new physicians in your specialties and messages."
        actions={
          <Button variant="secondary" onClick={markAllRead} isLoading={isMarkingAll} disabled={!unreadCount}>
            Mark all as read
          </Button>
        }
      />
      <PushControl />
      <fieldset className="notifications-filter">
        <legend className="visually-hidden">Show</legend>
        <button type="button" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
          All
        </button>
        <button type="button" aria-pressed={filter === 'unread'} onClick={() => setFilter('unread')}>
          Unread{unreadCount ? ` (${unreadCount})` : ''}
        </button>
      </fieldset>
      {error && (
        <Alert variant="danger" title="The notifications could not be loaded.">
          <p>{error}</p>
          <Button variant="secondary" size="sm" onClick={() => void loadPage(list ? list.pageNumber + 1 : 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {list === null && isLoading ? (
        <Spinner label="Loading notifications" />
      ) : list !== null && shown.length === 0 ? (
        <EmptyState
          icon={<BellIcon size={28} />}
          title={filter === 'unread' ? "You're all caught up" : 'No notifications yet'}
          description={
            filter === 'unread'
              ? 'Every notification has been read.'
              : 'Applications, invite answers and messages from physicians will appear here.'
          }
        />
      ) : (
        shown.length > 0 && (
          <div className="notifications-screen__list">
            <NotificationList
              label="Notifications"
              notifications={shown}
              onOpen={(item) => void markRead(item)}
            />
          </div>
        )
      )}
      {list !== null && shown.length > 0 && (
        <div className="notifications-screen__more">
          <p>
            Showing {shown.length} of {list.total}
          </p>
          {hasMore && (
            <Button
              variant="secondary"
              isLoading={isLoading}
              onClick={() => void loadPage(list.pageNumber + 1)}
            >
              Load more
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
