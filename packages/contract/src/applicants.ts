import { z } from 'zod';
import { ZPlace } from './account.ts';
import { ZEnumId, ZQueryText } from './enums.ts';
import { ZPageQuery } from './envelope.ts';
import { ZMatchStatus, ZPipelineStatus } from './matches.ts';
import { ZAssigneeFilter, ZMemberRef } from './team.ts';

/**
 * Applicants as the employer sees them (spec §3 "Applicant"). An applicant is a physician; its
 * `_id` is the physician's id in every list (all, recommended, saved, single), so the spec's
 * "replace the entry with the same _id" rule holds across lists. What the physician did with
 * this employer (applications to its jobs, match invites) travels with the applicant.
 */

export const APPLICANT_MESSAGES = {
  notFound: 'We could not find that physician.',
  applicationNotFound: 'We could not find that application.',
  samePipelineStatus: 'The application is already at that stage.',
  withdrawnCannotMove: 'The physician withdrew this application; it can no longer move through the pipeline.',
} as const;

/** A reference value with its title, as lists show it. */
export const ZTitled = z.object({ _id: z.string(), title: z.string() });
export type TTitled = z.infer<typeof ZTitled>;

/** One pipeline change of an application (who moved it, from where to where, when). */
export const ZPipelineEvent = z.object({
  _id: z.string(),
  /** Null for the event that created the application. */
  fromStatus: ZPipelineStatus.nullable(),
  toStatus: ZPipelineStatus,
  /** 'physician' when the physician applied; 'employer' for the employer's moves. */
  actor: z.enum(['physician', 'employer']),
  /** The employer user who made the change (their e-mail), null for the physician's own events. */
  changedBy: z.string().nullable(),
  /** The team member who made the change, by name (their e-mail when they gave none); null for the physician. */
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type TPipelineEvent = z.infer<typeof ZPipelineEvent>;

/** An application of the physician to one of the employer's jobs. */
export const ZApplication = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  pipelineStatus: ZPipelineStatus,
  /** 'application' when the physician applied; 'match' when an accepted invite put them in the pipeline. */
  source: z.enum(['application', 'match']),
  coverLetter: z.string().nullable(),
  appliedAt: z.string(),
  updatedAt: z.string(),
  /** The team member looking after this applicant for this job; null when nobody in particular. */
  assignee: ZMemberRef.nullable(),
  /**
   * When the physician withdrew the application (null while it stands). The stage stays where
   * the candidate left it, so the pipeline shows both.
   */
  withdrawnAt: z.string().nullable().optional(),
  /** The pipeline timeline, oldest first; only the single-applicant answer fills it. */
  history: z.array(ZPipelineEvent).optional(),
});
export type TApplication = z.infer<typeof ZApplication>;

/** A match invite between one of the employer's jobs and the physician, as an applicant carries it. */
export const ZApplicantMatch = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  status: ZMatchStatus,
  createdAt: z.string(),
  conversationId: z.string().nullable(),
});
export type TApplicantMatch = z.infer<typeof ZApplicantMatch>;

export const ZApplicant = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "Dr. First Last", ready to show. */
  fullName: z.string(),
  photo: z.string().nullable(),
  npiNumber: z.string().nullable(),
  specialty: ZTitled,
  subSpecialties: z.array(ZTitled),
  boardStatus: ZTitled,
  yearsOfExperience: z.number().int(),
  yearAvailableToStart: z.number().int(),
  /** Two-letter code of the home state. */
  homeState: z.string(),
  /** Where the physician lives ("Austin, TX") with its coordinates. */
  homeLocation: ZPlace,
  /** Two-letter codes of the states the physician would work in. */
  statesOfInterest: z.array(z.string()),
  citiesOfInterest: z.array(ZPlace),
  employmentTypes: z.array(ZTitled),
  needsVisa: z.boolean(),
  cvUrl: z.string().nullable(),
  isSaved: z.boolean(),
  applications: z.array(ZApplication),
  matches: z.array(ZApplicantMatch),
  /** Recommended lists only: the score (0–100) and why, best reasons first. */
  score: z.number().optional(),
  reasons: z.array(z.string()).optional(),
});
export type TApplicant = z.infer<typeof ZApplicant>;

/**
 * One physician of the list grouped by physician (`groupBy=physician`): a header (name,
 * specialty) and each of their applications in the list's scope (the organisation's jobs, or
 * the delegate's; narrowed to the filtered job, stage and assignee), newest first.
 */
