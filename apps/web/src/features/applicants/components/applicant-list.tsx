import { APPLICANT_SORTS, type TApplicant, type TApplicantSort } from '@medhire/contract/applicants';
import { PIPELINE_DISPLAY_ORDER, PIPELINE_STATUSES, type TPipelineStatus } from '@medhire/contract/matches';
import type { TTeamMember } from '@medhire/contract/team';
import { Button } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { US_STATE_OPTIONS } from '@medhire/ui/us-states.ts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../jobs/components/use-debounced-value.ts';
import { AssigneeFilter } from '../../team/components/assignee-controls.tsx';
import { useEnums } from '../../utility/use-enums.ts';
import { ApplicantCard } from './applicant-card.tsx';
import './applicants.css';
import { countOf } from '../../../lib/plural.ts';

export const APPLICANTS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

export const SORT_LABELS: Record<TApplicantSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  experience: 'Most experience',
};

/** The URL search parameters each filter lives in. */
export type FilterKey =
  | 'q'
  | 'job'
  | 'specialty'
  | 'state'
  | 'board'
  | 'pipeline'
  | 'employment'
  | 'assignee'
  | 'sort'
  | 'group';

export function isSort(value: string): value is TApplicantSort {
  return (APPLICANT_SORTS as readonly string[]).includes(value);
}

export function isPipelineStatus(value: string): value is TPipelineStatus {
  return (PIPELINE_STATUSES as readonly string[]).includes(value);
}

/**
 * Filters and paging kept in the URL, so a list can be shared, reloaded and walked back through.
 * Any change of filter starts again at page 1; the search box changes the URL once typing settles.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const get = (key: FilterKey | 'tab'): string => searchParams.get(key) ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const queryText = get('q');
  const [searchText, setSearchText] = useState(queryText);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // Two changes before the list renders again (a filter, then the sort) must both land: the
  // router's functional update starts from the last render's parameters, which would drop the
  // first, so each change starts from the one before it until the URL catches up.
  const pending = useRef<{ rendered: URLSearchParams; next: URLSearchParams } | null>(null);
  const updateParams = (changes: Partial<Record<FilterKey | 'page' | 'tab', string>>) => {
    const base = pending.current?.rendered === searchParams ? pending.current.next : searchParams;
    const next = new URLSearchParams(base);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    pending.current = { rendered: searchParams, next };
    setSearchParams(next, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text changes the URL.
  useEffect(() => {
    if (debouncedSearch !== queryText) updateParams({ q: debouncedSearch });
  }, [debouncedSearch]);

  const clearFilters = (keys: readonly FilterKey[]) => {
    setSearchText('');
    updateParams(Object.fromEntries(keys.map((key) => [key, ''])));
  };

  return { get, page, queryText, searchText, setSearchText, updateParams, clearFilters };
}

export type ListParams = ReturnType<typeof useListParams>;

export interface ApplicantFiltersProps {
  params: ListParams;
  /** Names the filter region, e.g. "Filter applicants". */
  label: string;
  /** The organisation's jobs, for the job filter; omit to hide it. */
  jobs?: readonly { _id: string; title: string }[];
  showPipeline?: boolean;
  showEmploymentType?: boolean;
  /** The team, for the assignee filter; omit to hide it. */
  members?: TTeamMember[];
}

