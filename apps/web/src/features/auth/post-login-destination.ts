import type { SESSION_CODE, TSession } from '@medhire/contract/account';

/**
 * The contract's SESSION_CODE lives beside zod schemas; importing its value would put zod in
 * the first download. The type ties this copy to the contract, so they cannot drift apart.
 */
const PROFILE_NOT_ESTABLISHED: (typeof SESSION_CODE)['PROFILE_NOT_ESTABLISHED'] = 201;

export type PostLoginDestination = { kind: 'logout' } | { kind: 'navigate'; to: string };

/**
 * Where a session lands right after sign-in (spec §2). Pending accounts are in onboarding:
 * establish the organisation profile (code 201), then answer the would-you-rather preference
 * probes, then pay when the subscription is still incomplete. Every other status goes home,
 * except rejected, which must not keep a session at all.
 */
export function postLoginDestination(session: TSession): PostLoginDestination {
  const { user } = session;
  if (user.accountStatus === 'rejected') return { kind: 'logout' };
  if (user.accountStatus !== 'pending') return { kind: 'navigate', to: '/home' };
  if (session.code === PROFILE_NOT_ESTABLISHED) return { kind: 'navigate', to: '/establish-profile' };
  if (user.preferenceProbe.length === 0) return { kind: 'navigate', to: '/would-you-rather' };
  return { kind: 'navigate', to: user.subscriptionStatus === 'incomplete' ? '/payment' : '/home' };
}

/** Screens a signed-in person is sent away from; returning there after sign-in would loop. */
const GUEST_ONLY_PATHS = new Set(['/', '/signIn', '/register', '/recover-password', '/claimBusiness']);

/**
 * Accepts only same-app paths, so a crafted `?redirectTo=https://elsewhere` or `//elsewhere`
 * cannot send a freshly signed-in person off-site.
 */
export function safeRedirectPath(redirectTo: string | null | undefined): string | null {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) {
    return null;
  }
  const pathname = redirectTo.split(/[?#]/, 1)[0] ?? '';
  if (GUEST_ONLY_PATHS.has(pathname)) return null;
  return redirectTo;
}

/**
 * The route to open once a session exists. A page the person asked for before signing in
 * (`redirectTo`) wins only when the account has no onboarding step left to do, because the
 * onboarding order of spec §2 must not be skipped by following an old link.
 */
export function resolvePostLoginRoute(
  session: TSession,
  redirectTo: string | null | undefined,
): PostLoginDestination {
  const destination = postLoginDestination(session);
  if (destination.kind === 'logout' || destination.to !== '/home') return destination;
  return { kind: 'navigate', to: safeRedirectPath(redirectTo) ?? destination.to };
}

export const REDIRECT_PARAM = 'redirectTo';

/** The sign-in URL that brings the person back to `location` afterwards. */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  const safeTarget = safeRedirectPath(target);
  return safeTarget ? `/signIn?${REDIRECT_PARAM}=${encodeURIComponent(safeTarget)}` : '/signIn';
}
