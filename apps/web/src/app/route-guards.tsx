import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate, useSearchParams } from 'react-router';
import { logout, selectSession } from '../features/auth/auth-slice.ts';
import {
  REDIRECT_PARAM,
  resolvePostLoginRoute,
  signInPathFor,
} from '../features/auth/post-login-destination.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { missingAccess } from './route-access.ts';

// Rare (a role outside its rights), so the explanation and the rights table it quotes load only
// when needed, keeping them out of the first page's download.
const NoAccessScreen = lazy(() =>
  import('./no-access-screen.tsx').then((module) => ({ default: module.NoAccessScreen })),
);

/** Where a session held to setting up two-step sign-in is taken: Settings → Security. */
export const ENROLMENT_PATH = '/settings/security';

/** Navigation state that asks / to end the session on arrival (see useSignOut). */
export interface SignOutState {
  signOut: true;
}

function isSignOutState(state: unknown): state is SignOutState {
  return typeof state === 'object' && state !== null && (state as Partial<SignOutState>).signOut === true;
}

/**
 * Sign-in, registration and recovery are for visitors: a session goes on to its post-login
 * destination, or back to the page that sent the person to sign in.
 *
 * Signing out arrives here first, at /, and only then ends the session. Ending it while still
 * on a signed-in page would let that page's guard send the person to sign in with the page
 * remembered, racing the return to / that spec §2 asks for.
 */
export function GuestOnly() {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const isSigningOut = isSignOutState(location.state);

  useEffect(() => {
    if (!isSigningOut) return;
    if (session) void dispatch(logout());
    // Drop the request from history so a later sign-in on this entry is not undone.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [isSigningOut, session, dispatch, navigate, location.pathname, location.search]);

  if (session) {
    if (isSigningOut) return null;
    const destination = resolvePostLoginRoute(session, searchParams.get(REDIRECT_PARAM));
    if (destination.kind === 'navigate') return <Navigate to={destination.to} replace />;
  }
  return <Outlet />;
}

/**
 * Signed-in pages: a visitor is sent to sign in with the page remembered, and comes back to
 * it afterwards. This also covers a session ended by the server (a rejected account).
 *
 * A page tied to a right the member's role lacks (its route handle's `access`, see
 * route-access.ts) is replaced by an explanation with a way to where they can work, before the
 * page loads anything: never a form that fails at the end.
 */
export function RequireSession() {
  const session = useAppSelector(selectSession);
  const location = useLocation();
  const matches = useMatches();
  if (!session) return <Navigate to={signInPathFor(location)} replace />;
  // A delegate accepts the Delegate Access agreement before anything else (the server refuses
  // every other call until then).
  const needsAgreement = session.user.isDelegate === true && session.user.delegateAgreementAccepted === false;
  if (needsAgreement && location.pathname !== '/delegate-agreement') {
    return <Navigate to="/delegate-agreement" replace />;
  }
  // The organisation requires two-step sign-in and this member has no second factor yet: the
  // server refuses everything but setting one up (lib/two-step-enrolment.ts).
  if (session.enrolmentRequired === true && location.pathname !== ENROLMENT_PATH) {
    return <Navigate to={ENROLMENT_PATH} replace />;
  }
  const missing = missingAccess(
    matches.map((match) => match.handle),
    session.user.rights,
  );
  if (missing) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <NoAccessScreen access={missing} />
      </Suspense>
    );
  }
  return <Outlet />;
}
