import type { TPhysicianJobDetail } from '@medhire/contract/physicians';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../test/enums.ts';
import { failure, ok, session } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const job: TPhysicianJobDetail = {
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
  organization: {
    _id: 'org-1',
    name: 'Lakeside Health',
    logo: null,
    orgLocations: null,
    features: null,
    media: [],
    socialLinks: null,
    locationsDetails: [],
  },
  hasApplied: false,
  isSaved: false,
};

describe("the job screens, the app's first", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('show salaries, counts, distances and days without Intl (its first use loads locale data)', async () => {
    const used: string[] = [];
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(() => {
      used.push('Intl.NumberFormat');
      throw new Error('Intl.NumberFormat');
    });
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      used.push('Intl.DateTimeFormat');
      throw new Error('Intl.DateTimeFormat');
    });
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(() => {
      used.push('Number#toLocaleString');
      return 'toLocaleString';
    });
    vi.spyOn(Date.prototype, 'toLocaleDateString').mockImplementation(() => {
      used.push('Date#toLocaleDateString');
      return 'toLocaleDateString';
    });
    const near = { ...job, distanceMiles: 2.5 };
    const detail = {
      ...job,
      organization: { ...job.organization, features: { noOfPhysician: 1200, nonPhysicianProvider: 35 } },
    } as TPhysicianJobDetail;
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-all-jobs': () =>
        ok({ jobs: [near], total: 1234, pageNumber: 1, pageSize: 20 }),
      'GET /api/employee/job/get-single-job/job-1': () => ok(detail),
    });
    renderApp('/jobs');

    const list = await screen.findByRole('list', { name: 'Jobs found' });
    expect(within(list).getByText('$250,000 – $300,000 / year')).toBeInTheDocument();
    expect(within(list).getByText('2.5 miles away')).toBeInTheDocument();
    expect(screen.getByText(/1,234 jobs/)).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('link', { name: /Family Physician/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Family Physician' })).toBeInTheDocument();
    expect(screen.getByText('$20,000')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(used).toEqual([]);
  });
});

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

const austin = {
  description: 'Austin, TX',
  city: 'Austin',
  state: 'TX',
  coords: { latitude: 30.27, longitude: -97.74 },
};

describe('searching jobs by place, saving them and turning a search into an alert', () => {
  it('keeps the filters in the address, sends a radius search sorted by distance and shows the miles', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/enums/search-location': () => ok({ places: [austin], total: 1, pageNumber: 1, pageSize: 8 }),
      'GET /api/employee/job/get-all-jobs': ({ url }) =>
        ok({
          jobs: [url.searchParams.has('latitude') ? { ...job, distanceMiles: 12.4 } : job],
          total: 1,
          pageNumber: 1,
          pageSize: 20,
        }),
    });
    const { router } = renderApp('/jobs');

    const form = await screen.findByRole('form', { name: 'Job search' });
    expect(within(form).getByRole('option', { name: /Distance/ })).toBeDisabled();
    await userEvent.click(within(form).getByText('More filters'));
    await userEvent.type(within(form).getByRole('searchbox', { name: 'Near a place' }), 'Austin');
    await userEvent.click(await within(form).findByRole('button', { name: 'Austin, TX' }));
    await userEvent.selectOptions(within(form).getByLabelText('Distance'), 'Within 25 miles');
    await userEvent.selectOptions(within(form).getByLabelText('Sort by'), 'Distance');
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('12 miles away')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toMatchObject({
      latitude: '30.27',
      longitude: '-97.74',
      placeName: 'Austin, TX',
      radiusMiles: '25',
      sort: 'distance',
    });
    const sent = calls.filter((call) => call.path === '/api/employee/job/get-all-jobs').at(-1);
    expect(sent).toBeDefined();

    const alertLink = screen.getByRole('link', { name: 'Create an alert from this search' });
    expect(alertLink.getAttribute('href')).toContain('radiusMiles=25');
    expect(alertLink.getAttribute('href')).toContain('placeName=Austin');
  });

  it('saves a job from the list and unsaves it on the job page', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-all-jobs': () => ok({ jobs: [job], total: 1, pageNumber: 1, pageSize: 20 }),
      'POST /api/employee/job/save-job/job-1': () => ok({ jobId: 'job-1', isSaved: true }),
      'DELETE /api/employee/job/unsave-job/job-1': () => ok({ jobId: 'job-1', isSaved: false }),
      'GET /api/employee/job/get-single-job/job-1': () => ok({ ...job, isSaved: true }),
    });
    renderApp('/jobs');

    const list = await screen.findByRole('list', { name: 'Jobs found' });
    const save = within(list).getByRole('button', { name: 'Save Family Physician' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-pressed', 'true'));
    expect(save).toHaveTextContent('Saved');

    await userEvent.click(within(list).getByRole('link', { name: 'Family Physician' }));
    const onPage = await screen.findByRole('button', { name: 'Saved Family Physician' });
    expect(onPage).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(onPage);
    await waitFor(() => expect(onPage).toHaveAttribute('aria-pressed', 'false'));
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual(['POST /api/employee/job/save-job/job-1', 'DELETE /api/employee/job/unsave-job/job-1']);
  });

  it('turns the mark back and shows the message when saving is refused', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-all-jobs': () => ok({ jobs: [job], total: 1, pageNumber: 1, pageSize: 20 }),
      'POST /api/employee/job/save-job/job-1': () => failure(404, 'We could not find that job.', 'NOT_FOUND'),
    });
    renderApp('/jobs');

    const save = await screen.findByRole('button', { name: 'Save Family Physician' });
    await userEvent.click(save);
    expect(await screen.findByText('We could not find that job.')).toBeInTheDocument();
    expect(save).toHaveAttribute('aria-pressed', 'false');
  });

  it('lists the saved jobs, and says so when there are none', async () => {
    let saved = [{ ...job, isSaved: true }];
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-saved-jobs': () =>
        ok({ jobs: saved, total: saved.length, pageNumber: 1, pageSize: 20 }),
    });
    const first = renderApp('/jobs/saved');
    const list = await screen.findByRole('list', { name: 'Saved jobs' });
    expect(within(list).getByRole('link', { name: 'Family Physician' })).toBeInTheDocument();
    first.unmount();

    saved = [];
    renderApp('/jobs/saved');
    expect(await screen.findByText('No saved jobs yet')).toBeInTheDocument();
  });

  it("shows the organization's public profile on the job page", async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/job/get-single-job/job-1': () =>
        ok({
          ...job,
          organization: {
            ...job.organization,
            logo: '/uploads/logo.png',
            features: { aboutUs: 'A physician-led group since 1998.', noOfPhysician: 42 },
            media: [{ key: 'clinic.jpg', url: '/uploads/clinic.jpg', kind: 'image' }],
            socialLinks: { websiteUrl: 'https://lakeside.example.com' },
            locationsDetails: [{ ...austin, name: 'Downtown clinic' }],
          },
        }),
    });
    renderApp('/jobs/job-1');

    const about = await screen.findByRole('region', { name: 'About Lakeside Health' });
    expect(within(about).getByText('A physician-led group since 1998.')).toBeInTheDocument();
    expect(within(about).getByText('42')).toBeInTheDocument();
    expect(within(about).getByText('Downtown clinic — Austin, TX')).toBeInTheDocument();
    expect(within(about).getByRole('img', { name: 'Lakeside Health logo' })).toBeInTheDocument();
    expect(within(about).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://lakeside.example.com',
    );
  });
});
