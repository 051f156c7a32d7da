import type { TApplicant, TApplicantGroup, TGetAllApplicantsQuery } from '@medhire/contract/applicants';
import { RECOMMENDED_PAGE_MAX } from '@medhire/contract/applicants';
import { BULK_ACTION_MAX } from '@medhire/contract/bulk-actions';
import type { TJob } from '@medhire/contract/jobs';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Select } from '@medhire/ui/field.tsx';
import { CompassIcon, PlusIcon, SearchIcon, SparkIcon, UserIcon, UsersIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Tabs } from '@medhire/ui/tabs.tsx';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { useCan } from '../../../app/use-can.ts';
import { describeError } from '../../../lib/http.ts';
import { type ApplicantsView, applicantsViewStore } from '../../../lib/storage.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { jobsApi } from '../../jobs/api/jobs-api.ts';
import { useTeamMembers } from '../../team/components/assignee-controls.tsx';
import { applicantsApi } from '../api/applicants-api.ts';
import { applicantsLoaded, recommendedApplicantsLoaded, savedApplicantsLoaded } from '../applicants-slice.ts';
import { ApplicantCardActions } from './applicant-card.tsx';
import {
  APPLICANTS_PAGE_SIZE,
  ApplicantFilters,
  ApplicantList,
  ApplicantListSkeleton,
  type FilterKey,
  isPipelineStatus,
  isSort,
  ListPager,
  type ListParams,
  useListParams,
} from './applicant-list.tsx';
import { ApplicantTable, ApplicantViewToggle } from './applicant-table.tsx';
import { BulkActionBar, type BulkTargets, SelectApplicantCheckbox } from './bulk-action-bar.tsx';
import { useBulkSelection } from './bulk-selection.ts';
import { GroupedApplicantList } from './grouped-applicant-list.tsx';
import { type ApplicantActions, useApplicantActions } from './use-applicant-actions.tsx';
import { type LoadBulkTemplates, useBulkTemplates } from './use-bulk-templates.ts';
import './applicants.css';

export { ApplicantScreen } from './applicant-profile.tsx';

/** The lists are only ever filled from the API's applicant answers (ZApplicant). */
const selectAll = (state: RootState) => state.applicants.applicants.applicants as TApplicant[];
const selectSaved = (state: RootState) => state.applicants.savedApplicants as TApplicant[];
const selectRecommended = (state: RootState) =>
  state.applicants.recommendedApplicants.applicants as TApplicant[];

/** Every job of the organisation, for the job filter; an organisation rarely has more. */
const JOBS_PAGE_SIZE = 200;
const RECOMMENDED_PAGE_SIZE = Math.min(20, RECOMMENDED_PAGE_MAX);

const ALL_FILTERS: readonly FilterKey[] = [
  'q',
  'job',
  'specialty',
  'state',
  'board',
  'pipeline',
  'assignee',
  'sort',
];

/** `?group=physician`: the all-applicants list grouped by physician. */
const GROUP_BY_PHYSICIAN = 'physician';

type TabId = 'all' | 'recommended' | 'saved';
const TAB_IDS: readonly TabId[] = ['all', 'recommended', 'saved'];

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; total: number; shown: number };

/**
 * Loads a page of a list whenever its inputs change, and "Try again" re-runs it. `load` returns
 * the total and the page's entries (already stored by the caller).
 */
