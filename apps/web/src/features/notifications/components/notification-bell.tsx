import { Button } from '@medhire/ui/button.tsx';
import { BellIcon } from '@medhire/ui/icons.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { notificationsApi } from '../api/notifications-api.ts';
import { allNotificationsRead, notificationsLoaded } from '../notification-centre-slice.ts';
import { NotificationList } from './notification-list.tsx';
import { useMarkNotificationRead } from './use-open-notification.ts';
import './notifications.css';

/** How many notifications the bell's panel lists; the rest are on /notifications. */
export const BELL_PANEL_SIZE = 6;

/** "9+" beyond nine, so the badge stays one small circle. */
function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function bellLabel(unreadCount: number | null): string {
  if (!unreadCount) return 'Notifications';
  return `Notifications, ${unreadCount} unread`;
}

/**
 * The bell in the main layout's header: the live unread count (the realtime connection moves it
 * on `onNotification`), and a panel with the latest notifications, "Mark all as read" and the
 * way to the full list.
 */
export function NotificationBell() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.session?.user._id);
  const unreadCount = useAppSelector((state) => state.notifications.unreadCount);
  const notifications = useAppSelector((state) => state.notifications.notifications);
  const [isOpen, setIsOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [isMarkingAll, setIsMarkingAll] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const markRead = useMarkNotificationRead();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!userId) return;
      setIsLoading(true);
      try {
        const page = await notificationsApi.getAll(
          userId,
          { pageSize: BELL_PANEL_SIZE, pageNumber: 1 },
          signal,
        );
        dispatch(notificationsLoaded(page));
        setLoadError(null);
      } catch (error) {
        if (signal?.aborted) return;
        setLoadError(describeError(error));
      } finally {
        if (!signal?.aborted) setIsLoading(false);
      }
    },
    [dispatch, userId],
  );

  // The count is needed at once for the badge; the panel re-reads the list each time it opens.
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const toggle = () => {
    if (!isOpen) void load();
    setIsOpen((open) => !open);
  };

  const markAllRead = async () => {
    if (!userId) return;
    setIsMarkingAll(true);
    try {
      await notificationsApi.markAllRead(userId);
      dispatch(allNotificationsRead());
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsMarkingAll(false);
    }
  };

  const latest = notifications.slice(0, BELL_PANEL_SIZE);
  const hasUnread = (unreadCount ?? 0) > 0;

  return (
    <div className="notification-bell" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="notification-bell__button"
        aria-label={bellLabel(unreadCount)}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon size={22} />
      </button>
      {/* Beside the button, not in it: its name says the count in words, and a button's visible
          text must be part of its name (WCAG 2.5.3). */}
      {hasUnread && (
        <span className="notification-bell__badge" data-testid="notification-badge" aria-hidden="true">
          {badgeText(unreadCount ?? 0)}
        </span>
      )}
      <span className="visually-hidden" aria-live="polite">
        {hasUnread ? `${unreadCount} unread notifications` : ''}
      </span>
      <section id={panelId} className="notification-panel" aria-labelledby={headingId} hidden={!isOpen}>
        <header className="notification-panel__header">
          <h2 id={headingId} className="notification-panel__title">
            Notifications
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={markAllRead}
            isLoading={isMarkingAll}
            disabled={!hasUnread}
          >
            Mark all as read
          </Button>
        </header>
        {loadError && latest.length === 0 ? (
          <div className="notification-panel__state" role="alert">
            <p>{loadError}</p>
            <Button variant="secondary" size="sm" onClick={() => void load()}>
              Try again
            </Button>
          </div>
        ) : isLoading && latest.length === 0 ? (
          <div className="notification-panel__state">
            <Spinner label="Loading notifications" />
          </div>
        ) : latest.length === 0 ? (
          <p className="notification-panel__state">
            No notifications yet. Applications, invite answers and messages from physicians will show up here.
          </p>
        ) : (
          <NotificationList
            label="Latest notifications"
            notifications={latest}
            onOpen={(notification) => {
              setIsOpen(false);
              void markRead(notification);
            }}
          />
        )}
        <footer className="notification-panel__footer">
          <Link to="/notifications" className="notification-panel__all" onClick={() => setIsOpen(false)}>
            See all notifications
          </Link>
        </footer>
      </section>
    </div>
  );
}
