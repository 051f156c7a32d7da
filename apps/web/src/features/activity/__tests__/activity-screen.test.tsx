import type { TActivityEntry } from '@medhire/contract/activity';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { dateRangeError, dateRangeQuery, typesOfGroup } from '../activity-filters.ts';

const LOG = 'GET /api/employer/activity/get-activity-log';
const FILTERS = 'GET /api/employer/activity/get-activity-filters';
const session = makeSession();

function entry(overrides: Partial<TActivityEntry> = {}): TActivityEntry {
  return {
    _id: 'entry-1',
    type: 'pipeline.moved',
    summary: 'Moved Dr. Rosa Lindqvist to Interview on “Family Physician, Austin”',
    actor: { _id: 'user-2', name: 'Rita Recruiter' },
    subjectType: 'applicant',
    subjectId: 'physician-1',
    createdAt: '2026-11-20T15:30:00.000Z',
    ...overrides,
  };
}

const filtersData = () =>
  envelope({
    types: [{ _id: 'pipeline.moved', label: 'Pipeline move' }],
    members: [
      { _id: 'user-1', name: 'Olivia Owner', isFormer: false },
      { _id: 'user-9', name: 'Fred Former', isFormer: true },
    ],
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/settings/activity', () => {
  it('lists the entries with member, summary, type and time, and pages through them', async () => {
    const { calls } = mockApi({
      [FILTERS]: filtersData,
      [LOG]: ({ url }) =>
        envelope({
          items: [entry({ _id: `entry-${url.searchParams.get('pageNumber')}` })],
          total: 30,
          pageNumber: Number(url.searchParams.get('pageNumber')),
          pageSize: 25,
        }),
    });
    const { user } = renderApp('/settings/activity', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Activity' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Rita Recruiter');
    expect(row).toHaveTextContent('Moved Dr. Rosa Lindqvist to Interview');
    expect(row).toHaveTextContent('Pipeline move');
    // On a phone each entry becomes a card whose fields keep their names, what happened included.
    expect(table).toHaveClass('table--stack');
    expect(
      within(row as HTMLElement)
        .getByText(/Moved Dr. Rosa Lindqvist/)
        .closest('td'),
    ).toHaveAttribute('data-label', 'What happened');
    expect(within(row as HTMLElement).getByText(/Nov 20, 2026/)).toHaveAttribute(
      'datetime',
      '2026-11-20T15:30:00.000Z',
    );
    expect(screen.getByText('Page 1 of 2 · 30 entries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 30 entries')).toBeInTheDocument();
    const pages = calls.filter((call) => call.path.endsWith('get-activity-log'));
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  it('filters by member, type group and dates, sending them to the server', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      [FILTERS]: filtersData,
      [LOG]: ({ url }) => {
        queries.push(url.searchParams);
        return envelope({ items: [entry()], total: 1, pageNumber: 1, pageSize: 25 });
      },
    });
    const { user } = renderApp('/settings/activity', { session });
    await screen.findByRole('table', { name: 'Activity' });
    const member = screen.getByRole('combobox', { name: 'Member' });
    expect(await within(member).findByText('Fred Former (former member)')).toBeInTheDocument();
    await user.selectOptions(member, 'user-1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'invites');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');

    const last = queries.at(-1);
    expect(last?.get('memberId')).toBe('user-1');
    expect(last?.getAll('type')).toEqual(['invite.sent', 'invite.cancelled']);
    expect(last?.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(last?.get('to')).toBe(new Date('2026-11-30T23:59:59.999').toISOString());
    expect(last?.get('pageNumber')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(queries.at(-1)?.get('memberId')).toBeNull();
  });

  it('shows the empty state, and the error with a retry', async () => {
    let isFailing = true;
    mockApi({
      [FILTERS]: filtersData,
      [LOG]: () =>
        isFailing
          ? failure('The server is busy.', 503, 'UNAVAILABLE')
          : envelope({ items: [], total: 0, pageNumber: 1, pageSize: 25 }),
    });
    const { user } = renderApp('/settings/activity', { session });
    expect(await screen.findByText("We couldn't load the activity log")).toBeInTheDocument();
    expect(screen.getByText('The server is busy.')).toBeInTheDocument();
    isFailing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
  });

  it('shows one page header: "Settings" above the page title, never a second heading', async () => {
    mockApi({
      [FILTERS]: filtersData,
      [LOG]: () => envelope({ items: [entry()], total: 1, pageNumber: 1, pageSize: 25 }),
    });
    renderApp('/settings/activity', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity log' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByText('Settings', { selector: '.page-header__eyebrow' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
    expect(screen.getByText(/Who on your team did what, and when/)).toBeInTheDocument();
  });

  it('tells a member without the right instead of loading the log', async () => {
    const { calls } = mockApi({});
    const recruiter = makeSession({ user: { rights: ['jobs.read'] } as never });
    renderApp('/settings/activity', { session: recruiter });
    expect(
      await screen.findByRole('heading', { level: 1, name: "This page isn't available for your role" }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('/activity/'))).toBe(false);
  });
});

describe('activity filters', () => {
  it('turns a type group into its types and local days into a whole-day range', () => {
    expect(typesOfGroup('pipeline')).toContain('pipeline.moved');
    // "Messages" shows the messages the team sent, not only the ones it deleted.
    expect(typesOfGroup('messages')).toEqual(['message.sent', 'message.deleted']);
    expect(typesOfGroup('')).toBeUndefined();
    expect(dateRangeQuery('', '')).toEqual({});
    expect(dateRangeQuery('2026-03-01', '')).toEqual({ from: new Date('2026-03-01T00:00:00').toISOString() });
    expect(dateRangeError('2026-03-02', '2026-03-01')).toBe('The last day must not be before the first.');
    expect(dateRangeError('2026-03-01', '2026-03-01')).toBeUndefined();
  });
});
