import { MEMBER_ROLES, type TMemberRole, type TRight } from '@medhire/contract/team-roles';

export type { TMemberRole, TRight };
export { MEMBER_ROLES };

/**
 * What each role of an organisation's hiring team may do: the one table the server checks on
 * every employer route (see route-rights.ts) and the web reads to hide what a role cannot do.
 *
 * - owner: everything, including billing and ownership.
 * - admin: everything but billing and ownership.
 * - recruiter: jobs, applicants, pipeline, match invites, messages.
 * - delegate: a recruiter's rights, limited to the jobs given to them (assigned); cannot create jobs.
 *
 * Rights of a delegate on a particular job, applicant or conversation are further limited to the
 * jobs assigned to them: that is a data rule applied by the domain queries, not by this table.
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
  /** The dashboard summary. */
  dashboard: ['owner', 'admin', 'recruiter', 'delegate'],
  /** The organisation's activity log. */
  'activity.read': ['owner', 'admin'],
  /** Request and download an export of the organisation's data. */
  'data.export': ['owner'],
} as const satisfies Record<TRight, readonly TMemberRole[]>;

export function can(role: TMemberRole, right: TRight): boolean {
  return (RIGHTS[right] as readonly TMemberRole[]).includes(role);
}

/** Every right a role holds, for the session answer the web uses to hide what a role cannot do. */
export function rightsOf(role: TMemberRole): TRight[] {
  return (Object.keys(RIGHTS) as TRight[]).filter((right) => can(role, right));
}
