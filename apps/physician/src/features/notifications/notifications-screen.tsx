import {
  physicianNotificationLink,
  type TPhysicianNotification,
} from '@medhire/contract/physician-notifications';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { BellIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from './notifications-api.ts';
import './notifications.css';

/** The app's basename is part of every stored link (push clicks open it as a URL); the router wants it off. */
const APP_BASE = '/physician';

export function inAppPath(link: string): string {
  if (link === APP_BASE) return '/';
  return link.startsWith(`${APP_BASE}/`) ? link.slice(APP_BASE.length) : link;
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function NotificationRow({ notification }: { notification: TPhysicianNotification }) {
  const navigate = useNavigate();
  const [markRead, { error, isLoading }] = useMarkNotificationReadMutation();
  const { title, body } = notification.notification;
  const link = inAppPath(physicianNotificationLink(notification.data));

  const onOpen = async () => {
    // Opening it reads it; the link opens even if marking fails (it is marked next time).
    if (!notification.read) await markRead(notification._id);
    navigate(link);
  };

  return (
    <li className={`notification-row${notification.read ? '' : ' notification-row--unread'}`}>
      <button type="button" className="notification-row__open" onClick={() => void onOpen()}>
        <span className="notification-row__title">
          {!notification.read && <span className="visually-hidden">Unread: </span>}
          {title}
        </span>
        <span className="notification-row__body">{body}</span>
        <time className="notification-row__time" dateTime={notification.createdAt}>
          {formatWhen(notification.createdAt)}
        </time>
      </button>
      {!notification.read && (
        <div className="notification-row__actions">
          <Badge variant="primary">New</Badge>
          <Button
            size="sm"
            variant="ghost"
            isLoading={isLoading}
            onClick={() => void markRead(notification._id)}
            aria-label={`Mark as read: ${title}`}
          >
            Mark as read
          </Button>
        </div>
      )}
      {error && <Alert variant="danger">{error.message}</Alert>}
    </li>
  );
}

export function NotificationsScreen() {
  const [pageNumber, setPageNumber] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetNotificationsQuery({ pageNumber });
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();
  const pageCount = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const unread = data?.unreadCount ?? 0;

  return (
    <>
      <title>Notifications · MedHire for physicians</title>
      <PageHeader
        title="Notifications"
        description={data ? (unread > 0 ? `${unread} unread` : 'You are all caught up.') : undefined}
        actions={
          unread > 0 ? (
            <Button
              size="sm"
              variant="secondary"
              isLoading={markAllState.isLoading}
              onClick={() => void markAll()}
            >
              Mark all as read
            </Button>
          ) : undefined
        }
      />
      {markAllState.error && <Alert variant="danger">{markAllState.error.message}</Alert>}
      {isLoading ? (
        <Spinner label="Loading your notifications" />
      ) : error && !data ? (
        <Alert variant="danger" title="Your notifications did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.notifications.length === 0 ? (
        <EmptyState
          icon={<BellIcon size={28} />}
          title="No notifications yet"
          description="Invites, messages from employers, news about your applications and new jobs for your alerts appear here."
        />
      ) : (
        <>
          <ul className="notification-list" aria-label="Notifications" aria-busy={isFetching}>
            {data.notifications.map((notification) => (
              <NotificationRow key={notification._id} notification={notification} />
            ))}
          </ul>
          {pageCount > 1 && (
            <Pager
              status={`Page ${pageNumber} of ${pageCount}`}
              page={pageNumber}
              pageCount={pageCount}
              onPage={setPageNumber}
              isMuted={isFetching}
            />
          )}
        </>
      )}
    </>
  );
}
