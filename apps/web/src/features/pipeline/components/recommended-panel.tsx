import type { TApplicant } from '@medhire/contract/applicants';
import type { TJob } from '@medhire/contract/jobs';
import type { TMatch } from '@medhire/contract/matches';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { SparkIcon } from '@medhire/ui/icons.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { applicantsApi } from '../../applicants/api/applicants-api.ts';
import {
  applicantUpdated,
  recommendedApplicantsLoaded,
  savedApplicantRemoved,
} from '../../applicants/applicants-slice.ts';
import { ApplicantCard, ApplicantCardActions } from '../../applicants/components/applicant-card.tsx';
import { SelectApplicantCheckbox } from '../../applicants/components/bulk-action-bar.tsx';
import { useBulkSelection } from '../../applicants/components/bulk-selection.ts';
import { toApplicantMatch, useApplicantActions } from '../../applicants/components/use-applicant-actions.tsx';
import {
  BulkInviteBar,
  type InviteChanges,
  withInviteChange,
} from '../../matches/components/bulk-invite-bar.tsx';
import { InviteToJobModal } from '../../matches/components/invite-to-job-modal.tsx';

/** How many of the best-fitting physicians the tab shows. */
export const RECOMMENDED_PAGE_SIZE = 20;
/** The ranking is read 20 at a time up to its 100th page (the API's limit). */
const RECOMMENDED_PAGE_LIMIT = 100;

/** Filled only from the recommended-applicants answer (ZApplicant with score and reasons). */
const selectRecommended = (state: RootState) =>
  state.applicants.recommendedApplicants.applicants as unknown as TApplicant[];

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/**
 * The physicians who fit the job best, highest score first, each with the reasons for the
 * score. Saving and inviting update the entry in place (spec §4 "updating an applicant").
 * Physicians can be selected (shift-click for a range) and invited together.
 */
export function RecommendedPanel({
  job,
  onInvited: onJobInvited,
  onBulkInvited,
}: {
  job: TJob;
  /** Called with each invite sent from the list (to any job), so the page can update its counts. */
  onInvited?: (match: TMatch) => void;
  /** After a bulk invite (or its undo): the invites it added (withdrew, negative) per job. */
  onBulkInvited?: (pendingAddedByJob: ReadonlyMap<string, number>) => void;
}) {
  const dispatch = useAppDispatch();
  const applicants = useAppSelector(selectRecommended);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [inviting, setInviting] = useState<TApplicant | null>(null);
  const [total, setTotal] = useState(0);
  const [loadedPages, setLoadedPages] = useState(1);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const { savingIds, toggleSave } = useApplicantActions();
  const orderedIds = useMemo(() => applicants.map((applicant) => applicant._id), [applicants]);
  const selection = useBulkSelection(orderedIds);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    applicantsApi
      .getRecommendedApplicants(job._id, { pageSize: RECOMMENDED_PAGE_SIZE }, controller.signal)
      .then((list) => {
        dispatch(recommendedApplicantsLoaded(list.applicants));
        setTotal(list.total);
        setLoadedPages(1);
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, job._id, attempt]);

  /** The next page of the ranking, appended below the ones shown. */
  const onShowMore = async () => {
    setIsLoadingMore(true);
    try {
      const list = await applicantsApi.getRecommendedApplicants(job._id, {
        pageSize: RECOMMENDED_PAGE_SIZE,
        pageNumber: loadedPages + 1,
      });
      const shown = new Set(applicants.map((applicant) => applicant._id));
      dispatch(
        recommendedApplicantsLoaded([
          ...applicants,
          ...list.applicants.filter((applicant) => !shown.has(applicant._id)),
        ]),
      );
      setTotal(list.total);
      setLoadedPages((pages) => pages + 1);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsLoadingMore(false);
    }
  };
  const hasMore = applicants.length < total && loadedPages < RECOMMENDED_PAGE_LIMIT;

  /** A bulk invite or its undo: each physician's entry shows the invite as it now stands. */
  const onBulkChanged = (changes: InviteChanges) => {
    for (const applicant of applicants) {
      const change = changes.get(applicant._id);
      if (change) dispatch(applicantUpdated(withInviteChange(applicant, change)));
    }
    const pendingAddedByJob = new Map<string, number>();
    for (const change of changes.values()) {
      const delta = change.status === 'pending' ? 1 : -1;
      pendingAddedByJob.set(change.jobId, (pendingAddedByJob.get(change.jobId) ?? 0) + delta);
    }
    onBulkInvited?.(pendingAddedByJob);
  };

  /** A save or unsave from the bar, by the spec's rules (§4) as the card's own button applies them. */
  const onBulkSaved = (physicianId: string, isSaved: boolean) => {
    const applicant = applicants.find((entry) => entry._id === physicianId);
    if (applicant) dispatch(applicantUpdated({ ...applicant, isSaved }));
    if (!isSaved) dispatch(savedApplicantRemoved(physicianId));
  };

  const onInvited = (match: TMatch) => {
    onJobInvited?.(match);
    if (!inviting) return;
    dispatch(applicantUpdated({ ...inviting, matches: [toApplicantMatch(match), ...inviting.matches] }));
  };

  if (state.status === 'loading') {
    return (
      <div className="pipeline-list" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading recommended physicians
        </span>
        <Skeleton height="9rem" radius="var(--radius-lg)" />
        <Skeleton height="9rem" radius="var(--radius-lg)" />
        <Skeleton height="9rem" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert variant="danger" title="We couldn't load recommended physicians">
        <p>{state.message}</p>
        <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (applicants.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<SparkIcon size={26} />}
        title="No recommendations yet"
        description="No discoverable physician fits this job yet. Widening the job's locations or your candidate preferences brings in more."
        action={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/explore">
            Explore physicians
          </Link>
        }
      />
    );
  }
  return (
    <>
      <p className="pipeline-panel__intro">
        {applicants.length === 1 ? 'The physician who fits' : `The ${applicants.length} physicians who fit`}{' '}
        <strong>{job.title}</strong> best, by specialty, board status, experience, start year, distance and
        your preferences.
        {job.status !== 'open' && ' Publish the job to invite them.'}
      </p>
      <BulkInviteBar
        selection={selection}
        shown={applicants}
        origin="recommended"
        defaultJobId={job._id}
        onChanged={onBulkChanged}
        onSavedChanged={onBulkSaved}
      />
      <ul className="pipeline-list" aria-label={`Recommended physicians for ${job.title}`}>
        {applicants.map((applicant) => (
          <li key={applicant._id} className="applicant-list__item--selectable">
            <SelectApplicantCheckbox
              applicantId={applicant._id}
              applicantName={applicant.fullName}
              selection={selection}
            />
            <ApplicantCard
              applicant={applicant}
              headingLevel={3}
              actions={
                <ApplicantCardActions
                  applicant={applicant}
                  actions={{ savingIds, toggleSave, invite: setInviting }}
                />
              }
            />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="pipeline-panel__more">
          <Button variant="secondary" onClick={onShowMore} isLoading={isLoadingMore}>
            Show more physicians
          </Button>
          <span className="pipeline-panel__more-count">
            Showing {applicants.length} of {total}
          </span>
        </div>
      )}
      <InviteToJobModal
        applicant={inviting}
        defaultJobId={job._id}
        origin="recommended"
        onClose={() => setInviting(null)}
        onInvited={onInvited}
      />
    </>
  );
}
