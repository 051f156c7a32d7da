import { z } from 'zod';
import { ZEmail, ZFullName, ZNewPassword, ZPresentedPassword } from './auth.ts';
import { ZInvitableRole, ZMemberRole } from './team-roles.ts';

/** Which member looks after a job or an applicant. */
export const ZMemberRef = z.object({ _id: z.string(), fullName: z.string() });
export type TMemberRef = z.infer<typeof ZMemberRef>;

export const ZTeamMember = z.object({
  _id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  memberRole: ZMemberRole,
  /** The newest use of any of the member's sessions; null when they never signed in. */
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
  /** Jobs assigned to the member (a delegate sees only these). */
  assignedJobCount: z.number().int(),
  /** Whether the member signs in with a second factor (an authenticator app). */
  isTwoStepOn: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: ZInvitableRole,
  jobIds: z.array(z.string()),
  invitedByName: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

export const ZSeats = z.object({
  /** Members plus open (not expired) invitations. */
  used: z.number().int(),
  limit: z.number().int(),
  planName: z.string().nullable(),
  /** The cheapest plan with more seats than `limit`; null when none has more. */
  nextPlan: z.object({ planId: z.string(), planName: z.string(), seats: z.number().int() }).nullable(),
});
export type TSeats = z.infer<typeof ZSeats>;

export const ZTeamData = z.object({
  members: z.array(ZTeamMember),
  invitations: z.array(ZTeamInvitation),
  seats: ZSeats,
  /** The owner requires every member to sign in with a second factor. */
  isTwoStepRequired: z.boolean(),
});
export type TTeamData = z.infer<typeof ZTeamData>;

const ZJobIdList = z
  .array(z.string().min(1).max(100), { error: 'Choose the jobs the delegate works on.' })
  .max(200, 'Choose at most 200 jobs.');

const delegateNeedsJobs = (body: { role: string; jobIds?: string[] }) =>
  body.role !== 'delegate' || (body.jobIds?.length ?? 0) > 0;
const delegateNeedsJobsIssue = {
  message: 'Give the delegate at least one job to work on.',
  path: ['jobIds'],
};

export const ZInviteMemberBody = z
  .object({ email: ZEmail, role: ZInvitableRole, jobIds: ZJobIdList.optional() })
  .refine(delegateNeedsJobs, delegateNeedsJobsIssue);
export type TInviteMemberBody = z.infer<typeof ZInviteMemberBody>;
export type TInviteMemberBodyInput = z.input<typeof ZInviteMemberBody>;

export const ZChangeRoleBody = z
  .object({ role: ZInvitableRole, jobIds: ZJobIdList.optional() })
  .refine(delegateNeedsJobs, delegateNeedsJobsIssue);
export type TChangeRoleBody = z.infer<typeof ZChangeRoleBody>;

export const ZInvitationIdParams = z.object({ invitationId: z.string().min(1).max(100) });
/** `PATCH …/team/update-two-step-policy`: the owner requires (or stops requiring) two-step sign-in. */
export const ZTwoStepPolicyBody = z.object({ isTwoStepRequired: z.boolean() }).strict();
export type TTwoStepPolicyBody = z.infer<typeof ZTwoStepPolicyBody>;
export const ZMemberIdParams = z.object({ userId: z.string().min(1).max(100) });
export const ZInvitationTokenParams = z.object({ token: z.string().min(1).max(200) });

/** What the invitation landing page shows before the invitee joins. */
export const ZInvitationPreview = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: ZInvitableRole,
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
  /** The e-mail already has a MedHire account: the invitee signs in instead of choosing a password. */
  hasAccount: z.boolean(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/**
 * Accepting an invitation: a new account gives its name and a password; an existing account
 * (with no organisation) gives its password, or calls signed in with its session.
 */
export const ZAcceptInvitationBody = z.object({
  token: z.string({ error: 'This invitation link is incomplete.' }).min(1).max(200),
  fullName: ZFullName.optional(),
  password: z.string().max(1024).optional(),
});
export type TAcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

/** The landing page's form for a new account: name and password. */
export const ZJoinTeamForm = z.object({ fullName: ZFullName, password: ZNewPassword });
export type TJoinTeamForm = z.infer<typeof ZJoinTeamForm>;
/** The landing page's form for an existing account: its password. */
export const ZJoinTeamSignInForm = z.object({ password: ZPresentedPassword });
export type TJoinTeamSignInForm = z.infer<typeof ZJoinTeamSignInForm>;

/** Assigning a job or an applicant to a member; null leaves it with nobody in particular. */
export const ZAssignBody = z.object({
  assigneeId: z.string({ error: 'Choose a team member.' }).min(1).max(100).nullable(),
});
export type TAssignBody = z.infer<typeof ZAssignBody>;

/** The `assigneeId` filter of the job and applicant lists: a member's id, or `me`. */
export const ZAssigneeFilter = z
  .string()
  .regex(
    /^(me|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    'Filter by a team member, or by "me".',
  )
  .optional();

export const TEAM_MESSAGES = {
  forbiddenRole: 'Your role in this organization does not allow this.',
  delegateAgreementRequired: 'Accept the Delegate Access agreement first.',
  invitationNotFound: 'This invitation link is not valid. Ask for a new invitation.',
  invitationUsed: 'This invitation has already been used. Sign in instead.',
  invitationExpired: 'This invitation has expired. Ask the person who invited you for a new one.',
  invitationRevoked: 'This invitation was canceled. Ask the person who invited you for a new one.',
  memberNotFound: 'This person is not a member of your team.',
  assigneeNotMember: 'Assign it to a member of your team.',
} as const;
