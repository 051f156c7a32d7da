import type { TApplicant } from '@medhire/contract/applicants';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { CompassIcon, SearchIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError } from '../../../lib/http.ts';
import { applicantsApi } from '../../applicants/api/applicants-api.ts';
import { ApplicantCardActions } from '../../applicants/components/applicant-card.tsx';
import {
  APPLICANTS_PAGE_SIZE,
  ApplicantFilters,
  ApplicantList,
  ApplicantListSkeleton,
  type FilterKey,
  isSort,
  ListPager,
  useListParams,
} from '../../applicants/components/applicant-list.tsx';
import { SelectApplicantCheckbox } from '../../applicants/components/bulk-action-bar.tsx';
import { useBulkSelection } from '../../applicants/components/bulk-selection.ts';
import { useApplicantActions } from '../../applicants/components/use-applicant-actions.tsx';
import { selectUser } from '../../auth/auth-slice.ts';
import {
  BulkInviteBar,
  type InviteChanges,
  withInviteChange,
} from '../../matches/components/bulk-invite-bar.tsx';

const EXPLORE_FILTERS: readonly FilterKey[] = ['q', 'specialty', 'state', 'board', 'employment', 'sort'];

const NO_APPLICANTS: readonly TApplicant[] = [];

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; applicants: TApplicant[]; total: number };

/**
 * /explore (spec §2): every physician who chose to be discoverable, searchable, to save or invite,
 * one by one or a selection of the page at once.
 */
export function ExploreScreen() {
  const userId = useAppSelector(selectUser)?._id;
  const params = useListParams();
  const { get, page, queryText } = params;
  const specialty = get('specialty');
  const state = get('state');
  const boardStatus = get('board');
  const employmentType = get('employment');
  const sort = get('sort');
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // The page is not one of the store's applicant lists; a changed physician replaces its card here.
  const actions = useApplicantActions({
    origin: 'explore',
    onChanged: (changed) =>
      setLoad((current) =>
        current.status === 'ready'
          ? {
              ...current,
              applicants: current.applicants.map((entry) => (entry._id === changed._id ? changed : entry)),
            }
          : current,
      ),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    applicantsApi
      .explore(
        userId,
        {
          queryText: queryText || undefined,
          specialty: specialty || undefined,
          state: state || undefined,
          boardStatus: boardStatus || undefined,
          employmentType: employmentType || undefined,
          sort: isSort(sort) ? sort : undefined,
          pageSize: APPLICANTS_PAGE_SIZE,
          pageNumber: page,
        },
        controller.signal,
      )
      .then((list) => setLoad({ status: 'ready', applicants: list.applicants, total: list.total }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [userId, queryText, specialty, state, boardStatus, employmentType, sort, page, attempt]);

  const shown = load.status === 'ready' ? load.applicants : NO_APPLICANTS;
  // The same physicians in the same order keep their ids (a saved or invited card changes, not the list).
  const idsKey = shown.map((applicant) => applicant._id).join(',');
  const orderedIds = useMemo(() => (idsKey ? idsKey.split(',') : []), [idsKey]);
  const selection = useBulkSelection(orderedIds);
  const { clear: clearSelection } = selection;
  // A new page or new filters show other physicians: the selection was of the ones shown.
  useEffect(() => {
    if (orderedIds) clearSelection();
  }, [orderedIds, clearSelection]);

  /** A bulk invite or its undo: each physician's card shows the invite as it now stands. */
  const onBulkChanged = (changes: InviteChanges) =>
    setLoad((current) =>
      current.status === 'ready'
        ? {
            ...current,
            applicants: current.applicants.map((entry) => withInviteChange(entry, changes.get(entry._id))),
          }
        : current,
    );

  const onBulkSaved = (physicianId: string, isSaved: boolean) =>
    setLoad((current) =>
      current.status === 'ready'
        ? {
            ...current,
            applicants: current.applicants.map((entry) =>
              entry._id === physicianId ? { ...entry, isSaved } : entry,
            ),
          }
        : current,
    );

  const hasFilters = Boolean(queryText || specialty || state || boardStatus || employmentType);

  return (
    <div className="applicants-screen">
      <title>Explore · MedHire</title>
      <PageHeader
        title="Explore physicians"
        description="Browse physicians open to new opportunities. Save the ones you like and invite them to your open jobs."
      />
      {actions.inviteModal}
      <ApplicantFilters params={params} label="Filter physicians" showEmploymentType />

      {load.status === 'loading' && <ApplicantListSkeleton label="Loading physicians" />}
      {load.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load physicians">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {load.status === 'ready' &&
        load.applicants.length === 0 &&
        (hasFilters ? (
          <EmptyState
            icon={<SearchIcon size={26} />}
            title="No physicians match"
            description="Try another name, a neighboring state or fewer filters."
            action={
              <Button variant="secondary" onClick={() => params.clearFilters(EXPLORE_FILTERS)}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<CompassIcon size={26} />}
            title="No physicians to show yet"
            description="Physicians who make their profile discoverable appear here. Each invite a physician accepts uses one invite from your plan."
            action={
              <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
                Review candidate preferences
              </Link>
            }
          />
        ))}
      {load.status === 'ready' && load.applicants.length > 0 && (
        <>
          <BulkInviteBar
            selection={selection}
            shown={load.applicants}
            origin="explore"
            onChanged={onBulkChanged}
            onSavedChanged={onBulkSaved}
          />
          <ApplicantList
            applicants={load.applicants}
            label="Physicians"
            renderActions={(applicant) => <ApplicantCardActions applicant={applicant} actions={actions} />}
            renderSelect={(applicant) => (
              <SelectApplicantCheckbox
                applicantId={applicant._id}
                applicantName={applicant.fullName}
                selection={selection}
              />
            )}
          />
          <ListPager
            page={page}
            pageSize={APPLICANTS_PAGE_SIZE}
            total={load.total}
            shown={load.applicants.length}
            onPage={(next) => {
              params.updateParams({ page: String(next) });
              window.scrollTo?.({ top: 0, behavior: 'smooth' });
            }}
          />
        </>
      )}
    </div>
  );
}