function usePagedLoad(
  load: (signal: AbortSignal) => Promise<{ total: number; shown: number }> | null,
  inputs: readonly unknown[],
) {
  const [state, setState] = useState<LoadState & { inputsKey?: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const inputsKey = JSON.stringify(inputs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on.
  useEffect(() => {
    const controller = new AbortController();
    const pending = load(controller.signal);
    if (!pending) return;
    setState({ status: 'loading' });
    pending
      .then((result) => {
        if (!controller.signal.aborted) setState({ status: 'ready', ...result, inputsKey });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [...inputs, attempt]);
  const adjustTotal = (delta: number) =>
    setState((current) =>
      current.status === 'ready'
        ? { ...current, total: Math.max(0, current.total + delta), shown: Math.max(0, current.shown + delta) }
        : current,
    );
  // A page loaded for other filters is not shown as this one's, not even for the one render
  // between the new address and the load it starts.
  const shown: LoadState =
    state.status === 'ready' && state.inputsKey !== inputsKey ? { status: 'loading' } : state;
  return { state: shown, retry: () => setAttempt((count) => count + 1), adjustTotal };
}

function LoadFailure({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function ListBody({
  state,
  applicants,
  listLabel,
  loadingLabel,
  failureTitle,
  onRetry,
  empty,
  page,
  pageSize,
  onPage,
  actions,
  view,
  renderSelect,
  renderPage,
  one,
  many,
}: {
  renderSelect?: (applicant: TApplicant) => ReactNode;
  /** Shows the page in another shape (grouped by physician) instead of the cards or the table. */
  renderPage?: () => ReactNode;
  /** What the pager counts, for one and for several (physicians unless told). */
  one?: string;
  many?: string;
  state: LoadState;
  applicants: readonly TApplicant[];
  listLabel: string;
  loadingLabel: string;
  failureTitle: string;
  onRetry: () => void;
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  actions: ApplicantActions;
  view: ApplicantsView;
}) {
  if (state.status === 'loading') return <ApplicantListSkeleton label={loadingLabel} />;
  if (state.status === 'failed')
    return <LoadFailure title={failureTitle} message={state.message} onRetry={onRetry} />;
  if (applicants.length === 0) return <>{empty}</>;
  const renderActions = (applicant: TApplicant) => (
    <ApplicantCardActions applicant={applicant} actions={actions} />
  );
  return (
    <>
      {renderPage ? (
        renderPage()
      ) : view === 'table' ? (
        <ApplicantTable
          applicants={applicants}
          label={listLabel}
          renderActions={renderActions}
          renderSelect={renderSelect}
        />
      ) : (
        <ApplicantList
          applicants={applicants}
          label={listLabel}
          renderActions={renderActions}
          renderSelect={renderSelect}
        />
      )}
      <ListPager
        page={page}
        pageSize={pageSize}
        total={state.total}
        shown={applicants.length}
        one={one}
        many={many}
        onPage={(next) => {
          onPage(next);
          window.scrollTo?.({ top: 0, behavior: 'smooth' });
        }}
      />
    </>
  );
}

/** Loads the templates the member may send, composed in by the app (the templates feature's API). */
export type LoadTemplates = LoadBulkTemplates;

/**
 * The applications a selected row stands for: the physician's applications in view (to the
 * filtered job and stage when the list is filtered), leaving out withdrawn ones.
 */
export function applicationIdsOf(
  applicant: TApplicant,
  filters: { jobId?: string; pipelineStatus?: string },
): string[] {
  return applicant.applications
    .filter(
      (application) =>
        !application.withdrawnAt &&
        (!filters.jobId || application.jobId === filters.jobId) &&
        (!filters.pipelineStatus || application.pipelineStatus === filters.pipelineStatus),
    )
    .map((application) => application._id);
}

/** Targets of a bulk action: the applications of these applicants, at most BULK_ACTION_MAX. */
function targetsOf(
  applicants: readonly TApplicant[],
  filters: { jobId?: string; pipelineStatus?: string },
): BulkTargets {
  const names = new Map<string, string>();
  for (const applicant of applicants) {
    for (const applicationId of applicationIdsOf(applicant, filters))
      names.set(applicationId, applicant.fullName);
  }
  return {
    applicationIds: [...names.keys()].slice(0, BULK_ACTION_MAX),
    nameOf: (applicationId) => names.get(applicationId) ?? 'An applicant',
  };
}

/** Every applicant matching the filters, page after page, up to BULK_ACTION_MAX. */
async function loadAllMatching(
  userId: string,
  query: Partial<TGetAllApplicantsQuery>,
): Promise<TApplicant[]> {
  const pageSize = 200;
  const found: TApplicant[] = [];
  for (let pageNumber = 1; found.length < BULK_ACTION_MAX; pageNumber += 1) {
    const list = await applicantsApi.getAllApplicants(userId, { ...query, pageSize, pageNumber });
    found.push(...list.applicants);
    if (list.applicants.length < pageSize || found.length >= list.total) break;
  }
  return found.slice(0, BULK_ACTION_MAX);
}

function AllApplicantsTab({
  params,
  jobs,
  actions,
  view,
  loadTemplates,
  saveViewAction,
}: {
  params: ListParams;
  jobs: readonly TJob[] | undefined;
  actions: ApplicantActions;
  view: ApplicantsView;
  loadTemplates?: LoadTemplates;
  saveViewAction?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?._id;
  const applicants = useAppSelector(selectAll);
  const { get, page, queryText } = params;
  const jobId = get('job');
  const specialty = get('specialty');
  const state = get('state');
  const boardStatus = get('board');
  const pipeline = get('pipeline');
  const assignee = get('assignee');
  const sort = get('sort');
  const isGrouped = get('group') === GROUP_BY_PHYSICIAN;
  const [groups, setGroups] = useState<TApplicantGroup[]>([]);
  const members = useTeamMembers();
  const canAssign = useCan('jobs.assign');
  const canMessage = useCan('messages');
  const filterQuery: Partial<TGetAllApplicantsQuery> = {
    queryText: queryText || undefined,
    jobId: jobId || undefined,
    specialty: specialty || undefined,
    state: state || undefined,
    boardStatus: boardStatus || undefined,
    pipelineStatus: isPipelineStatus(pipeline) ? pipeline : undefined,
    assigneeId: assignee || undefined,
    sort: isSort(sort) ? sort : undefined,
    groupBy: isGrouped ? GROUP_BY_PHYSICIAN : undefined,
  };
  // Grouped, a row is one application (the selection holds application ids); else one applicant.
  const orderedIds = useMemo(
    () =>
      isGrouped
        ? groups.flatMap((group) => group.applications.map((application) => application._id))
        : applicants.map((applicant) => applicant._id),
    [isGrouped, groups, applicants],
  );
  const selection = useBulkSelection(orderedIds);
  const templates = useBulkTemplates(loadTemplates, canMessage);
  // A new filter or page is a new list: what was selected on the old one is let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's inputs decide when the selection ends.
  useEffect(() => {
    selection.clear();
  }, [queryText, jobId, specialty, state, boardStatus, pipeline, assignee, sort, page, isGrouped]);

  const { state: loadState, retry } = usePagedLoad(
    (signal) =>
      userId
        ? applicantsApi
            .getAllApplicants(
              userId,
              { ...filterQuery, pageSize: APPLICANTS_PAGE_SIZE, pageNumber: page },
              signal,
            )
            .then((list) => {
              dispatch(applicantsLoaded(list.applicants));
              setGroups(list.groups ?? []);
              return { total: list.total, shown: list.applicants.length };
            })
        : null,
    [userId, queryText, jobId, specialty, state, boardStatus, pipeline, assignee, sort, page, isGrouped],
  );
  const groupedNames = useMemo(
    () =>
      new Map(
        groups.flatMap((group) =>
          group.applications.map((application) => [application._id, group.fullName] as const),
        ),
      ),
    [groups],
  );

  const hasFilters = Boolean(queryText || jobId || specialty || state || boardStatus || pipeline || assignee);
  return (
    <div className="applicants-tab">
      <ApplicantFilters
        params={params}
        label="Filter applicants"
        jobs={jobs}
        members={members.length > 1 ? members : undefined}
        showPipeline
      />
      <div className="applicants-tab__view-actions">
        <label className="applicants-tab__grouping">
          <input
            type="checkbox"
            className="bulk-select"
            checked={isGrouped}
            onChange={(event) =>
              params.updateParams({ group: event.target.checked ? GROUP_BY_PHYSICIAN : '' })
            }
          />
          Group by physician
        </label>
        {saveViewAction}
      </div>
      {/* Outside the list body, so a reload after an action keeps its summary and its Undo. */}
      <BulkActionBar
        selection={selection}
        totalMatching={
          isGrouped ? orderedIds.length : loadState.status === 'ready' ? loadState.total : applicants.length
        }
        pageRows={isGrouped ? orderedIds.length : applicants.length}
        noun={isGrouped ? { one: 'application', many: 'applications' } : undefined}
        members={members}
        canAssign={canAssign}
        templates={templates}
        onChanged={retry}
        resolveTargets={async () => {
          if (isGrouped) {
            return {
              applicationIds: orderedIds.filter((id) => selection.selected.has(id)),
              nameOf: (applicationId) => groupedNames.get(applicationId) ?? 'An applicant',
            };
          }
          const filters = { jobId: jobId || undefined, pipelineStatus: filterQuery.pipelineStatus };
          if (selection.isAllMatching && userId) {
            return targetsOf(await loadAllMatching(userId, filterQuery), filters);
          }
          return targetsOf(
            applicants.filter((applicant) => selection.selected.has(applicant._id)),
            filters,
          );
        }}
      />

      <ListBody
        state={loadState}
        applicants={applicants}
        listLabel="Applicants"
        loadingLabel="Loading applicants"
        failureTitle="We couldn't load your applicants"
        onRetry={retry}
        page={page}
        pageSize={APPLICANTS_PAGE_SIZE}
        onPage={(next) => params.updateParams({ page: String(next) })}
        actions={actions}
        view={view}
        renderSelect={(applicant) => (
          <SelectApplicantCheckbox
            applicantId={applicant._id}
            applicantName={applicant.fullName}
            selection={selection}
          />
        )}
        renderPage={
          isGrouped
            ? () => (
                <GroupedApplicantList
                  groups={groups}
                  label="Applicants by physician"
                  renderSelect={(group, application) => (
                    <SelectApplicantCheckbox
                      applicantId={application._id}
                      applicantName={group.fullName}
                      label={`Select ${group.fullName}: ${application.jobTitle}`}
                      selection={selection}
                    />
                  )}
                />
              )
            : undefined
        }
        empty={
          hasFilters ? (
            <EmptyState
              icon={<SearchIcon size={26} />}
              title="No applicants match"
              description="Try another name or clear the filters to see everyone who applied."
              action={
                <Button variant="secondary" onClick={() => params.clearFilters(ALL_FILTERS)}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<UsersIcon size={26} />}
              title="No applicants yet"
              description="Physicians who apply to any of your jobs are listed here, newest first."
              action={
                <Link className={buttonClasses()} to="/create-job">
                  <PlusIcon size={18} />
                  Post a job
                </Link>
              }
            />
          )
        }
      />
    </div>
  );
}

function SavedApplicantsTab({
  params,
  actions,
  savedDelta,
  view,
}: {
  params: ListParams;
  actions: ApplicantActions;
  view: ApplicantsView;
  /** Counts unsaves made here so the total follows them. */
  savedDelta: number;
}) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?._id;
  const applicants = useAppSelector(selectSaved);
  const { page } = params;
  const { state, retry, adjustTotal } = usePagedLoad(
    (signal) =>
      userId
        ? applicantsApi
            .getSavedApplicants(userId, { pageSize: APPLICANTS_PAGE_SIZE, pageNumber: page }, signal)
            .then((list) => {
              dispatch(savedApplicantsLoaded(list.applicants));
              return { total: list.total, shown: list.applicants.length };
            })
        : null,
    [userId, page],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new unsave changes the total.
  useEffect(() => {
    if (savedDelta !== 0) adjustTotal(-1);
  }, [savedDelta]);

  // The last physician of a later page was unsaved: show the page before it.
  const isEmptied = state.status === 'ready' && applicants.length === 0 && page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an emptied later page moves back.
  useEffect(() => {
    if (isEmptied) params.updateParams({ page: String(page - 1) });
  }, [isEmptied]);

  return (
    <div className="applicants-tab">
      <ListBody
        state={state}
        applicants={applicants}
        listLabel="Saved physicians"
        loadingLabel="Loading saved physicians"
        failureTitle="We couldn't load your saved physicians"
        onRetry={retry}
        page={page}
        pageSize={APPLICANTS_PAGE_SIZE}
        onPage={(next) => params.updateParams({ page: String(next) })}
        actions={actions}
        view={view}
        empty={
          <EmptyState
            icon={<UserIcon size={26} />}
            title="Nothing saved"
            description="Save a physician from a list or their profile to keep them on this shortlist."
            action={
              <Link className={buttonClasses({ variant: 'secondary' })} to="/explore">
                <CompassIcon size={18} />
                Explore physicians
              </Link>
            }
          />
        }
      />
    </div>
  );
}

function RecommendedApplicantsTab({
  params,
  jobs,
  actions,
  view,
}: {
  params: ListParams;
  jobs: readonly TJob[] | undefined;
  actions: ApplicantActions;
  view: ApplicantsView;
}) {
  const dispatch = useAppDispatch();
  const applicants = useAppSelector(selectRecommended);
  const { page } = params;
  const openJobs = (jobs ?? []).filter((job) => job.status === 'open');
  const candidates = openJobs.length > 0 ? openJobs : (jobs ?? []);
  const chosen = params.get('job');
  const jobId = candidates.some((job) => job._id === chosen) ? chosen : (candidates[0]?._id ?? '');

  const { state, retry } = usePagedLoad(
    (signal) =>
      jobId
        ? applicantsApi
            .getRecommendedApplicants(jobId, { pageSize: RECOMMENDED_PAGE_SIZE, pageNumber: page }, signal)
            .then((list) => {
              dispatch(recommendedApplicantsLoaded(list.applicants));
              return { total: list.total, shown: list.applicants.length };
            })
        : null,
    [jobId, page],
  );

  if (jobs === undefined) return <ApplicantListSkeleton label="Loading your jobs" />;
  if (candidates.length === 0) {
    return (
      <div className="applicants-tab">
        <EmptyState
          icon={<SparkIcon size={26} />}
          title="Post a job to see recommendations"
          description="MedHire ranks physicians for each job: specialty, board status, experience, start year and distance."
          action={
            <Link className={buttonClasses()} to="/create-job">
              <PlusIcon size={18} />
              Post a job
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="applicants-tab">
      <div className="recommended-job">
        <Select
          label="Recommended for"
          options={candidates.map((job) => ({ value: job._id, label: job.title }))}
          value={jobId}
          onChange={(event) => params.updateParams({ job: event.target.value })}
        />
        <p className="recommended-job__note">
          Ranked by fit with the job and your candidate preferences; each physician shows why.
        </p>
      </div>
      <ListBody
        state={state}
        applicants={applicants}
        listLabel="Recommended physicians"
        loadingLabel="Loading recommended physicians"
        failureTitle="We couldn't load recommendations"
        onRetry={retry}
        page={page}
        pageSize={RECOMMENDED_PAGE_SIZE}
        onPage={(next) => params.updateParams({ page: String(next) })}
        actions={actions}
        view={view}
        empty={
          <EmptyState
            icon={<SparkIcon size={26} />}
            title="No recommendations yet"
            description="No discoverable physician fits this job yet. Broader candidate preferences bring more."
            action={
              <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
                Review candidate preferences
              </Link>
            }
          />
        }
      />
    </div>
  );
}

/** /applicants (spec §2, §3): all applicants, recommended ones per job, and the saved ones. */
export function ApplicantsScreen({
  loadTemplates,
  saveViewAction,
}: {
  loadTemplates?: LoadTemplates;
  /** "Save view" for the all-applicants list's filters (composed in by the app). */
  saveViewAction?: ReactNode;
} = {}) {
  const params = useListParams();
  const userId = useAppSelector(selectUser)?._id;
  const tabParam = params.get('tab');
  const tab: TabId = (TAB_IDS as readonly string[]).includes(tabParam) ? (tabParam as TabId) : 'all';
  const [jobs, setJobs] = useState<TJob[] | undefined>(undefined);
  const [unsaveCount, setUnsaveCount] = useState(0);
  const [view, setView] = useState<ApplicantsView>(applicantsViewStore.read);
  const onView = (next: ApplicantsView) => {
    setView(next);
    applicantsViewStore.write(next);
  };
  const actions = useApplicantActions({
    onChanged: (applicant) => {
      if (!applicant.isSaved) setUnsaveCount((count) => count + 1);
    },
  });

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    jobsApi
      .getAllJobs(userId, { pageSize: JOBS_PAGE_SIZE, pageNumber: 1 }, controller.signal)
      .then((list) => setJobs(list.jobs))
      // Without the jobs the job filter is left out; the lists still work.
      .catch(() => {
        if (!controller.signal.aborted) setJobs([]);
      });
    return () => controller.abort();
  }, [userId]);

  return (
    <div className="applicants-screen">
      <title>Applicants · MedHire</title>
      <PageHeader
        title="Applicants"
        description="Physicians who applied to your jobs, those MedHire recommends for them, and the ones you saved."
        actions={
          <>
            <ApplicantViewToggle view={view} onChange={onView} />
            <Link className={buttonClasses({ variant: 'secondary' })} to="/explore">
              <CompassIcon size={18} />
              Explore physicians
            </Link>
          </>
        }
      />
      {actions.inviteModal}
      <Tabs
        label="Applicant lists"
        selectedTabId={tab}
        onChange={(id) => params.updateParams({ tab: id === 'all' ? '' : id })}
        tabs={[
          {
            id: 'all',
            label: 'All applicants',
            content: (
              <AllApplicantsTab
                params={params}
                jobs={jobs}
                actions={actions}
                view={view}
                loadTemplates={loadTemplates}
                saveViewAction={saveViewAction}
              />
            ),
          },
          {
            id: 'recommended',
            label: 'Recommended',
            content: <RecommendedApplicantsTab params={params} jobs={jobs} actions={actions} view={view} />,
          },
          {
            id: 'saved',
            label: 'Saved',
            content: (
              <SavedApplicantsTab params={params} actions={actions} savedDelta={unsaveCount} view={view} />
            ),
          },
        ]}
      />
    </div>
  );
}
