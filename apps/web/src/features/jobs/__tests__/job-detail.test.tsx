import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from './job-fixtures.ts';

const session = makeSession();

describe("a job's page", () => {
  it('shows every group of the job and honest empty applicants and matches', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-single-job/job-1': () =>
        envelope(makeJob({ applicantCount: 0, matchCount: 0 })),
    });
    const { user } = renderApp('/jobs-resident/job-1', { session });
    expect(
      await screen.findByRole('heading', { name: 'Interventional Cardiologist', level: 1 }),
    ).toBeInTheDocument();
    const compensation = screen.getByRole('region', { name: 'Compensation' });
    expect(within(compensation).getByText('$450,000 – $520,000 per year')).toBeInTheDocument();
    expect(within(compensation).getByText('6 weeks')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Growth' })).getByText(/2 years/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Job locations' })).getByText('Austin, TX'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit job' })).toHaveAttribute('href', '/edit-job/job-1');

    await user.click(screen.getByRole('tab', { name: /Applicants/ }));
    expect(screen.getByText('Applicants will appear here when physicians apply.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Matches/ }));
    expect(screen.getByRole('heading', { name: 'No matches yet' })).toBeInTheDocument();
  });

  it("shows the server's message for a job that is not the employer's", async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-single-job/job-7': () =>
        failure('We could not find that job.', 404, 'NOT_FOUND'),
    });
    renderApp('/jobs-resident/job-7', { session });
    expect(await screen.findByText('We could not find that job.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
