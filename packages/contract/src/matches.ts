import { z } from 'zod';
import { ZSubscriptionMeta } from './account.ts';

/** Match request status (spec §4). */
export const MATCH_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export const ZMatchStatus = z.enum(MATCH_STATUSES);
export type TMatchStatus = z.infer<typeof ZMatchStatus>;

/** Where a candidate stands in an employer's hiring pipeline (spec §4). */
export const PIPELINE_STATUSES = [
  'Shortlisted',
  'Submitted',
  'Rejected',
  'Interview',
  'Offer',
  'Hired',
] as const;
export const ZPipelineStatus = z.enum(PIPELINE_STATUSES);
export type TPipelineStatus = z.infer<typeof ZPipelineStatus>;

/**
 * The stages a candidate moves through, in the order hiring happens: the application is
 * submitted, the employer shortlists it, interviews, offers, hires. PIPELINE_STATUSES keeps the
 * spec's list order (the stored values and the database enum follow it); screens show this one.
 */
export const PIPELINE_HIRING_ORDER = [
  'Submitted',
  'Shortlisted',
  'Interview',
  'Offer',
  'Hired',
] as const satisfies readonly TPipelineStatus[];

/** The stage that takes a candidate out of the pipeline; screens set it apart, after the others. */
export const PIPELINE_EXIT_STATUS = 'Rejected' satisfies TPipelineStatus;

/** Every pipeline stage as screens list it (boards, stage menus, filters): hiring order, then the exit. */
export const PIPELINE_DISPLAY_ORDER: readonly TPipelineStatus[] = [
  ...PIPELINE_HIRING_ORDER,
  PIPELINE_EXIT_STATUS,
];

/** Whether a stage is the exit (Rejected) rather than a step towards hiring. */
export function isPipelineExit(status: TPipelineStatus): boolean {
  return status === PIPELINE_EXIT_STATUS;
}

export const ZUpdateMatchStatusBody = z.object({ status: ZMatchStatus });
export type TUpdateMatchStatusBody = z.infer<typeof ZUpdateMatchStatusBody>;

/** Match statuses no change can leave (spec §4: nothing leaves a final state). */
export const FINAL_MATCH_STATUSES: readonly TMatchStatus[] = ['accepted', 'declined', 'cancelled'];

export const MATCH_MESSAGES = {
  notFound: 'We could not find that invite.',
  onlyCancel: 'You can cancel a pending invite; only the physician can accept or decline it.',
  // The status is the spec's value ('cancelled'); the sentence spells it the US way.
  alreadyFinal: (status: TMatchStatus) =>
    `This invite was already ${status === 'cancelled' ? 'canceled' : status}; its status can no longer change.`,
  activeExists: 'This physician already has an open or accepted invite for this job.',
  jobNotOpen: 'Only an open job can be used for an invite. Publish the job first.',
  physicianOnlyAnswers: 'Answer an invite by accepting or declining it.',
} as const;

/** The job of a match, as lists show it. */
export const ZMatchJob = z.object({ _id: z.string(), title: z.string(), specialty: z.string() });

/** The physician of a match, as lists show it (the full profile is the single applicant). */
export const ZMatchApplicant = z.object({
  _id: z.string(),
  fullName: z.string(),
  photo: z.string().nullable(),
  specialty: z.string(),
  /** "Austin, TX". */
  homeLocation: z.string(),
});

/**
 * A match: an employer's invite of a physician to a job (spec §3 "Match"; fields beyond _id and
 * status are this product's). `conversationId` is set once the physician accepts.
 */
export const ZMatch = z.object({
  _id: z.string(),
  status: ZMatchStatus,
  job: ZMatchJob,
  applicant: ZMatchApplicant,
  message: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  conversationId: z.string().nullable(),
});
export type TMatch = z.infer<typeof ZMatch>;

export const ZMatchList = z.object({
  matches: z.array(ZMatch),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TMatchList = z.infer<typeof ZMatchList>;

/**
 * Where an invite was sent from: a job's recommended list or the explore screen. Invites sent
 * from elsewhere (the applicant's page) and those sent before it was recorded have none.
 */
export const INVITE_ORIGINS = ['recommended', 'explore'] as const;
export const ZInviteOrigin = z.enum(INVITE_ORIGINS, {
  error: 'origin must be recommended or explore.',
});
export type TInviteOrigin = z.infer<typeof ZInviteOrigin>;

/** `POST /api/employer/match/create-match`: invite a physician to one of the organisation's open jobs. */
export const ZCreateMatchBody = z.object({
  jobId: z.string({ error: 'Choose the job.' }).min(1, 'Choose the job.').max(100),
  applicantId: z.string({ error: 'Choose the physician.' }).min(1, 'Choose the physician.').max(100),
  message: z.string().trim().max(2000, 'Keep the invite message under 2,000 characters.').optional(),
  /** Where the invite was sent from; left out, none is recorded. */
  origin: ZInviteOrigin.optional(),
});
export type TCreateMatchBody = z.infer<typeof ZCreateMatchBody>;

/** `GET /api/employer/match/get-all-matches/{userId}` and `get-matches-by-job/{jobId}`, newest first. */
export const ZGetMatchesQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  pageNumber: z.coerce.number().int().min(1).default(1),
  status: ZMatchStatus.optional(),
  jobId: z.string().min(1).max(100).optional(),
});
export type TGetMatchesQuery = z.infer<typeof ZGetMatchesQuery>;
export type TGetMatchesQueryInput = z.input<typeof ZGetMatchesQuery>;

export const ZMatchIdParams = z.object({ matchId: z.string().min(1).max(100) });

/**
 * `PATCH /api/employer/match/update-match-status/{matchId}` answers the match and, when the
 * change spent an invite, the employer's new subscriptionMeta (spec §4 "Accepting a match
 * updates the stored user's subscriptionMeta").
 */
export const ZMatchUpdate = ZMatch.extend({ subscriptionMeta: ZSubscriptionMeta.optional() });
export type TMatchUpdate = z.infer<typeof ZMatchUpdate>;
