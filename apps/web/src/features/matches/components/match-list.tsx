import { MATCH_STATUSES, type TMatch, type TMatchStatus } from '@medhire/contract/matches';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ClipboardIcon, MessageIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { matchesApi } from '../api/matches-api.ts';
import { applyMatchUpdate } from '../apply-match-update.ts';
import { formatDay } from '../format-day.ts';
import { allMatchesLoaded, matchesByJobLoaded } from '../matches-slice.ts';
import { MATCH_STATUS_LABELS, MatchStatusBadge } from './match-status-badge.tsx';
import './matches.css';

type StatusFilter = 'all' | TMatchStatus;

const FILTERS: readonly StatusFilter[] = ['all', ...MATCH_STATUSES];

/** Both lists are only ever filled from the API's match answers (ZMatch). */
const selectMatchesByJob = (state: RootState) => state.matches.matchesByJob.matches as unknown as TMatch[];
const selectAllMatches = (state: RootState) => state.matches.allMatches as unknown as TMatch[];

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; total: number };

export type MatchListProps = {
  /** Heading level of each physician's name within the page outline. */
  headingLevel?: 3 | 4;
  pageSize?: number;
  /** The physician whose invite to bring into view (a declined-invite notification's `?applicant=`). */
  applicantInView?: string | null;
} & ({ scope: 'job'; jobId: string } | { scope: 'all'; userId: string });

const emptyText: Record<StatusFilter, string> = {
  all: 'Physicians you invite will appear here, with their answers.',
  pending: 'No invites are waiting for an answer.',
  accepted: 'No physician has accepted an invite yet.',
  declined: 'No physician has declined an invite.',
  cancelled: 'You have not canceled any invite.',
};

/**
 * Match invites, of one job (spec §3 matchesByJob) or of every job (allMatches), newest first,
 * filtered by status. A pending invite can be cancelled; an accepted one opens its conversation.
 */
