import type { TRight } from '@medhire/contract/team-roles';
import { cx } from '@medhire/ui/cx.ts';
import {
  BriefcaseIcon,
  BuildingIcon,
  CalendarIcon,
  CardIcon,
  ChartIcon,
  CloseIcon,
  CompassIcon,
  HomeIcon,
  type IconProps,
  MenuIcon,
  MessageIcon,
  SidebarIcon,
  SlidersIcon,
  UsersIcon,
} from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { NotificationsSync } from '../../features/notifications/components/notifications-sync.tsx';
import { RealtimeConnection } from '../../features/realtime/components/realtime-connection.tsx';
import { SavedViewsNav } from '../../features/saved-views/components/saved-views-nav.tsx';
import { SubscriptionBanner } from '../../features/subscription/components/subscription-banner.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { sidebarToggled } from './layout-slice.ts';
import { PageOutlet } from './page-outlet.tsx';
import { UserMenu } from './user-menu.tsx';
import './main-layout.css';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Other paths that belong to this section. */
  alsoActiveOn?: RegExp;
  /** Shown only to members whose role holds this right (the server checks every call anyway). */
  right?: TRight;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/home', label: 'Home', icon: HomeIcon },
  { to: '/jobs', label: 'Jobs', icon: BriefcaseIcon, alsoActiveOn: /^\/(create-job|edit-job|jobs-resident)/ },
  { to: '/applicants', label: 'Applicants', icon: UsersIcon },
  { to: '/explore', label: 'Explore', icon: CompassIcon },
  { to: '/interviews', label: 'Interviews', icon: CalendarIcon, right: 'applicants' },
  { to: '/messages', label: 'Messages', icon: MessageIcon },
  { to: '/reports', label: 'Reports', icon: ChartIcon, right: 'reports.read' },
  {
    to: '/manage-subscriptions',
    label: 'Subscription',
    icon: CardIcon,
    alsoActiveOn: /^\/update-subscriptions/,
    right: 'billing',
  },
  {
    to: '/edit-profile',
    label: 'Profile',
    icon: BuildingIcon,
    alsoActiveOn: /^\/claimBusinessProfile/,
    right: 'organization.read',
  },
  {
    to: '/settings/team',
    label: 'Settings',
    icon: SlidersIcon,
    alsoActiveOn: /^\/settings/,
    right: 'team.read',
  },
];

/** Below this width the sidebar becomes a drawer over the page. */
const PHONE_QUERY = '(max-width: 899px)';

/** The signed-in app: sidebar navigation, top bar with the account menu, the page. */
export function MainLayout() {
  const dispatch = useAppDispatch();
  const isExpanded = useAppSelector((state) => state.layout.toggle);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const rights = useAppSelector((state) => state.auth.user?.rights);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The drawer closes whenever the page changes or the window grows past phone width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    setIsDrawerOpen(false);
  }, [pathname, isPhone]);

  useEffect(() => {
    if (!isDrawerOpen) return;
    sidebarRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsDrawerOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isDrawerOpen]);

  const isCollapsed = !isPhone && !isExpanded;
  const isSidebarHidden = isPhone && !isDrawerOpen;
  const toggleLabel = isPhone
    ? isDrawerOpen
      ? 'Close navigation'
      : 'Open navigation'
    : isExpanded
      ? 'Collapse navigation'
      : 'Expand navigation';

  return (
    <div
      className={cx(
        'main-layout',
        isCollapsed && 'main-layout--collapsed',
        isPhone && 'main-layout--phone',
        isDrawerOpen && 'main-layout--drawer-open',
      )}
    >
      <RealtimeConnection />
      <NotificationsSync />
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <aside
        ref={sidebarRef}
        id="main-sidebar"
        className="sidebar"
        aria-label="Sidebar"
        inert={isSidebarHidden || undefined}
      >
        <div className="sidebar__brand">
          <Link to="/home" className="sidebar__home" aria-label="MedHire home">
            <Logo isCompact={isCollapsed} />
          </Link>
          {isPhone && (
            <button
              type="button"
              className="sidebar__close"
              aria-label="Close navigation"
              onClick={() => setIsDrawerOpen(false)}
            >
              <CloseIcon size={20} />
            </button>
          )}
        </div>
        <nav aria-label="Main" className="sidebar__nav">
          <ul>
            {NAV_ITEMS.filter((item) => !item.right || rights?.includes(item.right)).map((item) => {
              const Icon = item.icon;
              const isSectionActive = item.alsoActiveOn?.test(pathname) ?? false;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    data-tour={`nav-${item.to.slice(1)}`}
                    className={({ isActive }) =>
                      cx('sidebar__link', (isActive || isSectionActive) && 'sidebar__link--active')
                    }
                    aria-current={isSectionActive ? 'page' : undefined}
                    title={isCollapsed ? item.label : undefined}
                  >
                    <Icon size={20} className="sidebar__icon" />
                    <span className={cx('sidebar__label', isCollapsed && 'visually-hidden')}>
                      {item.label}
                    </span>
                  </NavLink>
                  {item.to === '/applicants' && !isCollapsed && <SavedViewsNav />}
                </li>
              );
            })}
          </ul>
        </nav>
        {!isCollapsed && (
          <div className="sidebar__footer">
            <Link to="/terms-conditions">Terms</Link>
            <Link to="/privacy-policy">Privacy</Link>
          </div>
        )}
      </aside>
      {isDrawerOpen && (
        <button
          type="button"
          className="main-layout__scrim"
          aria-label="Close navigation"
          tabIndex={-1}
          onClick={() => setIsDrawerOpen(false)}
        />
      )}
      <div className="main-layout__body">
        <header className="topbar">
          <button
            ref={toggleRef}
            type="button"
            className="topbar__toggle"
            aria-label={toggleLabel}
            aria-controls="main-sidebar"
            aria-expanded={isPhone ? isDrawerOpen : isExpanded}
            onClick={() => (isPhone ? setIsDrawerOpen((open) => !open) : dispatch(sidebarToggled()))}
          >
            {isPhone ? <MenuIcon size={22} /> : <SidebarIcon size={20} />}
          </button>
          {isPhone && (
            <Link to="/home" className="topbar__logo" aria-label="MedHire home">
              <Logo />
            </Link>
          )}
          <div className="topbar__end">
            <NotificationBell />
            <div data-tour="account-menu">
              <UserMenu />
            </div>
          </div>
        </header>
        <SubscriptionBanner />
        <main id="main-content" className="main-layout__content" tabIndex={-1}>
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}
