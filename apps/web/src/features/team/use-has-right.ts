import type { TRight } from '@medhire/contract/team-roles';
import { useAppSelector } from '../../app/hooks.ts';

/**
 * Whether the signed-in member's role holds `right` (the session's rights, from the server's one
 * rights table). For hiding what a role cannot do; the server checks every call anyway.
 */
export function useHasRight(right: TRight): boolean {
  return useAppSelector((state) => state.auth.user?.rights.includes(right) ?? false);
}
