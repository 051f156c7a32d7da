import {
  ACTIVITY_TYPE_LABELS,
  type TActivityEntry,
  type TActivityFiltersData,
  type TActivityLogData,
} from '@medhire/contract/activity';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { ACTIVITY_TYPE_GROUPS, dateRangeError, dateRangeQuery, typesOfGroup } from '../activity-filters.ts';
import { activityApi } from '../api/activity-api.ts';
import './activity-screen.css';
import { countOf } from '../../../lib/plural.ts';

export const ACTIVITY_PAGE_SIZE = 25;

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: TActivityLogData };

interface Filters {
  memberId: string;
  group: string;
  fromDay: string;
  toDay: string;
}

const NO_FILTERS: Filters = { memberId: '', group: '', fromDay: '', toDay: '' };

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Whether the signed-in member may read the log, from the session's rights; the server checks anyway.
 */
function useCanReadActivity(): boolean {
  const user = useAppSelector(selectUser);
  return user?.rights?.includes('activity.read') ?? false;
}

/**
 * /settings/activity (issue 14): who on the team did what and when, with filters. Its title and
 * purpose are in the settings layout's header.
 */
export function ActivityScreen() {
  const canRead = useCanReadActivity();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [options, setOptions] = useState<TActivityFiltersData | null>(null);
  const rangeError = dateRangeError(filters.fromDay, filters.toDay);

  useEffect(() => {
    if (!canRead) return;
    const controller = new AbortController();
    activityApi
      .getActivityFilters(controller.signal)
      .then(setOptions)
      // The filters still work without the member list; the log's own error says what is wrong.
      .catch(() => {});
    return () => controller.abort();
  }, [canRead]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!canRead || rangeError) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    activityApi
      .getActivityLog(
        {
          pageSize: ACTIVITY_PAGE_SIZE,
          pageNumber: page,
          memberId: filters.memberId || undefined,
          type: typesOfGroup(filters.group),
          ...dateRangeQuery(filters.fromDay, filters.toDay),
        },
        controller.signal,
      )
      .then((data) => setLoad({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [canRead, filters, page, attempt, rangeError]);

  function onFilter(change: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  }

  const isFiltered = filters !== NO_FILTERS && Object.values(filters).some(Boolean);

  return (
    <div className="activity-screen">
      <title>Activity log · MedHire</title>
      {!canRead ? (
        <Alert variant="info" title="The activity log is for owners and admins">
          Ask the owner of your organization if you need to see it.
        </Alert>
      ) : (
        <>
          <Card title="Filters" headingLevel={2}>
            <form
              className="activity-filters"
              aria-label="Filter the activity log"
              onSubmit={(event) => event.preventDefault()}
            >
              <Select
                label="Member"
                value={filters.memberId}
                onChange={(event) => onFilter({ memberId: event.target.value })}
                placeholder="All members"
                options={(options?.members ?? []).map((member) => ({
                  value: member._id,
                  label: member.isFormer ? `${member.name} (former member)` : member.name,
                }))}
              />
              <Select
                label="Type"
                value={filters.group}
                onChange={(event) => onFilter({ group: event.target.value })}
                placeholder="All types"
                options={ACTIVITY_TYPE_GROUPS.map((group) => ({ value: group.value, label: group.label }))}
              />
              <TextField
                label="From"
                type="date"
                value={filters.fromDay}
                max={filters.toDay || undefined}
                onChange={(event) => onFilter({ fromDay: event.target.value })}
              />
              <TextField
                label="To"
                type="date"
                value={filters.toDay}
                min={filters.fromDay || undefined}
                error={rangeError}
                onChange={(event) => onFilter({ toDay: event.target.value })}
              />
              {isFiltered && (
                <Button
                  className="activity-filters__reset"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setFilters(NO_FILTERS);
                    setPage(1);
                  }}
                >
                  Clear filters
                </Button>
              )}
            </form>
          </Card>
          {!rangeError && (
            <ActivityResults
              load={load}
              page={page}
              isFiltered={isFiltered}
              onPage={setPage}
              onRetry={() => setAttempt((count) => count + 1)}
            />
          )}
        </>
      )}
    </div>
  );
}

function ActivityResults({
  load,
  page,
  isFiltered,
  onPage,
  onRetry,
}: {
  load: Load;
  page: number;
  isFiltered: boolean;
  onPage: (page: number) => void;
  onRetry: () => void;
}) {
  if (load.status === 'loading') {
    return (
      <div className="activity-loading" role="status">
        <Spinner /> Loading the activity log…
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <Alert variant="danger" title="We couldn't load the activity log">
        <p>{load.message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { items, total } = load.data;
  if (total === 0) {
    return (
      <EmptyState
        title={isFiltered ? 'No activity matches these filters' : 'No activity yet'}
        description={
          isFiltered
            ? 'Try another member, type or date range.'
            : 'Jobs posted, pipeline moves, invites and plan changes will show here.'
        }
      />
    );
  }
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  return (
    <>
      <Table<TActivityEntry>
        caption="Activity"
        isStackedOnPhone
        rows={items}
        rowKey={(entry) => entry._id}
        columns={[
          {
            key: 'when',
            header: 'When',
            cell: (entry) => (
              <time className="activity-when" dateTime={entry.createdAt}>
                {WHEN.format(new Date(entry.createdAt))}
              </time>
            ),
          },
          { key: 'member', header: 'Member', cell: (entry) => entry.actor.name },
          {
            key: 'what',
            header: 'What happened',
            cell: (entry) => <span className="activity-summary">{entry.summary}</span>,
          },
          {
            key: 'type',
            header: 'Type',
            cell: (entry) => (
              <Badge variant="neutral">{ACTIVITY_TYPE_LABELS[entry.type] ?? entry.type}</Badge>
            ),
          },
        ]}
      />
      <Pager
        status={`Page ${page} of ${pageCount} · ${countOf(total, 'entry', 'entries')}`}
        page={page}
        pageCount={pageCount}
        onPage={onPage}
      />
    </>
  );
}
