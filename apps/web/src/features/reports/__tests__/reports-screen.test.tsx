import type { TReport } from '@medhire/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { defaultPeriod, formatHours, formatMinutes, formatRate, periodError } from '../report-format.ts';

const REPORT = 'GET /api/employer/report/get-report';
const CSV = 'GET /api/employer/report/download-csv';
const PDF = 'GET /api/employer/report/download-pdf';
const session = makeSession();

function makeReport(overrides: Partial<TReport> = {}): TReport {
  return {
    filters: { from: '2026-03-01', to: '2026-03-31', jobId: null, memberId: null },
    options: {
      jobs: [
        { _id: 'job-1', title: 'Cardiologist' },
        { _id: 'job-2', title: 'Hospitalist' },
      ],
      members: [{ _id: 'user-2', name: 'Rita Recruiter' }],
    },
    funnel: {
      overall: [
        { step: 'Entered', count: 4, conversionRate: null },
        { step: 'Shortlisted', count: 3, conversionRate: 0.75 },
        { step: 'Interview', count: 2, conversionRate: 0.6667 },
        { step: 'Offer', count: 1, conversionRate: 0.5 },
        { step: 'Hired', count: 1, conversionRate: 1 },
      ],
      byJob: [],
    },
    timeInStage: [
      { stage: 'Submitted', stays: 4, medianHours: 24, p90Hours: 57.6 },
      { stage: 'Shortlisted', stays: 2, medianHours: 48, p90Hours: 48 },
      { stage: 'Interview', stays: 2, medianHours: 18, p90Hours: 22.8 },
      { stage: 'Offer', stays: 1, medianHours: 48, p90Hours: 48 },
    ],
    timeToFill: {
      jobs: [{ jobId: 'job-1', title: 'Cardiologist', filledAt: '2026-03-08T00:00:00.000Z', days: 35 }],
      medianDays: 35,
    },
    sources: [
      { source: 'applied', count: 3 },
      { source: 'recommended', count: 1 },
      { source: 'explore', count: 0 },
      { source: 'invited', count: 0 },
    ],
    responses: {
      physicianMessages: 5,
      replied: 3,
      responseRate: 0.6,
      medianReplyMinutes: 60,
      byMember: [{ memberId: 'user-2', name: 'Rita Recruiter', replies: 2, medianReplyMinutes: 45 }],
    },
    invites: { sent: 4, accepted: 1, declined: 1, pending: 1, cancelled: 1, acceptanceRate: 0.5 },
    activity: [
      {
        memberId: 'user-2',
        name: 'Rita Recruiter',
        pipelineMoves: 2,
        invitesSent: 1,
        messagesSent: 2,
        actions: 5,
      },
    ],
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/reports', () => {
  it('shows every section as a chart with a table of the same figures beside it', async () => {
    mockApi({ [REPORT]: () => envelope(makeReport()) });
    renderApp('/reports', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const funnel = await screen.findByRole('table', { name: 'Hiring funnel, all jobs' });
    expect(within(funnel).getAllByRole('row')[2]).toHaveTextContent('Shortlisted375%');
    expect(
      screen.getByRole('img', {
        name: 'Hiring funnel: Entered 4, Shortlisted 3, Interview 2, Offer 1, Hired 1',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Time in each stage' })).toHaveTextContent('2.4 days');
    expect(screen.getByText(/3 of 5 physician messages answered \(60%\)/)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Replies to physicians: Rita Recruiter 45 min/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Activity per member' })).toHaveTextContent('Rita Recruiter');
    const sources = screen.getByRole('table', { name: 'Where candidates come from' });
    expect(
      within(sources)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'SourceCandidates',
      'Applied3',
      'Invited from recommended1',
      'Invited from explore0',
      'Invited (elsewhere)0',
    ]);
    expect(screen.getAllByRole('button', { name: /^Download CSV: / })).toHaveLength(7);
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the job, member and dates to the server', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      [REPORT]: ({ url }) => {
        queries.push(url.searchParams);
        return envelope(makeReport());
      },
    });
    const { user } = renderApp('/reports', { session });
    await screen.findByRole('table', { name: 'Hiring funnel, all jobs' });
    expect(queries[0]?.get('from')).toBe(defaultPeriod().from);
    await user.selectOptions(screen.getByLabelText('Job'), 'Hospitalist');
    await waitFor(() => expect(queries.at(-1)?.get('jobId')).toBe('job-2'));
    await user.selectOptions(screen.getByLabelText('Member'), 'Rita Recruiter');
    await waitFor(() => expect(queries.at(-1)?.get('memberId')).toBe('user-2'));
  });

  it('says a period is empty instead of drawing empty charts', async () => {
    const empty = makeReport({
      funnel: { overall: makeReport().funnel.overall.map((step) => ({ ...step, count: 0 })), byJob: [] },
      timeToFill: { jobs: [], medianDays: null },
    });
    mockApi({ [REPORT]: () => envelope(empty) });
    renderApp('/reports', { session });
    await screen.findByRole('table', { name: 'Hiring funnel, all jobs' });
    expect(screen.queryByRole('img', { name: /^Hiring funnel/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('Nothing in this period.').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('No job was filled in this period.')).toBeInTheDocument();
  });

  it('shows the server’s message and tries again', async () => {
    let calls = 0;
    mockApi({
      [REPORT]: () => {
        calls += 1;
        return calls === 1
          ? failure('We could not find that job.', 404, 'NOT_FOUND')
          : envelope(makeReport());
      },
    });
    const { user } = renderApp('/reports', { session });
    expect(await screen.findByText('We could not find that job.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Hiring funnel, all jobs' })).toBeInTheDocument();
  });

  it('downloads a section as CSV and the whole report as PDF with the filters', async () => {
    const downloads: string[] = [];
    mockApi({
      [REPORT]: () => envelope(makeReport()),
      [CSV]: ({ url }) => {
        downloads.push(`csv ${url.searchParams.get('section')}`);
        return new Response('Step,Candidates\r\n', { headers: { 'Content-Type': 'text/csv' } });
      },
      [PDF]: ({ url }) => {
        downloads.push(`pdf ${url.searchParams.get('from')}`);
        return new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/reports', { session });
    await user.click(await screen.findByRole('button', { name: 'Download CSV: Hiring funnel' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const { from, to } = defaultPeriod();
    await waitFor(() =>
      expect(saved).toEqual([`medhire-funnel-${from}-to-${to}.csv`, `medhire-report-${from}-to-${to}.pdf`]),
    );
    expect(downloads).toEqual(['csv funnel', `pdf ${from}`]);
  });

  it('explains to a delegate that reports are not for their role', async () => {
    mockApi({});
    renderApp('/reports', {
      session: makeSession({ user: { memberRole: 'delegate', rights: ['account.self', 'jobs.read'] } }),
    });
    expect(await screen.findByText(/cannot see hiring reports/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });
});

describe('report figures as people read them', () => {
  it('formats rates and durations', () => {
    expect(formatRate(0.6667)).toBe('66.7%');
    expect(formatRate(null)).toBe('—');
    expect(formatHours(18)).toBe('18 h');
    expect(formatHours(72)).toBe('3 days');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(180)).toBe('3 h');
  });

  it('refuses a period that ends before it starts', () => {
    expect(periodError('2026-03-31', '2026-03-01')).toBe('The start date must not be after the end date.');
    expect(periodError('2026-03-01', '2026-03-31')).toBeUndefined();
    expect(defaultPeriod(new Date('2026-03-31T12:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});
