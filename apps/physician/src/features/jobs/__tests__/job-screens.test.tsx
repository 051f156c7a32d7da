import type { TPhysicianJob } from '@medhire/contract/physicians';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enums } from '../../../test/enums.ts';
import { failure, ok, session } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const job: TPhysicianJob = {
  _id: 'job-1',
  title: 'Family Physician',
  specialty: 'family-medicine',
  subSpecialty: ['sports-medicine'],
  employmentType: 'full-time',
  reasonForJobOpp: 'growth',
  description: 'Join a growing team of eight physicians.',
  salaryRange: { min: 250_000, max: 300_000, payType: 'annual' },
  signOnBonus: 20_000,
  vacation: 5,
  supportBenefitPerk: ['CME allowance'],
  locations: [
    {
      description: 'Austin, TX',
      state: 'TX',
      city: 'Austin',
      coords: { latitude: 30.27, longitude: -97.74 },
    },
  ],
  status: 'open',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  organization: { _id: 'org-1', name: 'Lakeside Health', logo: null },
  hasApplied: false,
  isSaved: false,
};

describe('finding and applying to a job', () => {
  it('lists the jobs of a search and opens one with every stated field', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-all-jobs': () => ok({ jobs: [job], total: 1, pageNumber: 1, pageSize: 20 }),
      'GET /api/employee/job/get-single-job/job-1': () => ok(job),
    });
    renderApp('/jobs?queryText=family&state=TX');

    const list = await screen.findByRole('list', { name: 'Jobs found' });
    expect(within(list).getByText('Lakeside Health')).toBeInTheDocument();
    const search = calls.find((call) => call.path === '/api/employee/job/get-all-jobs');
    expect(search).toBeDefined();

    await userEvent.click(within(list).getByRole('link', { name: /Family Physician/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Family Physician' })).toBeInTheDocument();
    for (const text of [
      '$250,000 – $300,000 / year',
      '$20,000',
      '5 weeks a year',
      'CME allowance',
      'Practice growth',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('applies with the profile on file in two taps: Apply, then confirm', async () => {
    let hasApplied = false;
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-single-job/job-1': () => ok({ ...job, hasApplied }),
      'POST /api/employee/job/apply/job-1': () => {
        hasApplied = true;
        return ok({
          _id: 'application-1',
          jobId: 'job-1',
          jobTitle: job.title,
          organizationName: 'Lakeside Health',
          appliedAt: '2026-11-25T10:00:00.000Z',
        });
      },
    });
    renderApp('/jobs/job-1');

    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply with your profile?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm application' }));

    expect(await screen.findByText(/You applied to this job/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/employee/job/apply/job-1', body: {} },
    ]);
  });

  it('explains a refused application and links to the profile when it is incomplete', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-single-job/job-1': () => ok(job),
      'POST /api/employee/job/apply/job-1': () =>
        failure(
          422,
          'Complete your profile before applying: specialty, board status, experience, start year and home.',
        ),
    });
    expect(session.physician.isComplete).toBe(false);
    renderApp('/jobs/job-1');

    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm application' }));

    expect(await screen.findByText(/Complete your profile before applying/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByText(/You applied to this job/)).not.toBeInTheDocument();
  });
});
