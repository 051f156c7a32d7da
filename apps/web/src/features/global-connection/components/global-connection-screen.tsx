import type { TApplicant } from '@medhire/contract/applicants';
import type { TGlobalConnectionData } from '@medhire/contract/subscription';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { CheckIcon, GlobeIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { stateName } from '@medhire/ui/us-states.ts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError, HttpError, http } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { StateTileMap } from './state-tile-map.tsx';
import './global-connection.css';

export const GLOBAL_CONNECTION_PAGE_SIZE = 20;

/** What the page hands to the list its route composes (the same cards as /explore). */
export interface GlobalConnectionResultsProps {
  applicants: readonly TApplicant[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** A card's physician changed (saved, invited): replace it in the page. */
  onChanged: (applicant: TApplicant) => void;
}

type Load =
  | { status: 'loading' }
  | { status: 'locked'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: TGlobalConnectionData };

function getGlobalConnection(
  userId: string,
  query: { pageSize: number; pageNumber: number; state?: string },
  signal: AbortSignal,
) {
  return http.get<TGlobalConnectionData>(
    `/employer/subscription/global-connection/${encodeURIComponent(userId)}`,
    { query: { ...query }, signal },
  );
}

/**
 * /global-connection (issue 12): physicians in every state who match the candidate preferences,
 * regardless of distance, counted by state on a map and listed as on /explore. Plans without
 * the feature see what it unlocks and the way to upgrade.
 */
export function GlobalConnectionScreen({
  renderResults,
}: {
  renderResults: (props: GlobalConnectionResultsProps) => ReactNode;
}) {
  const user = useAppSelector(selectUser);
  const userId = user?._id;
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get('state');
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    getGlobalConnection(
      userId,
      { pageSize: GLOBAL_CONNECTION_PAGE_SIZE, pageNumber: page, state: state ?? undefined },
      controller.signal,
    )
      .then((data) => setLoad({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.status === 403) {
          setLoad({ status: 'locked', message: error.message });
        } else {
          setLoad({ status: 'failed', message: describeError(error) });
        }
      });
    return () => controller.abort();
  }, [userId, state, page, attempt]);

  const counts = useMemo(
    () =>
      new Map(
        load.status === 'ready' ? load.data.countsByState.map((entry) => [entry.state, entry.count]) : [],
      ),
    [load],
  );

  function update(next: { state?: string | null; page?: number }) {
    const params = new URLSearchParams(searchParams);
    if (next.state !== undefined) {
      if (next.state) params.set('state', next.state);
      else params.delete('state');
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearchParams(params);
  }

  const networkTotal = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const rows = load.status === 'ready' ? [...load.data.countsByState].sort((a, b) => b.count - a.count) : [];

  return (
    <div className="global-connection">
      <title>Global connection · MedHire</title>
      <PageHeader
        title="Global connection"
        description="Physicians across every state who match your candidate preferences, wherever they live today."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
            Candidate preferences
          </Link>
        }
      />
      {load.status === 'loading' && (
        <div className="subscription-loading" role="status">
          <Spinner /> Loading the network…
        </div>
      )}
      {load.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load the network">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {load.status === 'locked' && (
        <LockedView message={load.message} canUpgrade={user?.subscriptionStatus === 'active'} />
      )}
      {load.status === 'ready' && networkTotal === 0 && (
        <EmptyState
          icon={<GlobeIcon size={26} />}
          title="No physicians match yet"
          description="No physician in the network matches your candidate preferences. Widen them to see more."
          action={
            <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
              Review candidate preferences
            </Link>
          }
        />
      )}
      {load.status === 'ready' && networkTotal > 0 && (
        <>
          <div className="global-connection__overview">
            <Card
              title="Where they are"
              description={`${new Intl.NumberFormat('en-US').format(networkTotal)} matching physicians in ${
                rows.filter((row) => row.count > 0).length
              } states. Choose a state to list its physicians.`}
            >
              <StateTileMap counts={counts} selected={state} onSelect={(code) => update({ state: code })} />
            </Card>
            <Card title="By state" className="global-connection__table">
              <Table
                caption="Matching physicians by state"
                rows={rows.filter((row) => row.count > 0)}
                rowKey={(row) => row.state}
                columns={[
                  {
                    key: 'state',
                    header: 'State',
                    cell: (row) => (
                      <button
                        type="button"
                        className="global-connection__state-link"
                        aria-pressed={state === row.state}
                        onClick={() => update({ state: state === row.state ? null : row.state })}
                      >
                        {stateName(row.state)}
                      </button>
                    ),
                  },
                  {
                    key: 'count',
                    header: 'Physicians',
                    align: 'end',
                    cell: (row) => new Intl.NumberFormat('en-US').format(row.count),
                  },
                ]}
              />
            </Card>
          </div>
          <section aria-labelledby="global-list-title" className="global-connection__list">
            <div className="global-connection__list-head">
              <h2 id="global-list-title">
                {state ? `Physicians in ${stateName(state)}` : 'All matching physicians'}
              </h2>
              {state && (
                <Button variant="ghost" size="sm" onClick={() => update({ state: null })}>
                  Show every state
                </Button>
              )}
            </div>
            {renderResults({
              applicants: load.data.applicants,
              total: load.data.total,
              page,
              pageSize: GLOBAL_CONNECTION_PAGE_SIZE,
              onPage: (next) => update({ page: next }),
              onChanged: (changed) =>
                setLoad((current) =>
                  current.status === 'ready'
                    ? {
                        ...current,
                        data: {
                          ...current.data,
                          applicants: current.data.applicants.map((entry) =>
                            entry._id === changed._id ? changed : entry,
                          ),
                        },
                      }
                    : current,
                ),
            })}
          </section>
        </>
      )}
    </div>
  );
}

const UNLOCKS = [
  'Physicians in all 50 states and DC who match your candidate preferences, regardless of distance',
  'A map of where they are, state by state',
  'Save and invite them to your jobs like anyone on Explore',
];

function LockedView({ message, canUpgrade }: { message: string; canUpgrade: boolean }) {
  return (
    <Card
      title="Reach the whole network"
      aria-label="Reach the whole network"
      className="global-connection__locked"
    >
      <p className="global-connection__locked-message">{message}</p>
      <ul className="global-connection__unlocks" aria-label="What Global connection unlocks">
        {UNLOCKS.map((item) => (
          <li key={item}>
            <CheckIcon size={16} />
            {item}
          </li>
        ))}
      </ul>
      <Link className={buttonClasses()} to={canUpgrade ? '/update-subscriptions' : '/payment'}>
        {canUpgrade ? 'Upgrade plan' : 'Choose a plan'}
      </Link>
    </Card>
  );
}
