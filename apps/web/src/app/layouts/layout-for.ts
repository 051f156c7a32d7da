import type { SESSION_CODE, TSession, TUser } from '@medhire/contract/account';

/** Kept as a typed copy so the entry chunk does not pull in zod (see post-login-destination.ts). */
const PROFILE_NOT_ESTABLISHED: (typeof SESSION_CODE)['PROFILE_NOT_ESTABLISHED'] = 201;

export type LayoutName = 'public' | 'auth' | 'onboarding' | 'would-you-rather' | 'agreement' | 'main';

/** Legal and informational pages: the same public layout whether signed in or not. */
export const LEGAL_PATHS = [
  '/terms-conditions',
  '/delegate-access',
  '/privacy-policy',
  '/licensing-agreement',
  '/subscription-agreement',
  '/auth/doximity/success',
] as const;

/**
 * The pages a signed-out visitor starts on (GuestOnly in router.tsx). A session seen there is on
 * its way elsewhere: just signed in, or signing out, which ends it only once / is reached.
 */
export const GUEST_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/signIn',
  '/register',
  '/recover-password',
  '/claimBusiness',
]);

/** Signed-in pages that also use the public layout (spec §2). */
const PUBLIC_LAYOUT_WHEN_SIGNED_IN = new Set(['/payment', '/global-connection']);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The layout a page is shown in, decided by the session and the path only (spec §2):
 * 1. legal pages, and /payment and /global-connection when signed in → public;
 * 2. /would-you-rather when signed in → its own focused layout; /delegate-agreement (a delegate's
 *    first sign-in), any page of a delegate who has not accepted it yet, and any page of a session
 *    held to setting up two-step sign-in → a focused layout with nothing but the way out, since
 *    nothing else works yet;
 * 3. a session with code 201 (organisation profile not established) → onboarding;
 * 4. any other signed-in page → main;
 * 5. signed out, or on a guest page (/, /signIn, …) → auth: the session there is leaving, and the
 *    main layout would mount only to start its loads and live connection on the way, racing a
 *    sign-out that ends the session under them.
 * Earlier rules win, so a 201 session paying on /payment still sees the public layout.
 */
export function layoutFor(
  session:
    | (Pick<TSession, 'code' | 'enrolmentRequired'> & {
        user?: Pick<TUser, 'isDelegate' | 'delegateAgreementAccepted'>;
      })
    | null,
  pathname: string,
): LayoutName {
  const path = normalise(pathname);
  if ((LEGAL_PATHS as readonly string[]).includes(path)) return 'public';
  if (!session || GUEST_PATHS.has(path)) return 'auth';
  // A delegate who has not accepted the agreement is on their way to it (RequireSession): the
  // main layout's notifications and live updates would only be refused on the way.
  if (session.user?.isDelegate === true && session.user.delegateAgreementAccepted === false) {
    return 'agreement';
  }
  // Held to setting up two-step sign-in (RequireSession): the same focused layout, for the same reason.
  if (session.enrolmentRequired === true) return 'agreement';
  if (PUBLIC_LAYOUT_WHEN_SIGNED_IN.has(path)) return 'public';
  if (path === '/would-you-rather') return 'would-you-rather';
  if (path === '/delegate-agreement') return 'agreement';
  if (session.code === PROFILE_NOT_ESTABLISHED) return 'onboarding';
  return 'main';
}
