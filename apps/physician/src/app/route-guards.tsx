import { Navigate, Outlet, useLocation } from 'react-router';
import { selectSession } from '../lib/session-slice.ts';
import { useAppSelector } from './hooks.ts';

/** Signed-out visitors go to sign-in, and come back to where they were headed afterwards. */
export function RequireSession() {
  const session = useAppSelector(selectSession);
  const location = useLocation();
  if (!session) {
    const target = `${location.pathname}${location.search}`;
    const query = target === '/' ? '' : `?redirectTo=${encodeURIComponent(target)}`;
    return <Navigate to={`/sign-in${query}`} replace />;
  }
  return <Outlet />;
}

export function RequireSignedOut() {
  const session = useAppSelector(selectSession);
  return session ? <Navigate to="/jobs" replace /> : <Outlet />;
}
