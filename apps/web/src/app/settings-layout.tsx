import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { settingsTabAt, settingsTabsFor } from '../features/settings/settings-tabs.ts';
import { useAppSelector } from './hooks.ts';
import './settings-layout.css';

/**
 * Settings: the one page header ("Settings" above the open page's title, as the app's other
 * sections name themselves), one tab per settings page (features/settings/settings-tabs.ts) shown
 * by rights, then the page. The pages themselves show no header of their own.
 */
export function SettingsLayout() {
  const rights = useAppSelector((state) => state.auth.user?.rights);
  // Held to setting up two-step sign-in: Security is the only page that works, so no tabs.
  const isEnrolmentRequired = useAppSelector((state) => state.auth.session?.enrolmentRequired === true);
  const { pathname } = useLocation();
  const tabs = settingsTabsFor(rights);
  const [first] = tabs;
  if (pathname.replace(/\/+$/, '') === '/settings' && first) return <Navigate to={first.path} replace />;
  const current = settingsTabAt(pathname);
  return (
    <div className="settings-layout">
      <PageHeader
        className="settings-layout__header"
        eyebrow="Settings"
        title={current?.title ?? 'Settings'}
        description={current?.description}
      />
      {!isEnrolmentRequired && (
        <nav aria-label="Settings" className="settings-layout__tabs">
          <ul>
            {tabs.map((tab) => (
              <li key={tab.path}>
                <NavLink
                  to={tab.path}
                  className={({ isActive }) =>
                    `settings-layout__tab${isActive ? ' settings-layout__tab--active' : ''}`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}