export const ZApplicantGroup = z.object({
  /** The physician's id, the applicant's `_id`. */
  _id: z.string(),
  fullName: z.string(),
  specialty: ZTitled,
  applications: z.array(ZApplication),
});
export type TApplicantGroup = z.infer<typeof ZApplicantGroup>;

export const ZApplicantList = z.object({
  applicants: z.array(ZApplicant),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /**
   * Only when the all-applicants list is asked `groupBy=physician`: the page's physicians (in
   * the order of `applicants`) with their applications in scope. `total` and the page count
   * physicians, so one physician's applications are never split across pages.
   */
  groups: z.array(ZApplicantGroup).optional(),
});
export type TApplicantList = z.infer<typeof ZApplicantList>;

export const APPLICANT_SORTS = ['newest', 'oldest', 'name', 'experience'] as const;
export const ZApplicantSort = z.enum(APPLICANT_SORTS, {
  error: 'Sort by newest, oldest, name or experience.',
});
export type TApplicantSort = z.infer<typeof ZApplicantSort>;

export const APPLICANT_GROUPINGS = ['physician'] as const;
export const ZApplicantGrouping = z.enum(APPLICANT_GROUPINGS, {
  error: 'Group by physician, or leave groupBy out.',
});
export type TApplicantGrouping = z.infer<typeof ZApplicantGrouping>;

/** Filters shared by the applicant lists and /explore. */
const ZPhysicianFilters = ZPageQuery.extend({
  /** Matches the physician's first or last name (or both, "jane doe"), ignoring case. */
  queryText: ZQueryText,
  /** Specialty id. */
  specialty: ZEnumId.optional(),
  /** Two-letter state code: the home state or a state of interest. */
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Give the state as its two-letter code, e.g. TX.')
    .optional(),
  /** Board status id (board-certified, board-eligible, not-board-certified). */
  boardStatus: ZEnumId.optional(),
  sort: ZApplicantSort.default('newest'),
});

/**
 * `GET /api/employer/applicant/get-all-applicants/{userId}`: physicians who applied to the
 * organisation's jobs (or to `jobId`), one entry per physician, newest application first.
 */
export const ZGetAllApplicantsQuery = ZPhysicianFilters.extend({
  jobId: z.string().min(1).max(100).optional(),
  pipelineStatus: ZPipelineStatus.optional(),
  /** A member's id, or `me`: only applications assigned to them. */
  assigneeId: ZAssigneeFilter,
  /** `physician`: the answer also carries `groups`, each physician once with their applications. */
  groupBy: ZApplicantGrouping.optional(),
});
export type TGetAllApplicantsQuery = z.infer<typeof ZGetAllApplicantsQuery>;
export type TGetAllApplicantsQueryInput = z.input<typeof ZGetAllApplicantsQuery>;

/** `GET /api/employer/applicant/explore/{userId}`: every physician who chose to be discoverable. */
export const ZExploreQuery = ZPhysicianFilters.extend({
  /** Employment type id the physician wants. */
  employmentType: ZEnumId.optional(),
});
export type TExploreQuery = z.infer<typeof ZExploreQuery>;
export type TExploreQueryInput = z.input<typeof ZExploreQuery>;

/** `GET /api/employer/applicant/get-saved-applicants/{userId}`. */
export const ZSavedApplicantsQuery = ZPageQuery;

/**
 * `GET /api/employer/applicant/get-recommended-applicants/{jobId}`: the best-fitting physicians
 * for the job, highest score first (scoring in apps/server/src/domain/matching).
 */
export const RECOMMENDED_PAGE_MAX = 50;
export const ZRecommendedQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(RECOMMENDED_PAGE_MAX).default(20),
  pageNumber: z.coerce.number().int().min(1).max(100).default(1),
});
export type TRecommendedQuery = z.infer<typeof ZRecommendedQuery>;

export const ZApplicantIdParams = z.object({ applicantId: z.string().min(1).max(100) });
export const ZApplicationIdParams = z.object({ applicationId: z.string().min(1).max(100) });
export const ZUserIdParams = z.object({ userId: z.string().min(1).max(100) });
export const ZJobIdParams = z.object({ jobId: z.string().min(1).max(100) });

/** `PATCH /api/employer/applicant/update-pipeline-status/{applicationId}`; answers the updated applicant. */
export const ZUpdatePipelineStatusBody = z.object({ pipelineStatus: ZPipelineStatus });
export type TUpdatePipelineStatusBody = z.infer<typeof ZUpdatePipelineStatusBody>;

/** `DELETE /api/employer/applicant/unsave-applicant/{applicantId}`. */
export const ZUnsaveApplicantData = z.object({ _id: z.string() });
