import { z } from 'zod';

/**
 * A member's place in the organisation's hiring team (ARCHITECTURE.md): owner (created or claimed
 * the organisation), admin, recruiter, and delegate (an outside recruiter working the jobs given
 * to them; the spec's delegate flag).
 */
export const MEMBER_ROLES = ['owner', 'admin', 'recruiter', 'delegate'] as const;
export const ZMemberRole = z.enum(MEMBER_ROLES);
export type TMemberRole = z.infer<typeof ZMemberRole>;

/** The roles an invitation or a role change can give: ownership only moves by transfer. */
export const INVITABLE_ROLES = ['admin', 'recruiter', 'delegate'] as const;
export const ZInvitableRole = z.enum(INVITABLE_ROLES, {
  error: 'Choose a role: admin, recruiter or delegate.',
});
export type TInvitableRole = z.infer<typeof ZInvitableRole>;

/**
 * The names of the rights of the server's rights table (apps/server/src/domain/team/rights.ts,
 * which must have exactly these keys). Sessions answer the caller's rights by these names, so
 * the web hides what a role cannot do.
 */
export const RIGHT_NAMES = [
  'account.self',
  'organization.read',
  'organization.edit',
  'billing',
  'team.read',
  'team.manage',
  'team.ownership',
  'jobs.read',
  'jobs.create',
  'jobs.edit',
  'jobs.assign',
  'applicants',
  'messages',
  'dashboard',
  'activity.read',
  'data.export',
] as const;
export const ZRight = z.enum(RIGHT_NAMES);
export type TRight = z.infer<typeof ZRight>;

export const ROLE_LABELS: Record<TMemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  recruiter: 'Recruiter',
  delegate: 'Delegate',
};
