import { z } from 'zod';
import { ZApplicantGrouping, ZApplicantSort, ZGetAllApplicantsQuery } from './applicants.ts';
import { ZPipelineStatus } from './matches.ts';

/**
 * Saved views: a named filter and sort of the applicant list (or of one job's pipeline board),
 * kept for the member (personal) or shared with the organisation (owner and admins, the
 * `views.manage` right). The navigation lists them with how many applicants each matches now,
 * counted by the server with the list's own query.
 */

export const SAVED_VIEW_NAME_MAX = 60;

/** list: the applicant list (/applicants); board: one job's pipeline board (/jobs-resident/{jobId}). */
export const SAVED_VIEW_KINDS = ['list', 'board'] as const;
export const ZSavedViewKind = z.enum(SAVED_VIEW_KINDS, { error: 'Choose the list or the board.' });
export type TSavedViewKind = z.infer<typeof ZSavedViewKind>;

export const SAVED_VIEW_SCOPES = ['organization', 'personal'] as const;
/** organization: shared with the team (owner and admins manage them); personal: the author's own. */
export const ZSavedViewScope = z.enum(SAVED_VIEW_SCOPES, { error: 'Choose who can see the view.' });
export type TSavedViewScope = z.infer<typeof ZSavedViewScope>;

/**
 * What a view keeps: the applicant list's own query (ZGetAllApplicantsQuery) without the page,
 * so a view holds exactly what the list accepts and nothing the list would refuse.
 */
export const ZSavedViewFilters = ZGetAllApplicantsQuery.omit({ pageSize: true, pageNumber: true });
export type TSavedViewFilters = z.infer<typeof ZSavedViewFilters>;
export type TSavedViewFiltersInput = z.input<typeof ZSavedViewFilters>;

/**
 * The filters as answers carry them: what ZSavedViewFilters produced (its transforms already
 * applied), so the response needs no transform of its own. The assignment below fails to
 * compile if the two ever drift apart.
 */
export const ZSavedViewFiltersData = z.object({
  queryText: z.string(),
  specialty: z.string().optional(),
  state: z.string().optional(),
  boardStatus: z.string().optional(),
  sort: ZApplicantSort,
  jobId: z.string().optional(),
  pipelineStatus: ZPipelineStatus.optional(),
  assigneeId: z.string().optional(),
  groupBy: ZApplicantGrouping.optional(),
});
type IsSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SAVED_VIEW_FILTERS_DATA_MATCHES: IsSame<
  TSavedViewFilters,
  z.infer<typeof ZSavedViewFiltersData>
> = true;

export const ZSavedViewName = z
  .string()
  .trim()
  .min(1, 'Name the view.')
  .max(SAVED_VIEW_NAME_MAX, `A name holds ${SAVED_VIEW_NAME_MAX} characters at most.`);

/** A board view is one job's board: it needs the job. */
function boardHasJob(body: { kind?: TSavedViewKind; filters?: TSavedViewFilters }): boolean {
  return body.kind !== 'board' || Boolean(body.filters?.jobId);
}

export const ZCreateSavedViewBody = z
  .object({
    name: ZSavedViewName,
    kind: ZSavedViewKind.default('list'),
    scope: ZSavedViewScope,
    filters: ZSavedViewFilters,
  })
  .refine(boardHasJob, { message: 'A board view needs its job.', path: ['filters', 'jobId'] });
export type TCreateSavedViewBody = z.infer<typeof ZCreateSavedViewBody>;
export type TCreateSavedViewBodyInput = z.input<typeof ZCreateSavedViewBody>;

/** Rename a view or keep new filters in it; its kind and scope stay. */
export const ZUpdateSavedViewBody = z
  .object({ name: ZSavedViewName.optional(), filters: ZSavedViewFilters.optional() })
  .refine((body) => body.name !== undefined || body.filters !== undefined, {
    message: 'Change the name or the filters.',
  });
export type TUpdateSavedViewBody = z.infer<typeof ZUpdateSavedViewBody>;
export type TUpdateSavedViewBodyInput = z.input<typeof ZUpdateSavedViewBody>;

export const ZSavedViewIdParams = z.object({ viewId: z.string().min(1).max(100) });

export const ZSavedView = z.object({
  _id: z.string(),
  name: z.string(),
  kind: ZSavedViewKind,
  scope: ZSavedViewScope,
  filters: ZSavedViewFiltersData,
  /** Applicants matching the filters now, as the list would total them for the caller. */
  count: z.number().int(),
  createdBy: z.object({ _id: z.string(), fullName: z.string().nullable() }).nullable(),
  /** Whether the caller may rename and delete it (own personal view, or manager of shared ones). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;

/** Shared views first, then the caller's own, each by name. */
export const ZSavedViewListData = z.object({ views: z.array(ZSavedView) });
export type TSavedViewListData = z.infer<typeof ZSavedViewListData>;

export const ZDeleteSavedViewData = z.object({ _id: z.string() });
export type TDeleteSavedViewData = z.infer<typeof ZDeleteSavedViewData>;

export const SAVED_VIEW_MESSAGES = {
  notFound: 'We could not find that view.',
  nameTaken: 'A view with this name already exists here. Choose another name.',
  sharedNeedsManager:
    'Only owners and admins can create or change views shared with the whole organization. Save it as a personal view instead.',
  boardNeedsJob: 'A board view needs its job.',
  created: 'The view is saved.',
  updated: 'The view is updated.',
  deleted: 'The view is deleted.',
} as const;