export function MatchList(props: MatchListProps) {
  const { headingLevel = 3, pageSize = 20, applicantInView = null } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const broughtIntoView = useRef<string | null>(null);
  const dispatch = useAppDispatch();
  const matches = useAppSelector(props.scope === 'job' ? selectMatchesByJob : selectAllMatches);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [pageNumber, setPageNumber] = useState(1);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [toCancel, setToCancel] = useState<TMatch | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const filterName = useId();
  const scopeId = props.scope === 'job' ? props.jobId : props.userId;

  // Once per requested physician, when their invite is listed: scrolled to and focused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loaded matches re-run it when the row arrives.
  useEffect(() => {
    if (!applicantInView || broughtIntoView.current === applicantInView) return;
    const row = listRef.current?.querySelector<HTMLElement>(
      `[data-physician-id="${CSS.escape(applicantInView)}"]`,
    );
    if (!row) return;
    broughtIntoView.current = applicantInView;
    row.querySelector<HTMLElement>('.match-row__name a')?.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'center' });
  }, [applicantInView, matches, state.status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    const query = { pageSize, pageNumber, status: filter === 'all' ? undefined : filter };
    setState({ status: 'loading' });
    const request =
      props.scope === 'job'
        ? matchesApi.getMatchesByJob(scopeId, query, controller.signal)
        : matchesApi.getAllMatches(scopeId, query, controller.signal);
    request
      .then((list) => {
        dispatch(props.scope === 'job' ? matchesByJobLoaded(list.matches) : allMatchesLoaded(list.matches));
        setState({ status: 'ready', total: list.total });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, props.scope, scopeId, filter, pageNumber, pageSize, attempt]);

  const cancelInvite = async () => {
    if (!toCancel) return;
    setIsCancelling(true);
    try {
      const answer = await matchesApi.updateMatchStatus(toCancel._id, 'cancelled');
      applyMatchUpdate(dispatch, answer);
      notifySuccess(`The invite to ${toCancel.applicant.fullName} is canceled.`);
      setToCancel(null);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsCancelling(false);
    }
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const pageCount = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / pageSize)) : 1;

  return (
    <div className="match-list">
      <fieldset className="match-filter">
        <legend className="visually-hidden">Show invites by status</legend>
        {FILTERS.map((value) => (
          <label key={value} className="match-filter__option">
            <input
              type="radio"
              name={filterName}
              value={value}
              checked={filter === value}
              onChange={() => {
                setFilter(value);
                setPageNumber(1);
              }}
            />
            {value === 'all' ? 'All' : MATCH_STATUS_LABELS[value]}
          </label>
        ))}
      </fieldset>

      {state.status === 'loading' && (
        <div className="match-list__skeleton" aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading invites
          </span>
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
        </div>
      )}
      {state.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load the invites">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && matches.length === 0 && (
        <EmptyState
          headingLevel={3}
          icon={<ClipboardIcon size={26} />}
          title={
            filter === 'all' ? 'No invites yet' : `No ${MATCH_STATUS_LABELS[filter].toLowerCase()} invites`
          }
          description={emptyText[filter]}
        />
      )}
      {state.status === 'ready' && matches.length > 0 && (
        <>
          <ul className="match-rows" aria-label="Invites" ref={listRef}>
            {matches.map((match) => {
              const answered = formatDay(match.respondedAt);
              return (
                <li
                  key={match._id}
                  data-physician-id={match.applicant._id}
                  className={cx('match-row', match.applicant._id === applicantInView && 'match-row--in-view')}
                >
                  <div className="match-row__who">
                    <Heading className="match-row__name">
                      <Link to={`/applicants/${match.applicant._id}`}>{match.applicant.fullName}</Link>
                    </Heading>
                    <p className="match-row__meta">
                      {[match.applicant.specialty, match.applicant.homeLocation].filter(Boolean).join(' · ')}
                    </p>
                    {props.scope === 'all' && (
                      <p className="match-row__meta">
                        For <Link to={`/jobs-resident/${match.job._id}`}>{match.job.title}</Link>
                      </p>
                    )}
                  </div>
                  <div className="match-row__status">
                    <MatchStatusBadge status={match.status} />
                  </div>
                  <dl className="match-row__dates">
                    <div>
                      <dt>Invited</dt>
                      <dd>{formatDay(match.createdAt)}</dd>
                    </div>
                    <div>
                      <dt>Answered</dt>
                      <dd>
                        {answered ?? (
                          <span className="match-row__none">
                            {match.status === 'pending' ? 'Not yet' : '—'}
                          </span>
                        )}
                      </dd>
                    </div>
                  </dl>
                  <div className="match-row__actions">
                    {match.status === 'pending' && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Cancel invite to ${match.applicant.fullName}`}
                        onClick={() => setToCancel(match)}
                      >
                        Cancel invite
                      </Button>
                    )}
                    {match.status === 'accepted' && match.conversationId && (
                      <Link
                        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                        to={`/messages?conversationId=${encodeURIComponent(match.conversationId)}`}
                        aria-label={`Open conversation with ${match.applicant.fullName}`}
                      >
                        <MessageIcon size={16} />
                        Open conversation
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {pageCount > 1 && (
            <nav className="match-pager" aria-label="Invite pages">
              <span>
                Page {pageNumber} of {pageCount}
              </span>
              <span className="match-pager__buttons">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={pageNumber <= 1}
                  onClick={() => setPageNumber((page) => page - 1)}
                >
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={pageNumber >= pageCount}
                  onClick={() => setPageNumber((page) => page + 1)}
                >
                  Next
                </Button>
              </span>
            </nav>
          )}
        </>
      )}

      <Modal
        isOpen={toCancel !== null}
        onClose={() => !isCancelling && setToCancel(null)}
        size="sm"
        title="Cancel this invite?"
        description={
          toCancel
            ? `${toCancel.applicant.fullName} will no longer be able to accept the invite to ${toCancel.job.title}. This cannot be undone.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" disabled={isCancelling} onClick={() => setToCancel(null)}>
              Keep invite
            </Button>
            <Button variant="danger" isLoading={isCancelling} onClick={() => void cancelInvite()}>
              Cancel invite
            </Button>
          </>
        }
      />
    </div>
  );
}