/** Search by name, specialty, state, board status (and job, pipeline stage or employment type), sort. */
export function ApplicantFilters({
  params,
  label,
  jobs,
  showPipeline = false,
  showEmploymentType = false,
  members,
}: ApplicantFiltersProps) {
  const { enums } = useEnums();
  const { get, updateParams } = params;
  const select = (key: FilterKey) => ({
    value: get(key),
    onChange: (event: { target: { value: string } }) => updateParams({ [key]: event.target.value }),
  });
  const sort = get('sort');
  const moreId = useId();
  const [isFolded, setIsFolded] = useState(true);
  const keys: FilterKey[] = ['specialty', 'state', 'board'];
  if (jobs) keys.push('job');
  if (showPipeline) keys.push('pipeline');
  if (showEmploymentType) keys.push('employment');
  if (members) keys.push('assignee');
  const activeCount = keys.filter((key) => get(key)).length + (isSort(sort) && sort !== 'newest' ? 1 : 0);
  return (
    <section className={cx('applicant-filters', isFolded && 'applicant-filters--folded')} aria-label={label}>
      <TextField
        className="applicant-filters__search"
        type="search"
        label="Search by name"
        placeholder="e.g. Jane Doe"
        autoComplete="off"
        value={params.searchText}
        onChange={(event) => params.setSearchText(event.target.value)}
      />
      <Button
        variant="secondary"
        size="sm"
        className="applicant-filters__toggle"
        aria-expanded={!isFolded}
        aria-controls={moreId}
        onClick={() => setIsFolded((folded) => !folded)}
      >
        {isFolded ? 'More filters' : 'Fewer filters'}
        {activeCount > 0 && ` (${activeCount} on)`}
      </Button>
      <div className="applicant-filters__more" id={moreId}>
        {jobs && (
          <Select
            label="Job"
            placeholder="All jobs"
            options={jobs.map((job) => ({ value: job._id, label: job.title }))}
            {...select('job')}
          />
        )}
        <Select
          label="Specialty"
          placeholder="All specialties"
          options={(enums?.specialties ?? []).map((entry) => ({ value: entry._id, label: entry.title }))}
          {...select('specialty')}
        />
        <Select label="State" placeholder="All states" options={US_STATE_OPTIONS} {...select('state')} />
        <Select
          label="Board status"
          placeholder="Any board status"
          options={(enums?.boardStatus ?? []).map((entry) => ({ value: entry._id, label: entry.title }))}
          {...select('board')}
        />
        {showPipeline && (
          <Select
            label="Pipeline stage"
            placeholder="Any stage"
            options={PIPELINE_DISPLAY_ORDER.map((status) => ({ value: status, label: status }))}
            {...select('pipeline')}
          />
        )}
        {showEmploymentType && (
          <Select
            label="Employment type"
            placeholder="Any type"
            options={(enums?.employmentType ?? []).map((entry) => ({ value: entry._id, label: entry.title }))}
            {...select('employment')}
          />
        )}
        {members && (
          <AssigneeFilter
            members={members}
            value={get('assignee')}
            onChange={(value) => updateParams({ assignee: value })}
          />
        )}
        <Select
          label="Sort by"
          options={APPLICANT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          value={isSort(sort) ? sort : 'newest'}
          onChange={(event) =>
            updateParams({ sort: event.target.value === 'newest' ? '' : event.target.value })
          }
        />
      </div>
    </section>
  );
}

export function ApplicantListSkeleton({ label }: { label: string }) {
  return (
    <div className="applicant-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {[0, 1, 2, 3].map((card) => (
        <div key={card} className={cx(cardClasses({ shadow: 'none' }), 'applicant-skeleton__card')}>
          <Skeleton width="3rem" height="3rem" radius="999px" />
          <div className="applicant-skeleton__lines">
            <Skeleton height="1.1rem" width="55%" />
            <Skeleton height="0.9rem" width="75%" />
            <Skeleton height="0.9rem" width="65%" />
            <Skeleton height="1.25rem" width="35%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** One page of applicants, as the cards or the table show it. */
export interface ApplicantPageProps {
  applicants: readonly TApplicant[];
  /** The list's accessible name (the table's caption). */
  label: string;
  /** The actions of each applicant (Save, Invite …). */
  renderActions?: (applicant: TApplicant) => ReactNode;
  /** A selection checkbox for each applicant, when the list offers bulk actions. */
  renderSelect?: (applicant: TApplicant) => ReactNode;
}

/** The cards of one page of applicants. */
export function ApplicantList({ applicants, label, renderActions, renderSelect }: ApplicantPageProps) {
  return (
    <ul className="applicant-list" aria-label={label}>
      {applicants.map((applicant) => (
        <li key={applicant._id} className={cx(renderSelect && 'applicant-list__item--selectable')}>
          {renderSelect?.(applicant)}
          <ApplicantCard applicant={applicant} actions={renderActions?.(applicant)} />
        </li>
      ))}
    </ul>
  );
}

/** "Showing 21–40 of 312" with Previous and Next. */
export function ListPager({
  page,
  pageSize,
  total,
  shown,
  onPage,
  one = 'physician',
  many = 'physicians',
}: {
  page: number;
  pageSize: number;
  total: number;
  /** How many entries this page holds. */
  shown: number;
  onPage: (page: number) => void;
  /** What the list counts, for one and for several. */
  one?: string;
  many?: string;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, (page - 1) * pageSize + shown);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const number = new Intl.NumberFormat('en-US');
  return (
    <Pager
      isMuted
      status={`Showing ${number.format(first)}–${number.format(last)} of ${countOf(total, one, many)}`}
      page={page}
      pageCount={pageCount}
      onPage={onPage}
    />
  );
}
