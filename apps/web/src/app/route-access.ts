import type { TRight } from '@medhire/contract/team-roles';
import { matchRoutes, type RouteObject } from 'react-router';

/** Where a member who cannot use a page is sent to work instead. */
export interface RouteElsewhere {
  to: string;
  label: string;
}

/**
 * What a signed-in page needs of the member's role, carried as the route's `handle` so the one
 * guard (RequireSession in route-guards.tsx) and the generated end-to-end walk read the same
 * thing from the router. `does` completes "Your role (Delegate) cannot …".
 */
export interface RouteAccess {
  right: TRight;
  does: string;
  elsewhere: RouteElsewhere;
}

export interface AppRouteHandle {
  access?: RouteAccess;
  /** Marks the layout route whose pages need a session. */
  isSignedIn?: boolean;
}

export const ELSEWHERE = {
  home: { to: '/home', label: 'Go to home' },
  jobs: { to: '/jobs', label: 'Go to your jobs' },
  profile: { to: '/edit-profile', label: 'Go to the organization profile' },
  team: { to: '/settings/team', label: 'Go to the team' },
} as const satisfies Record<string, RouteElsewhere>;

/** The handle of a route tied to `right`. */
export function needs(
  right: TRight,
  does: string,
  elsewhere: RouteElsewhere = ELSEWHERE.home,
): AppRouteHandle {
  return { access: { right, does, elsewhere } };
}

/** The access rule of a route handle, when it has one. */
export function accessOf(handle: unknown): RouteAccess | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  return (handle as AppRouteHandle).access;
}

/**
 * The first rule among these matched routes' handles (outermost first) that `rights` do not
 * satisfy, or undefined when the member may use the page.
 */
export function missingAccess(
  handles: readonly unknown[],
  rights: readonly string[] | undefined,
): RouteAccess | undefined {
  return handles.map(accessOf).find((access) => access !== undefined && !rights?.includes(access.right));
}

/** What the page at `pathname` needs that `rights` lack, by the router's own matching. */
export function missingAccessForPath(
  routeTree: RouteObject[],
  pathname: string,
  rights: readonly string[] | undefined,
): RouteAccess | undefined {
  const matches = matchRoutes(routeTree, pathname) ?? [];
  return missingAccess(
    matches.map((match) => match.route.handle),
    rights,
  );
}

/** A path pattern of the router with what it needs, for the walk of every route. */
export interface RoutePattern {
  path: string;
  access: RouteAccess | undefined;
  /** Whether the route sits under the signed-in guard (a parent's handle says `isSignedIn`). */
  isSignedIn: boolean;
}

/**
 * Every page path of a route tree, joined from its nested segments, with the access rule it
 * inherits (the nearest handle wins). Layout-only routes contribute their rule, not a path.
 */
export function flattenRoutes(
  routes: readonly RouteObject[],
  parent: Omit<RoutePattern, 'path'> & { path: string } = { path: '', access: undefined, isSignedIn: false },
): RoutePattern[] {
  return routes.flatMap((route) => {
    const path = route.path
      ? `${parent.path.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : parent.path;
    const handle = route.handle as AppRouteHandle | undefined;
    const here: RoutePattern = {
      path: path || '/',
      access: accessOf(handle) ?? parent.access,
      isSignedIn: parent.isSignedIn || handle?.isSignedIn === true,
    };
    const isPage = route.index === true || route.path !== undefined;
    return [...(isPage ? [here] : []), ...(route.children ? flattenRoutes(route.children, here) : [])];
  });
}
