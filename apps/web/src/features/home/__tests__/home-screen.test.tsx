import type { TDashboardSummary } from '@medhire/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const session = makeSession();

const weeks = [
  ['2026-09-28', 2],
  ['2026-10-05', 0],
  ['2026-10-12', 5],
  ['2026-10-19', 3],
  ['2026-10-26', 9],
  ['2026-11-02', 4],
  ['2026-11-09', 6],
  ['2026-11-16', 1],
] as const;

function makeSummary(overrides: Partial<TDashboardSummary> = {}): TDashboardSummary {
  return {
    openJobs: 4,
    draftJobs: 2,
    totalApplicants: 57,
    newApplicants: 7,
    savedApplicants: 11,
    matchesByStatus: { pending: 6, accepted: 3, declined: 2, cancelled: 1 },
    pipeline: { Shortlisted: 8, Submitted: 30, Rejected: 9, Interview: 6, Offer: 3, Hired: 1 },
    applicationsByWeek: weeks.map(([weekStart, count]) => ({ weekStart, count })),
    recentActivity: [
      {
        type: 'applied',
        at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        text: 'Dr. Ada Okafor applied to Interventional Cardiologist',
        applicantId: 'physician-okafor',
        jobId: 'job-1',
      },
    ],
    ...overrides,
  };
}

describe('the home dashboard', () => {
  it('shows the key figures, the charts as accessible text and the recent activity', async () => {
    mockApi({ 'GET /api/employer/dashboard/get-summary/user-1': () => envelope(makeSummary()) });
    renderApp('/home', { session });

    const figures = await screen.findByRole('region', { name: 'Key figures' });
    const tile = (label: string) => within(figures).getByRole('link', { name: new RegExp(label) });
    expect(tile('Open jobs')).toHaveTextContent('4Open jobs2 in draft');
    expect(tile('Open jobs')).toHaveAttribute('href', '/jobs');
    expect(tile('New applicants')).toHaveTextContent('7New applicantsLast 7 days');
    expect(tile('Total applicants')).toHaveTextContent('57');
    expect(tile('Saved physicians')).toHaveTextContent('11');
    expect(tile('Invites pending')).toHaveTextContent('6');
    expect(tile('Invites accepted')).toHaveTextContent('3');

    // The bar chart: a summary as the picture's name, and every week in a table.
    expect(
      screen.getByRole('img', {
        name: 'Applications per week. 30 applications in the last 8 weeks; the busiest was the week of Oct 26 with 9.',
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Applications per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(9);
    expect(rows[5]).toHaveTextContent('Oct 269');

    const funnel = screen.getByRole('list', { name: 'Applications by pipeline stage' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Submitted30', 'Shortlisted8', 'Interview6', 'Offer3', 'Hired1']);
    const donut = screen.getByRole('list', { name: 'Invites by answer, 12 in all' });
    expect(within(donut).getByText('Pending').nextElementSibling).toHaveTextContent('6 (50%)');

    const activity = screen.getByRole('link', {
      name: 'Dr. Ada Okafor applied to Interventional Cardiologist',
    });
    expect(activity).toHaveAttribute('href', '/applicants/physician-okafor');
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View job/ })).toHaveAttribute('href', '/jobs-resident/job-1');

    // What the home screen showed before stays: the tour anchor and the plan.
    expect(screen.getByRole('link', { name: 'Post a job' })).toHaveAttribute('data-tour', 'post-job');
    expect(screen.getByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
  });

  it('says so honestly when nothing has happened yet', async () => {
    mockApi({
      'GET /api/employer/dashboard/get-summary/user-1': () =>
        envelope(
          makeSummary({
            openJobs: 0,
            draftJobs: 0,
            totalApplicants: 0,
            newApplicants: 0,
            savedApplicants: 0,
            matchesByStatus: { pending: 0, accepted: 0, declined: 0, cancelled: 0 },
            pipeline: { Shortlisted: 0, Submitted: 0, Rejected: 0, Interview: 0, Offer: 0, Hired: 0 },
            applicationsByWeek: weeks.map(([weekStart]) => ({ weekStart, count: 0 })),
            recentActivity: [],
          }),
        ),
    });
    renderApp('/home', { session });
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Applications per week. No applications in the last 8 weeks.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/No applications yet/)).toBeInTheDocument();
  });

  it('offers a retry when the dashboard cannot be loaded', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/employer/dashboard/get-summary/user-1': () => {
        attempts += 1;
        return attempts === 1 ? failure('Network Error.!', 503, 'UNAVAILABLE') : envelope(makeSummary());
      },
    });
    const { user } = renderApp('/home', { session });
    expect(await screen.findByText("We couldn't load your dashboard")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeInTheDocument();
  });
});
