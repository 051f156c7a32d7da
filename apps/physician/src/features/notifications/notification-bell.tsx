import { BellIcon } from '@medhire/ui/icons.tsx';
import { NavLink } from 'react-router';
import { useGetUnreadCountQuery } from './unread-count.ts';
import './notifications.css';

/** The header's way to the notifications, with how many are unread (kept live by the socket). */
export function NotificationBell({ className }: { className: string }) {
  const { data } = useGetUnreadCountQuery();
  const unread = data?.unreadCount ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink
      to="/notifications"
      className={className}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <BellIcon size={20} aria-hidden="true" />
      {unread > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {shown}
        </span>
      )}
    </NavLink>
  );
}
