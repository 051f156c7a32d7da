import { Outlet, useLocation } from 'react-router';

/** The routed page, re-keyed per path so each route change plays the 300 ms entrance. */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="page-transition">
      <Outlet />
    </div>
  );
}
