import type { TSavedView, TSavedViewFiltersInput, TSavedViewKind } from '@medhire/contract/saved-views';

/**
 * The applicant list keeps its filters in the URL under short names (applicant-list.tsx); a view
 * keeps them under the list query's names. This is the one mapping between the two.
 */
const PARAM_OF = {
  queryText: 'q',
  jobId: 'job',
  specialty: 'specialty',
  state: 'state',
  boardStatus: 'board',
  pipelineStatus: 'pipeline',
  assigneeId: 'assignee',
  sort: 'sort',
  groupBy: 'group',
} as const satisfies Record<keyof TSavedViewFiltersInput, string>;

type FilterName = keyof typeof PARAM_OF;
const FILTER_NAMES = Object.keys(PARAM_OF) as FilterName[];

/** The filters a list URL holds (empty ones left out), ready to be saved as a view. */
export function filtersFromSearchParams(params: URLSearchParams): TSavedViewFiltersInput {
  const filters: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(PARAM_OF[name])?.trim();
    if (value) filters[name] = value;
  }
  return filters as TSavedViewFiltersInput;
}

/** The search part of the list URL that shows these filters ('' when none). */
export function searchParamsOf(filters: Partial<Record<FilterName, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    // The list sorts newest first unless told otherwise, and an empty search is no search.
    if (!value || (name === 'sort' && value === 'newest')) continue;
    params.set(PARAM_OF[name], value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Where a view opens: the applicant list with its filters, or its job's board. */
export function viewLink(view: Pick<TSavedView, 'kind' | 'filters'>): string {
  if (view.kind === 'board' && view.filters.jobId) {
    return `/jobs-resident/${encodeURIComponent(view.filters.jobId)}`;
  }
  return `/applicants${searchParamsOf(view.filters)}`;
}

export const KIND_LABELS: Record<TSavedViewKind, string> = {
  list: 'Applicant list',
  board: 'Pipeline board',
};
