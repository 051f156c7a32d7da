import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { austin, dallas, makeJob } from './job-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const enums = makeEnums();

function jobApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(enums),
    'GET /api/enums/search-specialty': ({ url }) => {
      const text = (url.searchParams.get('queryText') ?? '').toLowerCase();
      return envelope(enums.specialties.filter((entry) => entry.title.toLowerCase().includes(text)));
    },
    'GET /api/enums/search-location': ({ url }) => {
      const text = (url.searchParams.get('queryText') ?? '').toLowerCase();
      const places = [austin, dallas].filter((place) => place.description.toLowerCase().startsWith(text));
      return envelope({ places, total: places.length, pageNumber: 1, pageSize: 10 });
    },
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 10 }),
    ...overrides,
  });
}

type User = ReturnType<typeof renderApp>['user'];

async function chooseFromCombobox(user: User, label: string, text: string, option: string) {
  await user.type(screen.getByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

const next = (user: User) => user.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (name: string) => screen.findByRole('heading', { name, level: 2 });

async function fillRole(user: User) {
  await user.type(screen.getByLabelText('Job title'), '  Outpatient Cardiologist ');
  await chooseFromCombobox(user, 'Specialty', 'Cardio', 'Cardiology');
  await user.click(await screen.findByLabelText('Interventional Cardiology'));
  await user.selectOptions(screen.getByLabelText('Employment type'), 'full-time');
}

describe('posting a job', () => {
  it('checks each step before moving on and sends the job without empty values', async () => {
    const { calls } = jobApi({
      'POST /api/employer/auth/v1/create-job-v1/user-1': ({ body }) =>
        envelope(makeJob({ ...(body as object), _id: 'job-9', applicantCount: 0, matchCount: 0 })),
    });
    const { user, router } = renderApp('/create-job', { session });
    await screen.findByRole('heading', { name: 'Post a job', level: 1 });

    await next(user);
    expect(await screen.findByText('Enter the job title.')).toBeInTheDocument();
    expect(screen.getByText('Choose a specialty.')).toBeInTheDocument();
    expect(screen.getByText('Choose an employment type.')).toBeInTheDocument();
    await fillRole(user);
    await next(user);

    await stepHeading('Compensation');
    await user.type(screen.getByLabelText(/Minimum \(USD/), '300,000');
    await user.type(screen.getByLabelText(/Maximum \(USD/), '$250,000');
    await next(user);
    expect(
      await screen.findByText('The minimum salary cannot be more than the maximum.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Maximum \(USD/));
    await user.type(screen.getByLabelText(/Maximum \(USD/), '340000');
    await user.type(screen.getByLabelText(/Vacation/), '5');
    await next(user);

    await stepHeading('Schedule');
    await user.type(screen.getByLabelText('Outpatient'), '6');
    await user.type(screen.getByLabelText('Inpatient'), '5');
    expect(screen.getByText('11 of 10 half-days')).toBeInTheDocument();
    await next(user);
    expect(await screen.findByText('Half-days per week add up to more than 10.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Inpatient'));
    await user.type(screen.getByLabelText('Inpatient'), '4');
    expect(screen.getByText('10 of 10 half-days')).toBeInTheDocument();
    await next(user);

    await stepHeading('Support and technology');
    await user.click(screen.getByLabelText('CME allowance'));
    await next(user);

    await stepHeading('Growth');
    const partnership = screen.getByRole('group', { name: /track to partnership/ });
    expect(screen.queryByLabelText(/How long is the track/)).not.toBeInTheDocument();
    await user.click(within(partnership).getByLabelText('Yes'));
    await user.type(screen.getByLabelText(/How long is the track/), '2 years');
    await next(user);
    expect(
      await screen.findByText('Answer both partnership questions: the track to partnership and the buy-in.'),
    ).toBeInTheDocument();
    // With No, the answers are neither asked for nor sent.
    await user.click(within(partnership).getByLabelText('No'));
    expect(screen.queryByLabelText(/How long is the track/)).not.toBeInTheDocument();
    await next(user);

    await stepHeading('Locations');
    await next(user);
    expect(await screen.findByText('Add at least one location.')).toBeInTheDocument();
    await chooseFromCombobox(user, 'Add a location', 'Aus', 'Austin, TX');
    await chooseFromCombobox(user, 'Add a location', 'Dal', 'Dallas, TX');
    const chosen = screen.getByRole('list', { name: 'Job locations' });
    expect(within(chosen).getByText('Austin, TX')).toBeInTheDocument();
    expect(within(chosen).getByText('Dallas, TX')).toBeInTheDocument();
    await next(user);

    await stepHeading('Review');
    expect(screen.getByText('$300,000 – $340,000 per year')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    const sent = calls.find((call) => call.method === 'POST' && call.path.includes('create-job'))?.body;
    expect(sent).toEqual({
      title: 'Outpatient Cardiologist',
      specialty: 'cardiology',
      subSpecialty: ['interventional-cardiology'],
      employmentType: 'full-time',
      salaryRange: { min: 300000, max: 340000, payType: 'annual' },
      vacation: 5,
      halfDaysPerWeek: { outpatient: 6, inpatient: 4 },
      supportBenefitPerk: ['CME allowance'],
      partnership: { value: 'No' },
      locations: [
        { city: 'Austin', state: 'TX', description: 'Austin, TX', coords: austin.coords },
        { city: 'Dallas', state: 'TX', description: 'Dallas, TX', coords: dallas.coords },
      ],
      status: 'open',
    });
  }, 30_000);

  it("keeps the answers and shows the server's message when the server refuses", async () => {
    const { calls } = jobApi({
      'POST /api/employer/auth/v1/create-job-v1/user-1': () =>
        failure('That sub-specialty is not part of the chosen specialty.', 400, 'VALIDATION_FAILED'),
    });
    const { user, router } = renderApp('/create-job', { session });
    await screen.findByRole('heading', { name: 'Post a job', level: 1 });
    await fillRole(user);
    for (const step of ['Compensation', 'Schedule', 'Support and technology', 'Growth', 'Locations']) {
      await next(user);
      await stepHeading(step);
    }
    await chooseFromCombobox(user, 'Add a location', 'Aus', 'Austin, TX');
    await next(user);
    await stepHeading('Review');

    const draft = screen.getByRole('button', { name: 'Save as draft' });
    await user.click(draft);
    expect(
      await screen.findByText('That sub-specialty is not part of the chosen specialty.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-job');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ status: 'draft' });
    expect(screen.getByText('Outpatient Cardiologist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  }, 20_000);
});

describe('editing a job', () => {
  it('is prefilled from the stored job and sends the change with PATCH', async () => {
    const job = makeJob();
    const { calls } = jobApi({
      'GET /api/employer/job/get-single-job/job-1': () => envelope(job),
      'PATCH /api/employer/job/update-job/job-1': ({ body }) => envelope({ ...job, ...(body as object) }),
    });
    const { user, router } = renderApp('/edit-job/job-1', { session });
    expect(await screen.findByDisplayValue('Interventional Cardiologist')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chosen specialty' })).toHaveTextContent('Cardiology');
    expect(await screen.findByLabelText('Interventional Cardiology')).toBeChecked();
    expect(screen.getByLabelText('Employment type')).toHaveValue('full-time');

    await user.click(screen.getByRole('button', { name: /Compensation/ }));
    const max = await screen.findByLabelText(/Maximum \(USD/);
    expect(max).toHaveValue('520000');
    await user.clear(max);
    await user.type(max, '540000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs-resident/job-1'));
    const sent = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(sent.salaryRange).toEqual({ min: 450000, max: 540000, payType: 'annual' });
    expect(sent.partnership).toEqual({ value: 'Yes', types: ['2 years', '$150,000'] });
    expect(sent).not.toHaveProperty('status');
  });

  it('asks before leaving with unsaved changes', async () => {
    jobApi({ 'GET /api/employer/job/get-single-job/job-1': () => envelope(makeJob()) });
    const { user, router } = renderApp('/edit-job/job-1', { session });
    const title = await screen.findByDisplayValue('Interventional Cardiologist');
    await user.type(title, ' (Austin)');

    await user.click(screen.getByRole('link', { name: 'All jobs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/edit-job/job-1');
    expect(screen.getByDisplayValue('Interventional Cardiologist (Austin)')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'All jobs' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
  });
});

describe('a job the member may not edit', () => {
  it('tells a delegate the job is not assigned to them and leads back to their jobs, with no form', async () => {
    const delegate = makeSession({
      user: { memberRole: 'delegate', isDelegate: true, rights: ['account.self', 'jobs.read', 'jobs.edit'] },
    });
    jobApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: delegate.user, code: 200 }),
      'GET /api/employer/job/get-single-job/job-9': () => failure('Job not found.', 404, 'NOT_FOUND'),
    });
    renderApp('/edit-job/job-9', { session: delegate });
    expect(await screen.findByRole('heading', { name: "This job isn't open to you" })).toBeInTheDocument();
    expect(screen.getByText(/As a delegate you work only the jobs assigned to you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Job title')).not.toBeInTheDocument();
  });
});
