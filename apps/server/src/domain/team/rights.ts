import { MEMBER_ROLES, RIGHTS, roleCan, type TMemberRole, type TRight } from '@medhire/contract/team-roles';

export type { TMemberRole, TRight };
export { MEMBER_ROLES, RIGHTS };

/**
 * The rights table itself lives in the contract (packages/contract/src/team-roles.ts), so the
 * server checks and the web explains from the same table; see route-rights.ts for the routes.
 */
export function can(role: TMemberRole, right: TRight): boolean {
  return roleCan(role, right);
}

/** Every right a role holds, for the session answer the web uses to hide what a role cannot do. */
export function rightsOf(role: TMemberRole): TRight[] {
  return (Object.keys(RIGHTS) as TRight[]).filter((right) => can(role, right));
}
