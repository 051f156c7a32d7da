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
  'templates.manage',
  'views.manage',
  'dashboard',
  'activity.read',
  'data.export',
  'reports.read',
] as const;
export const ZRight = z.enum(RIGHT_NAMES);
export type TRight = z.infer<typeof ZRight>;

/**
 * What each role of an organisation's hiring team may do: the one table the server checks on
 * every employer route (apps/server/src/domain/team/route-rights.ts) and the web reads to explain
 * who can do what a role cannot (the session's `rights` say what the signed-in member can).
 *
 * - owner: everything, including billing and ownership.
 * - admin: everything but billing and ownership.
 * - recruiter: jobs, applicants, pipeline, match invites, messages.
 * - delegate: a recruiter's rights, limited to the jobs given to them (assigned); cannot create jobs.
 *
 * Rights of a delegate on a particular job, applicant or conversation are further limited to the
 * jobs assigned to them: that is a data rule applied by the server's domain queries, not by this table.
 */
export const RIGHTS = {
  /** Own account: session, password, e-mail, push token, own notifications and their preferences. */
  'account.self': ['owner', 'admin', 'recruiter', 'delegate'],
  /** Read the organisation's profile and reference data. */
  'organization.read': ['owner', 'admin', 'recruiter', 'delegate'],
  /** Edit the organisation's profile, candidate preferences, locations. */
  'organization.edit': ['owner', 'admin'],
  /** Plan, card, invoices, checkout, cancel. */
  billing: ['owner'],
  /** See who is on the team (assignee pickers, message authors). */
  'team.read': ['owner', 'admin', 'recruiter', 'delegate'],
  /** Invite, resend, revoke, change roles, remove members. */
  'team.manage': ['owner', 'admin'],
  /** Hand the organisation to another member. */
  'team.ownership': ['owner'],
  /** Read jobs (a delegate: the jobs assigned to them). */
  'jobs.read': ['owner', 'admin', 'recruiter', 'delegate'],
  /** Create and duplicate jobs. */
  'jobs.create': ['owner', 'admin', 'recruiter'],
  /** Edit, close, reopen, delete jobs (a delegate: the jobs assigned to them). */
  'jobs.edit': ['owner', 'admin', 'recruiter', 'delegate'],
  /** Assign jobs and applicants to members. */
  'jobs.assign': ['owner', 'admin', 'recruiter'],
  /** Applicants, recommendations, saved applicants, pipeline moves, match invites. */
  applicants: ['owner', 'admin', 'recruiter', 'delegate'],
  /** Conversations and messages. */
  messages: ['owner', 'admin', 'recruiter', 'delegate'],
  /**
   * Create, edit and delete the message templates shared with the whole organisation (every
   * member with `messages` keeps personal templates of their own).
   */
  'templates.manage': ['owner', 'admin'],
  /**
   * Create, rename and delete the saved applicant views shared with the whole organisation (every
   * member with `applicants` keeps personal views of their own).
   */
  'views.manage': ['owner', 'admin'],
  /** The dashboard summary. */
  dashboard: ['owner', 'admin', 'recruiter', 'delegate'],
  /** The organisation's activity log. */
  'activity.read': ['owner', 'admin'],
  /** Request and download an export of the organisation's data. */
  'data.export': ['owner'],
  /**
   * Hiring analytics (/reports): the owner and admins see the whole organisation, a recruiter the
   * jobs they created or are assigned (a data rule of domain/reports).
   */
  'reports.read': ['owner', 'admin', 'recruiter'],
} as const satisfies Record<TRight, readonly TMemberRole[]>;

/** Whether `role` holds `right` in the rights table. */
export function roleCan(role: TMemberRole, right: TRight): boolean {
  return (RIGHTS[right] as readonly TMemberRole[]).includes(role);
}

export const ROLE_LABELS: Record<TMemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  recruiter: 'Recruiter',
  delegate: 'Delegate',
};
