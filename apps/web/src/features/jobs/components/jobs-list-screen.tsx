import { JOB_STATUSES, type TJob, type TJobStatus } from '@medhire/contract/jobs';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { BriefcaseIcon, PlusIcon, SearchIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { useCan } from '../../../app/use-can.ts';
import { describeError } from '../../../lib/http.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { AssigneeFilter, AssigneeNote, useTeamMembers } from '../../team/components/assignee-controls.tsx';
import { useEnums } from '../../utility/use-enums.ts';
import { jobsApi } from '../api/jobs-api.ts';
import { jobsLoaded } from '../jobs-slice.ts';
import { InviteCounts } from './invite-counts.tsx';
import { JobCardStats } from './job-card-stats.tsx';
import { specialtyTitle } from './job-details.tsx';
import { JOB_STATUS_LABELS, JobStatusBadge } from './job-status-badge.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { type JobActions, useJobActions } from './use-job-actions.tsx';
import './jobs.css';
import { countOf } from '../../../lib/plural.ts';

export const JOBS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/** The list is only ever filled from the API's job answers (ZJob). */
const selectJobs = (state: RootState) => state.jobs.jobs.jobs as TJob[];

const postJobLink = (
  <Link className={buttonClasses()} to="/create-job">
    <PlusIcon size={18} />
    Post a job
  </Link>
);

function isJobStatus(value: string | null): value is TJobStatus {
  return JOB_STATUSES.includes(value as TJobStatus);
}

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; total: number };

function placeText(job: TJob): string {
  const [first, ...rest] = job.locations;
  if (!first) return '';
  return rest.length > 0 ? `${first.description} +${rest.length} more` : first.description;
}

function JobRowActions({ job, actions }: { job: TJob; actions: JobActions }) {
  const canCreateJobs = useCan('jobs.create');
  const isBusy = actions.busyJobId === job._id;
  const statusAction: { label: string; status: TJobStatus } =
    job.status === 'open'
      ? { label: 'Close', status: 'closed' }
      : job.status === 'draft'
        ? { label: 'Publish', status: 'open' }
        : { label: 'Reopen', status: 'open' };
  return (
    <div className="jobs-actions">
      <Link
        className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        to={`/edit-job/${job._id}`}
        aria-label={`Edit ${job.title}`}
      >
        Edit
      </Link>
      {canCreateJobs && (
        <Button
          variant="ghost"
          size="sm"
          disabled={isBusy}
          aria-label={`Duplicate ${job.title}`}
          onClick={() => void actions.duplicate(job)}
        >
          Duplicate
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        disabled={isBusy}
        aria-label={`${statusAction.label} ${job.title}`}
        onClick={() => void actions.setStatus(job, statusAction.status)}
      >
        {statusAction.label}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="jobs-actions__delete"
        disabled={isBusy}
        aria-label={`Delete ${job.title}`}
        onClick={() => actions.askToDelete(job)}
      >
        Delete
      </Button>
    </div>
  );
}

function JobsSkeleton() {
  return (
    <div className="jobs-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your jobs
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="jobs-skeleton__row">
          <Skeleton height="1.25rem" />
          <Skeleton height="1.25rem" width="60%" />
          <Skeleton height="1.25rem" width="40%" />
          <Skeleton height="1.25rem" width="70%" />
        </div>
      ))}
    </div>
  );
}

