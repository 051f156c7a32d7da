import {
  MEMBER_ROLES,
  RIGHTS,
  ROLE_LABELS,
  type TMemberRole,
  type TRight,
} from '@medhire/contract/team-roles';
import { useAppSelector } from './hooks.ts';

/**
 * Whether a session with these rights may use `right`. The rights are the session's own (the
 * server's one rights table, answered at sign-in and sync); no session means no right.
 */
export function canUse(rights: readonly string[] | undefined, right: TRight): boolean {
  return rights?.includes(right) ?? false;
}

/**
 * Whether the signed-in member's role holds `right`: what features read to leave out or make
 * read-only what the role cannot use. The server checks every call anyway.
 */
export function useCan(right: TRight): boolean {
  return useAppSelector((state) => canUse(state.auth.user?.rights, right));
}

/** The signed-in member's role as the app names it ("Delegate"), for explanations. */
export function useRoleLabel(): string {
  const role = useAppSelector((state) => state.auth.user?.memberRole as TMemberRole | undefined);
  return role ? ROLE_LABELS[role] : 'Member';
}

/**
 * Who to ask for what a role cannot do, from the rights table: "an owner or admin", "the owner".
 */
export function whoCan(right: TRight): string {
  const roles = MEMBER_ROLES.filter((role) => (RIGHTS[right] as readonly string[]).includes(role)).filter(
    (role) => role !== 'delegate',
  );
  if (roles.length === 1 && roles[0] === 'owner') return 'the owner';
  const names = roles.map((role) => ROLE_LABELS[role].toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${/^[aeiou]/.test(list) ? 'an' : 'a'} ${list}`;
}
