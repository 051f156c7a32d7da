import type { TNotification, TNotificationType } from '@medhire/contract/notifications';
import { cx } from '@medhire/ui/cx.ts';
import { Link } from 'react-router';
import { formatNotificationTime } from '../format-notification-time.ts';
import { destinationOf } from './use-open-notification.ts';

const TYPE_LABELS: Record<TNotificationType, string> = {
  EMPLOYEE_REGISTERED: 'New physician',
  APPLY_ON_JOB: 'Application',
  INVITE_ACCEPTED: 'Invite accepted',
  INVITE_REJECTED: 'Invite declined',
  SEND_MSG_TO_EMPLOYER: 'Message',
};

export interface NotificationListProps {
  notifications: readonly TNotification[];
  /** Called as a notification's link is followed. */
  onOpen: (notification: TNotification) => void;
  /** Names the list for assistive technology. */
  label: string;
  className?: string;
}

/** Notifications as links to where each one leads; unread ones are marked and announced. */
export function NotificationList({ notifications, onOpen, label, className }: NotificationListProps) {
  return (
    <ul className={cx('notification-list', className)} aria-label={label}>
      {notifications.map((notification) => (
        <li key={notification._id}>
          <Link
            to={destinationOf(notification)}
            className={cx('notification-item', !notification.read && 'notification-item--unread')}
            onClick={() => onOpen(notification)}
          >
            <span className="notification-item__dot" aria-hidden="true" />
            <span className="notification-item__text">
              <span className="notification-item__meta">
                <span className="notification-item__type">{TYPE_LABELS[notification.data.type]}</span>
                <time dateTime={notification.createdAt}>
                  {formatNotificationTime(notification.createdAt)}
                </time>
              </span>
              <span className="notification-item__title">
                {!notification.read && <span className="visually-hidden">Unread: </span>}
                {notification.notification.title}
              </span>
              {notification.notification.body && (
                <span className="notification-item__body">{notification.notification.body}</span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
