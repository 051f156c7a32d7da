import { Button } from '@medhire/ui/button.tsx';
import {
  BriefcaseIcon,
  ClipboardIcon,
  LogoutIcon,
  MessageIcon,
  SlidersIcon,
  SparkIcon,
  UserIcon,
} from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { AddToHomeScreenCard } from '../features/install/add-to-home-screen-card.tsx';
import { startLiveConnection } from '../features/messages/live-connection.ts';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { COUNT_TAG, notificationArrived } from '../features/notifications/unread-count.ts';
import { api } from '../lib/api.ts';
import { selectSession } from '../lib/session-slice.ts';
import { signOut } from '../lib/sign-out.ts';
import { useIsOnline } from '../lib/use-is-online.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import './shell.css';
import { FreshSecondStepHost } from '@medhire/ui/fresh-second-step-host.tsx';

// The "Confirm it's you" dialog downloads the first time a change asks for it, not with every page.
const FreshSecondStepDialog = lazy(() =>
  import('./fresh-second-step-dialog.tsx').then((module) => ({ default: module.FreshSecondStepDialog })),
);

interface Tab {
  to: string;
  label: string;
  icon: ReactNode;
}

const TABS: readonly Tab[] = [
  { to: '/jobs', label: 'Jobs', icon: <BriefcaseIcon size={22} aria-hidden="true" /> },
  { to: '/applications', label: 'Applications', icon: <ClipboardIcon size={22} aria-hidden="true" /> },
  { to: '/invites', label: 'Invites', icon: <SparkIcon size={22} aria-hidden="true" /> },
  { to: '/messages', label: 'Messages', icon: <MessageIcon size={22} aria-hidden="true" /> },
  { to: '/profile', label: 'Profile', icon: <UserIcon size={22} aria-hidden="true" /> },
];

function NavItems({ className }: { className: string }) {
  return (
    <ul className={className}>
      {TABS.map((tab) => (
        <li key={tab.to}>
          <NavLink to={tab.to} className="shell__nav-link">
            {tab.icon}
            <span>{tab.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The signed-in frame: a side navigation on wide screens, a bottom tab bar on phones (the
 * same five places, thumb-reachable), and the live connection for as long as it is open.
 */
export function Shell() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const isOnline = useIsOnline();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPathname = useRef(pathname);
  const token = session?.token;
  const uid = session?.physician.userId;

  useEffect(() => {
    if (!token || !uid) return;
    return dispatch(
      startLiveConnection(token, uid, {
        onNotification: (payload) => dispatch(notificationArrived(payload)),
        // Notifications that came while the connection was down: the badge asks again.
        onResume: () => dispatch(api.util.invalidateTags([COUNT_TAG])),
      }),
    );
  }, [dispatch, token, uid]);

  // After a navigation, focus moves to the new page (as a page load would move it), so a
  // screen-reader or keyboard user starts reading there instead of in the tab bar.
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="shell">
      <FreshSecondStepHost Dialog={FreshSecondStepDialog} />
      <a className="shell__skip" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <Logo isCompact />
        <div className="shell__header-actions">
          <NotificationBell className="shell__icon-link" />
          <Link to="/settings" className="shell__icon-link" aria-label="Settings">
            <SlidersIcon size={20} aria-hidden="true" />
          </Link>
          <Button
            variant="ghost"
            size="sm"
            leadingIcon={<LogoutIcon size={18} />}
            onClick={() => void signOut(dispatch, token)}
          >
            Sign out
          </Button>
        </div>
      </header>
      <nav className="shell__side" aria-label="Main">
        <NavItems className="shell__side-list" />
      </nav>
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className="shell__main"
        aria-busy={navigation.state === 'loading'}
      >
        {!isOnline && (
          <p className="shell__offline" role="status">
            You are offline. What you saw last stays readable, and messages you write are sent when you are
            back.
          </p>
        )}
        <AddToHomeScreenCard />
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <nav className="shell__tabs" aria-label="Tabs">
        <NavItems className="shell__tab-list" />
      </nav>
    </div>
  );
}