/** /jobs (spec §2): the employer's jobs, searchable and filterable, with their actions. */
export function JobsScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const jobs = useAppSelector(selectJobs);
  const { enums } = useEnums();
  const isPhone = useMediaQuery('(max-width: 720px)');
  const [searchParams, setSearchParams] = useSearchParams();
  const queryText = searchParams.get('q') ?? '';
  const statusParam = searchParams.get('status');
  const status = isJobStatus(statusParam) ? statusParam : '';
  const specialty = searchParams.get('specialty') ?? '';
  const assignee = searchParams.get('assignee') ?? '';
  const members = useTeamMembers();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [searchText, setSearchText] = useState(queryText);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const userId = user?._id;
  const canCreateJobs = useCan('jobs.create');

  /** Changes the URL's filters; any change of filter starts again at page 1. */
  const updateParams = (changes: Record<string, string>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text changes the URL.
  useEffect(() => {
    if (debouncedSearch !== queryText) updateParams({ q: debouncedSearch });
  }, [debouncedSearch]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    jobsApi
      .getAllJobs(
        userId,
        {
          queryText,
          status: status || undefined,
          specialty: specialty || undefined,
          assigneeId: assignee || undefined,
          pageSize: JOBS_PAGE_SIZE,
          pageNumber: page,
        },
        controller.signal,
      )
      .then((list) => {
        dispatch(jobsLoaded(list.jobs));
        setState({ status: 'ready', total: list.total });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, queryText, status, specialty, assignee, page, attempt]);

  const changeTotal = (delta: number) =>
    setState((current) =>
      current.status === 'ready' ? { ...current, total: current.total + delta } : current,
    );
  const actions = useJobActions({
    onAdded: () => changeTotal(1),
    onDeleted: () => changeTotal(-1),
  });

  const hasFilters = Boolean(queryText || status || specialty || assignee);
  const total = state.status === 'ready' ? state.total : 0;
  const pageCount = Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE));
  const isEmpty = state.status === 'ready' && jobs.length === 0;

  // The last job of a later page was deleted: show the page before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an emptied later page moves back.
  useEffect(() => {
    if (isEmpty && page > 1 && total > 0) updateParams({ page: String(page - 1) });
  }, [isEmpty, page, total]);

  const specialtyOptions = (enums?.specialties ?? []).map((entry) => ({
    value: entry._id,
    label: entry.title,
  }));

  return (
    <div className="jobs-screen">
      <title>Jobs · MedHire</title>
      <PageHeader
        title="Jobs"
        description="The positions you are recruiting for. Matched physicians see each open posting and can apply."
        actions={canCreateJobs && postJobLink}
      />
      {actions.confirmation}
      <section className="jobs-toolbar" aria-label="Find jobs">
        <TextField
          type="search"
          label="Search by title"
          placeholder="e.g. Cardiologist"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          value={status}
          options={JOB_STATUSES.map((entry) => ({ value: entry, label: JOB_STATUS_LABELS[entry] }))}
          onChange={(event) => updateParams({ status: event.target.value })}
        />
        <Select
          label="Specialty"
          placeholder="All specialties"
          value={specialty}
          options={specialtyOptions}
          onChange={(event) => updateParams({ specialty: event.target.value })}
        />
        <AssigneeFilter
          members={members}
          value={assignee}
          onChange={(value) => updateParams({ assignee: value })}
        />
      </section>

      {state.status === 'loading' && <JobsSkeleton />}
      {state.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load your jobs">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {isEmpty &&
        (hasFilters ? (
          <EmptyState
            icon={<SearchIcon size={26} />}
            title="No jobs match"
            description="Try other words or clear the filters to see all your jobs."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setSearchText('');
                  updateParams({ q: '', status: '', specialty: '', assignee: '' });
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<BriefcaseIcon size={26} />}
            title="No jobs yet"
            description="Post your first job to start receiving applicants and recommended physicians for it."
            action={canCreateJobs ? postJobLink : undefined}
          />
        ))}
      {state.status === 'ready' && jobs.length > 0 && (
        <>
          <p className="jobs-summary" role="status">
            {countOf(total, 'job')}
            {hasFilters ? ' match your filters' : ''}
          </p>
          {isPhone ? (
            <ul className="job-cards" aria-label="Your jobs">
              {jobs.map((job) => (
                <li key={job._id} className={cx(cardClasses({ padding: 'sm', shadow: 'xs' }), 'job-card')}>
                  <div className="job-card__head">
                    <div>
                      <h2 className="job-card__title">
                        <Link className="jobs-title-link" to={`/jobs-resident/${job._id}`}>
                          {job.title}
                        </Link>
                      </h2>
                      <p className="jobs-meta">
                        {specialtyTitle(enums, job.specialty)} · {placeText(job)}
                      </p>
                      <AssigneeNote className="jobs-meta jobs-assignee" assignee={job.assignee} />
                    </div>
                    <JobStatusBadge status={job.status} />
                  </div>
                  <JobCardStats job={job} />
                  <JobRowActions job={job} actions={actions} />
                </li>
              ))}
            </ul>
          ) : (
            <Table<TJob>
              caption="Your jobs"
              rows={jobs}
              rowKey={(job) => job._id}
              columns={[
                {
                  key: 'title',
                  header: 'Job',
                  cell: (job) => (
                    <div className="jobs-job-cell">
                      <Link className="jobs-title-link" to={`/jobs-resident/${job._id}`}>
                        {job.title}
                      </Link>
                      <p className="jobs-meta">
                        {specialtyTitle(enums, job.specialty)} · {placeText(job)}
                      </p>
                      <AssigneeNote className="jobs-meta jobs-assignee" assignee={job.assignee} />
                    </div>
                  ),
                },
                { key: 'status', header: 'Status', cell: (job) => <JobStatusBadge status={job.status} /> },
                {
                  key: 'applicants',
                  header: 'Applicants',
                  align: 'end',
                  cell: (job) => <span className="jobs-count">{job.applicantCount}</span>,
                },
                {
                  key: 'invites',
                  header: 'Invites',
                  align: 'end',
                  cell: (job) => <InviteCounts counts={job.inviteCounts} className="jobs-invites" />,
                },
                {
                  key: 'actions',
                  header: <span className="visually-hidden">Actions</span>,
                  align: 'end',
                  cell: (job) => <JobRowActions job={job} actions={actions} />,
                },
              ]}
            />
          )}
          {pageCount > 1 && (
            <Pager
              status={`Page ${page} of ${pageCount}`}
              page={page}
              pageCount={pageCount}
              onPage={(next) => updateParams({ page: String(next) })}
            />
          )}
        </>
      )}
    </div>
  );
}
