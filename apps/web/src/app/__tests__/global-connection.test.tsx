import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { johnSmith, makeApplicant } from '../../features/applicants/__tests__/applicant-fixtures.ts';
import { STATE_TILES } from '../../features/global-connection/components/state-tile-map.tsx';
import { envelope, failure, makeSession, mockApi } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const session = makeSession();
const PATH = 'GET /api/employer/subscription/global-connection/user-1';

describe('/global-connection', () => {
  it('has one tile per state and DC on the map', () => {
    const codes = STATE_TILES.map(([code]) => code);
    expect(new Set(codes).size).toBe(51);
    expect(codes).toContain('DC');
    const cells = STATE_TILES.map(([, column, row]) => `${column},${row}`);
    expect(new Set(cells).size).toBe(51);
  });

  it('counts matching physicians by state on the map and in a table, and lists them as on /explore', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      [PATH]: ({ url }) => {
        queries.push(url.searchParams);
        const state = url.searchParams.get('state');
        return envelope({
          countsByState: [
            { state: 'TX', count: 120 },
            { state: 'CO', count: 14 },
            { state: 'NY', count: 3 },
          ],
          applicants: state === 'CO' ? [johnSmith] : [makeApplicant(), johnSmith],
          total: state === 'CO' ? 14 : 137,
          pageNumber: 1,
          pageSize: 20,
        });
      },
    });
    renderApp('/global-connection', { session });

    const map = await screen.findByRole('group', { name: 'Matching physicians by state' });
    expect(within(map).getByRole('button', { name: 'Texas, 120 physicians' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(map).getByRole('button', { name: 'Vermont, 0 physicians' })).toBeInTheDocument();
    expect(within(map).getAllByRole('button')).toHaveLength(51);

    const table = screen.getByRole('table', { name: 'Matching physicians by state' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'StatePhysicians',
      'Texas120',
      'Colorado14',
      'New York3',
    ]);

    const list = screen.getByRole('list', { name: 'Matching physicians' });
    expect(within(list).getByRole('heading', { name: 'Dr. Jane Doe' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Invite Dr. John Smith to a job' })).toBeInTheDocument();
    expect(screen.getByText(/Showing 1–2 of 137 physicians/)).toBeInTheDocument();
  });

  it('filters the list to a state chosen on the map with the keyboard, and clears the filter', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      [PATH]: ({ url }) => {
        queries.push(url.searchParams);
        const state = url.searchParams.get('state');
        return envelope({
          countsByState: [
            { state: 'TX', count: 120 },
            { state: 'CO', count: 14 },
            { state: 'NY', count: 3 },
          ],
          applicants: state === 'CO' ? [johnSmith] : [makeApplicant(), johnSmith],
          total: state === 'CO' ? 14 : 137,
          pageNumber: 1,
          pageSize: 20,
        });
      },
    });
    const { user, router } = renderApp('/global-connection', { session });
    const map = await screen.findByRole('group', { name: 'Matching physicians by state' });
    // The map is one tab stop; arrow keys move between tiles and Enter chooses one.
    const tiles = within(map).getAllByRole('button');
    expect(tiles.filter((tile) => tile.getAttribute('tabindex') === '0')).toHaveLength(1);
    within(map).getByRole('button', { name: 'Utah, 0 physicians' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(map).getByRole('button', { name: 'Colorado, 14 physicians' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(map).getByRole('button', { name: 'New Mexico, 0 physicians' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(map).getByRole('button', { name: 'Colorado, 14 physicians' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?state=CO'));
    expect(await screen.findByRole('heading', { name: 'Physicians in Colorado' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Dr. Jane Doe' })).not.toBeInTheDocument(),
    );
    expect(queries.at(-1)?.get('state')).toBe('CO');
    expect(within(map).getByRole('button', { name: 'Colorado, 14 physicians' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Show every state' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows what the feature unlocks and the upgrade when the plan lacks it', async () => {
    mockApi({
      [PATH]: () =>
        failure(
          'Global connection is part of the Enterprise plan. Upgrade to Enterprise to use it.',
          403,
          'FORBIDDEN',
        ),
    });
    renderApp('/global-connection', { session });
    expect(
      await screen.findByText(
        'Global connection is part of the Enterprise plan. Upgrade to Enterprise to use it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'What Global connection unlocks' })).toHaveTextContent(
      /all 50 states/,
    );
    expect(screen.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute(
      'href',
      '/update-subscriptions',
    );
    expect(screen.queryByRole('group', { name: 'Matching physicians by state' })).not.toBeInTheDocument();
  });
});
