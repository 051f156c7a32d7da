import { z } from 'zod';

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

export const ZUser = z.object({
  _id: z.string(),
  email: z.string(),
  accountStatus: ZAccountStatus,
  subscriptionStatus: ZSubscriptionStatus,
  subscriptionMeta: ZSubscriptionMeta,
  preferenceProbe: z.array(ZPreferenceProbe),
  organizationId: z.string().nullable(),
  currentProfileStep: z.number().int(),
});
export type TUser = z.infer<typeof ZUser>;

/** Session (spec §3): token, user, code. */
export const ZSession = z.object({ token: z.string(), user: ZUser, code: ZSessionCode });
export type TSession = z.infer<typeof ZSession>;
