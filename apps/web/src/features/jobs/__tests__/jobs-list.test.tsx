import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from './job-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const cardiologist = makeJob();
const familyPhysician = makeJob({
  _id: 'job-2',
  title: 'Family Physician',
  specialty: 'family-medicine',
  subSpecialty: [],
  status: 'draft',
  applicantCount: 0,
  matchCount: 0,
});

function listApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-all-jobs/user-1': ({ url }) => {
      const text = (url.searchParams.get('queryText') ?? '').toLowerCase();
      const status = url.searchParams.get('status');
      const jobs = [cardiologist, familyPhysician].filter(
        (job) => job.title.toLowerCase().includes(text) && (!status || job.status === status),
      );
      return envelope({ jobs, total: jobs.length, pageNumber: 1, pageSize: 10 });
    },
    ...overrides,
  });
}

const jobsTable = () => screen.findByRole('table', { name: 'Your jobs' });

describe('the jobs list', () => {
  it('shows each job with its status and counts', async () => {
    listApi();
    renderApp('/jobs', { session });
    const table = await jobsTable();
    const row = within(table).getByRole('link', { name: 'Interventional Cardiologist' }).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Open');
    expect(cells[2]).toHaveTextContent('3');
    expect(cells[3]).toHaveTextContent('1');
    expect(within(table).getByRole('link', { name: 'Interventional Cardiologist' })).toHaveAttribute(
      'href',
      '/jobs-resident/job-1',
    );
    expect(within(table).getByText('Draft')).toBeInTheDocument();
  });

  it('keeps the search and the filters in the URL and asks the server with them', async () => {
    listApi();
    const { user, router } = renderApp('/jobs', { session });
    await jobsTable();

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'family');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('family'));
    await waitFor(() => expect(screen.queryByText('Interventional Cardiologist')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Family Physician' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('open'));
    expect(await screen.findByRole('heading', { name: 'No jobs match' })).toBeInTheDocument();

    const fetched = (
      vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://localhost')) as URL[]
    ).filter((url) => url.pathname.includes('get-all-jobs'));
    expect(fetched.at(-1)?.searchParams.get('queryText')).toBe('family');
    expect(fetched.at(-1)?.searchParams.get('status')).toBe('open');
    // Search text is sent once typing settles, not once per key.
    expect(fetched.filter((url) => url.searchParams.get('queryText') === 'fam')).toHaveLength(0);
  });

  it('starts from the filters in the URL', async () => {
    listApi();
    renderApp('/jobs?q=cardio&status=open', { session });
    await jobsTable();
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('cardio');
    expect(screen.getByLabelText('Status')).toHaveValue('open');
    expect(screen.queryByText('Family Physician')).not.toBeInTheDocument();
  });

  it('deletes a job only after confirmation and removes it from the list', async () => {
    const { calls } = listApi({
      'DELETE /api/employer/job/delete-job/job-2': () => envelope({ deleted: true, closed: false }),
    });
    const { user } = renderApp('/jobs', { session });
    await jobsTable();

    await user.click(screen.getByRole('button', { name: 'Delete Family Physician' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('link', { name: 'Family Physician' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Family Physician' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete job' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Family Physician' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Interventional Cardiologist' })).toBeInTheDocument();
  });

  it('appends a duplicate and replaces a closed job in place', async () => {
    listApi({
      'POST /api/employer/job/duplicate-job/job-1': () =>
        envelope(makeJob({ _id: 'job-3', title: 'Interventional Cardiologist (copy)', status: 'draft' })),
      'PATCH /api/employer/job/update-job-status/job-1': ({ body }) =>
        envelope({ ...cardiologist, ...(body as object) }),
    });
    const { user, store } = renderApp('/jobs', { session });
    await jobsTable();

    await user.click(screen.getByRole('button', { name: 'Duplicate Interventional Cardiologist' }));
    expect(
      await screen.findByRole('link', { name: 'Interventional Cardiologist (copy)' }),
    ).toBeInTheDocument();
    expect(store.getState().jobs.jobs.jobs.map((job) => job._id)).toEqual(['job-1', 'job-2', 'job-3']);

    await user.click(screen.getByRole('button', { name: 'Close Interventional Cardiologist' }));
    expect(
      await screen.findByRole('button', { name: 'Reopen Interventional Cardiologist' }),
    ).toBeInTheDocument();
    expect(store.getState().jobs.jobs.jobs[0]).toMatchObject({ _id: 'job-1', status: 'closed' });
  });

  it('offers to post a first job when there are none, and a retry when loading fails', async () => {
    let shouldFail = true;
    listApi({
      'GET /api/employer/job/get-all-jobs/user-1': () =>
        shouldFail
          ? new Response('<html>Bad gateway</html>', { status: 502 })
          : envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 10 }),
    });
    const { user } = renderApp('/jobs', { session });
    expect(await screen.findByText("We couldn't load your jobs")).toBeInTheDocument();
    shouldFail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No jobs yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a job' }).at(-1)).toHaveAttribute('href', '/create-job');
  });
});
