import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from './job-fixtures.ts';

const session = makeSession();

describe("a job's page", () => {
  it('shows every group of the job and honest empty applicants and matches', async () => {
    const empty = { total: 0, pageNumber: 1, pageSize: 20 };
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-single-job/job-1': () =>
        envelope(makeJob({ applicantCount: 0, matchCount: 0 })),
      'GET /api/employer/applicant/get-all-applicants/user-1': () => envelope({ applicants: [], ...empty }),
      'GET /api/employer/match/get-matches-by-job/job-1': () => envelope({ matches: [], ...empty }),
    });
    const { user } = renderApp('/jobs-resident/job-1', { session });
    expect(
      await screen.findByRole('heading', { name: 'Interventional Cardiologist', level: 1 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'No applicants yet for this job' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    const compensation = screen.getByRole('region', { name: 'Compensation' });
    expect(within(compensation).getByText('$450,000 – $520,000 per year')).toBeInTheDocument();
    expect(within(compensation).getByText('6 weeks')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Growth' })).getByText(/2 years/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Job locations' })).getByText('Austin, TX'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit job' })).toHaveAttribute('href', '/edit-job/job-1');

    await user.click(screen.getByRole('tab', { name: /Applicants/ }));
    expect(screen.getByRole('heading', { name: 'No applicants yet for this job' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Invites/ }));
    expect(await screen.findByRole('heading', { name: 'No invites yet' })).toBeInTheDocument();
  });

  it("shows the server's message for a job that is not the employer's", async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-single-job/job-7': () =>
        failure('We could not find that job.', 404, 'NOT_FOUND'),
      'GET /api/employer/applicant/get-all-applicants/user-1': () =>
        failure('We could not find that job.', 404, 'NOT_FOUND'),
    });
    renderApp('/jobs-resident/job-7', { session });
    expect(await screen.findByText('We could not find that job.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the candidate pipeline overview', () => {
  it('lists every job with its counts and a way into its pipeline', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-all-jobs/user-1': () =>
        envelope({ jobs: [makeJob()], total: 1, pageNumber: 1, pageSize: 50 }),
    });
    renderApp('/jobs-resident', { session });
    const jobs = await screen.findByRole('list', { name: 'Jobs in your pipeline' });
    expect(within(jobs).getByRole('link', { name: 'Interventional Cardiologist' })).toHaveAttribute(
      'href',
      '/jobs-resident/job-1',
    );
    expect(within(jobs).getByText('Applicants').nextElementSibling).toHaveTextContent('3');
    expect(within(jobs).getByText('Invites').nextElementSibling).toHaveTextContent(
      '1 pending · 0 accepted · 0 declined',
    );
    expect(
      within(jobs).getByRole('link', { name: 'Open pipeline for Interventional Cardiologist' }),
    ).toHaveAttribute('href', '/jobs-resident/job-1');
  });

  it('lists all match invites across jobs (allMatches)', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-all-jobs/user-1': () =>
        envelope({ jobs: [makeJob()], total: 1, pageNumber: 1, pageSize: 50 }),
      'GET /api/employer/match/get-all-matches/user-1': () =>
        envelope({
          matches: [
            {
              _id: 'match-1',
              status: 'declined',
              job: { _id: 'job-1', title: 'Interventional Cardiologist', specialty: 'Cardiology' },
              applicant: {
                _id: 'physician-1',
                fullName: 'Dr. Ada Okafor',
                photo: null,
                specialty: 'Cardiology',
                homeLocation: 'Austin, TX',
              },
              message: null,
              createdAt: '2026-11-04T10:00:00.000Z',
              respondedAt: '2026-11-05T10:00:00.000Z',
              conversationId: null,
            },
          ],
          total: 1,
          pageNumber: 1,
          pageSize: 20,
        }),
    });
    const { store } = renderApp('/jobs-resident?tab=invites', { session });
    const rows = await screen.findByRole('list', { name: 'Invites' });
    expect(within(rows).getByText('Declined')).toBeInTheDocument();
    expect(within(rows).getByRole('link', { name: 'Interventional Cardiologist' })).toHaveAttribute(
      'href',
      '/jobs-resident/job-1',
    );
    expect(store.getState().matches.allMatches).toHaveLength(1);
  });
});
