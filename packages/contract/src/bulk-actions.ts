import { z } from 'zod';
import { ZInviteOrigin, ZPipelineStatus } from './matches.ts';

/** At most this many applications per bulk action; the web's "select all matching" stops there. */
export const BULK_ACTION_MAX = 500;
/** How long after a bulk action its author may undo it. */
export const BULK_UNDO_WINDOW_MS = 10_000;

export const BULK_ACTIONS = ['move', 'reject', 'save', 'unsave', 'assign', 'message'] as const;
export const ZBulkActionKind = z.enum(BULK_ACTIONS);
export type TBulkActionKind = z.infer<typeof ZBulkActionKind>;

export const BULK_ACTION_MESSAGES = {
  notReachable: 'This application is not one you can work on.',
  alreadyUndone: 'This bulk action was already undone.',
  undoExpired: 'A bulk action can only be undone within 10 seconds; this one is kept.',
  operationNotFound: 'We could not find that bulk action.',
  assignNeedsRight: 'Only the owner, admins and recruiters can assign applicants.',
  changedSince: 'This application changed after the bulk action, so it was left as it is.',
} as const;

const ZApplicationIds = z
  .array(z.string().min(1).max(100))
  .min(1, 'Select at least one applicant.')
  .max(BULK_ACTION_MAX, `A bulk action takes at most ${BULK_ACTION_MAX} applicants.`);

/**
 * One action on many applications (an applicant's application to one job, as the list, the
 * recommended list and the pipeline board show them). Saving and unsaving act on the physician
 * of each application. `reject` may send a template; `message` must.
 */
export const ZBulkActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('move'), applicationIds: ZApplicationIds, stage: ZPipelineStatus }),
  z.object({
    action: z.literal('reject'),
    applicationIds: ZApplicationIds,
    templateId: z.string().min(1).max(100).optional(),
  }),
  z.object({ action: z.literal('save'), applicationIds: ZApplicationIds }),
  z.object({ action: z.literal('unsave'), applicationIds: ZApplicationIds }),
  z.object({
    action: z.literal('assign'),
    applicationIds: ZApplicationIds,
    /** null: with nobody in particular. */
    assigneeId: z.string().min(1).max(100).nullable(),
  }),
  z.object({
    action: z.literal('message'),
    applicationIds: ZApplicationIds,
    templateId: z.string().min(1).max(100),
  }),
]);
export type TBulkActionBody = z.infer<typeof ZBulkActionBody>;

/** Why one application was left out; `code` is the error code a single call would have answered. */
export const ZBulkRefusal = z.object({
  applicationId: z.string(),
  code: z.string(),
  message: z.string(),
});
export type TBulkRefusal = z.infer<typeof ZBulkRefusal>;

export const ZBulkActionResult = z.object({
  /** The id to undo it with (for 10 seconds, by its author). */
  operationId: z.string(),
  action: ZBulkActionKind,
  applied: z.array(z.string()),
  refused: z.array(ZBulkRefusal),
});
export type TBulkActionResult = z.infer<typeof ZBulkActionResult>;

export const ZOperationIdParams = z.object({ operationId: z.string().min(1).max(100) });

export const ZUndoBulkActionResult = z.object({
  operationId: z.string(),
  /** The applications put back as they were before the action. */
  restored: z.array(z.string()),
  /** Applications changed by someone else since, left as they are. */
  refused: z.array(ZBulkRefusal),
});
export type TUndoBulkActionResult = z.infer<typeof ZUndoBulkActionResult>;

/** Why an invite of a bulk invite was not sent; `code` is the error code create-match would have answered. */
export const ZBulkInviteRefusal = z.object({
  physicianId: z.string(),
  code: z.string(),
  message: z.string(),
});
export type TBulkInviteRefusal = z.infer<typeof ZBulkInviteRefusal>;

/**
 * `POST /api/employer/match/bulk-invite`: invite many physicians to one of the organisation's open
 * jobs, each the way create-match invites one. `origin`: where the physicians were chosen.
 */
export const ZBulkInviteBody = z.object({
  jobId: z.string({ error: 'Choose the job.' }).min(1, 'Choose the job.').max(100),
  physicianIds: z
    .array(z.string().min(1).max(100))
    .min(1, 'Select at least one physician.')
    .max(BULK_ACTION_MAX, `A bulk invite takes at most ${BULK_ACTION_MAX} physicians.`),
  origin: ZInviteOrigin.optional(),
});
export type TBulkInviteBody = z.infer<typeof ZBulkInviteBody>;

export const ZBulkInvitee = z.object({ physicianId: z.string(), matchId: z.string() });
export type TBulkInvitee = z.infer<typeof ZBulkInvitee>;

export const ZBulkInviteResult = z.object({
  /** The id to undo it with (for 10 seconds, by its author). */
  operationId: z.string(),
  jobId: z.string(),
  /** The physicians invited, each with the new invite. */
  applied: z.array(ZBulkInvitee),
  refused: z.array(ZBulkInviteRefusal),
});
export type TBulkInviteResult = z.infer<typeof ZBulkInviteResult>;

export const ZUndoBulkInviteResult = z.object({
  operationId: z.string(),
  /** The invites withdrawn (still pending: cancelled the way update-match-status cancels one). */
  cancelled: z.array(ZBulkInvitee),
  /** Invites the physician answered since, or now out of reach, left as they are. */
  refused: z.array(ZBulkInviteRefusal),
});
export type TUndoBulkInviteResult = z.infer<typeof ZUndoBulkInviteResult>;
