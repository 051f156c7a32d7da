import { z } from 'zod';
import { ZMemberRole, ZRight } from './team-roles.ts';

/** Account status (spec §4). */
export const ACCOUNT_STATUSES = ['approved', 'pending', 'block', 'draft', 'rejected'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;

/** Subscription status (ARCHITECTURE.md). */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/**
 * Session code (ARCHITECTURE.md): 200 = onboarding complete,
 * 201 = organisation profile not yet established.
 */
export const SESSION_CODE = { COMPLETE: 200, PROFILE_NOT_ESTABLISHED: 201 } as const;
export const ZSessionCode = z.union([z.literal(200), z.literal(201)]);
export type TSessionCode = z.infer<typeof ZSessionCode>;

export const ZSubscriptionMeta = z.object({
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  invitesLeft: z.number().int(),
});
export type TSubscriptionMeta = z.infer<typeof ZSubscriptionMeta>;

export const ZPreferenceProbe = z.object({
  probeId: z.string(),
  choice: z.enum(['a', 'b']),
});
export type TPreferenceProbe = z.infer<typeof ZPreferenceProbe>;

export const ZCoordinates = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type TCoordinates = z.infer<typeof ZCoordinates>;

export const ZPlace = z.object({
  description: z.string().trim().min(1, 'Choose a place.').max(300),
  coords: ZCoordinates,
});
export type TPlace = z.infer<typeof ZPlace>;

/**
 * What an employer looks for in a physician. Every field is optional because the client drops
 * empty values before sending (spec §5).
 */
export const ZCandidatePreferences = z.object({
  specialty: z.string().trim().min(1).max(200).optional(),
  subSpecialty: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
  homeState: z.array(ZPlace).max(60).optional(),
  boardCertStatus: z.string().trim().min(1).max(200).optional(),
  minExperience: z
    .number()
    .int('Give the years of experience as a whole number.')
    .min(0, 'Years of experience cannot be negative.')
    .max(60, 'Years of experience must be at most 60.')
    .optional(),
  yearAvailableToStart: z
    .number()
    .int('Give the start year as a whole number.')
    .min(2000, 'The start year is out of range.')
    .max(2100, 'The start year is out of range.')
    .optional(),
});
export type TCandidatePreferences = z.infer<typeof ZCandidatePreferences>;

export const ZUser = z.object({
  _id: z.string(),
  email: z.string(),
  accountStatus: ZAccountStatus,
  subscriptionStatus: ZSubscriptionStatus,
  subscriptionMeta: ZSubscriptionMeta,
  preferenceProbe: z.array(ZPreferenceProbe),
  organizationId: z.string().nullable(),
  currentProfileStep: z.number().int(),
  /** Absent or null until the employer sets candidate preferences. */
  candidatePreferences: ZCandidatePreferences.nullable().optional(),
  /** The member's role in the organisation's hiring team. */
  memberRole: ZMemberRole,
  /** What the role may do (the server's rights table), so the web hides the rest. */
  rights: z.array(ZRight),
  /** The spec's delegate flag: the member is a delegate (the web keeps it in local storage). */
  isDelegate: z.boolean(),
  fullName: z.string().nullable(),
  /** A delegate must accept the Delegate Access agreement before anything else; true for other roles. */
  delegateAgreementAccepted: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

/** Session (spec §3): token, user, code. */
export const ZSession = z.object({
  token: z.string(),
  user: ZUser,
  code: ZSessionCode,
  /**
   * True when the organisation requires two-step sign-in and the member has no second factor:
   * the session can do nothing but set up the authenticator app (or sign out) until they do.
   */
  enrolmentRequired: z.boolean().optional(),
});
export type TSession = z.infer<typeof ZSession>;
