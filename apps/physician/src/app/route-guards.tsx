import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
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

/** Only a path inside this app: a link can never send the person elsewhere after signing in. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/jobs';
}

/**
 * Sign-in and sign-up, for signed-out visitors only. The moment a session starts this guard
 * moves on: to where the person was headed, or for a new account to its profile, which
 * applying needs.
 */
export function RequireSignedOut() {
  const session = useAppSelector(selectSession);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (!session) return <Outlet />;
  const target =
    location.pathname === '/sign-up' ? '/profile?welcome=1' : safeRedirect(searchParams.get('redirectTo'));
  return <Navigate to={target} replace />;
}
