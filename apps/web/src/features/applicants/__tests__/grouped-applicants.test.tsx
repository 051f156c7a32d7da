import type { TApplicant, TApplicantGroup } from '@medhire/contract/applicants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { applicantList, makeApplicant, makeApplication } from './applicant-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const LIST = 'GET /api/employer/applicant/get-all-applicants/user-1';

const jane = makeApplicant({
  _id: 'physician-jane',
  fullName: 'Dr. Jane Doe',
  applications: [
    makeApplication({
      _id: 'application-jane-family',
      jobId: 'job-2',
      jobTitle: 'Family Physician',
      pipelineStatus: 'Interview',
      appliedAt: '2026-11-02T15:00:00.000Z',
    }),
    makeApplication({ _id: 'application-jane-cardio', jobTitle: 'Interventional Cardiologist' }),
  ],
});
const omar = makeApplicant({
  _id: 'physician-omar',
  fullName: 'Dr. Omar Haddad',
  specialty: { _id: 'family-medicine', title: 'Family Medicine' },
  applications: [makeApplication({ _id: 'application-omar', jobTitle: 'Family Physician' })],
});
const groupOf = (applicant: TApplicant): TApplicantGroup => ({
  _id: applicant._id,
  fullName: applicant.fullName,
  specialty: applicant.specialty,
  applications: applicant.applications,
});

/** The groupBy of each list request, in order ('' when absent). */
let groupings: string[] = [];

function listApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  groupings = [];
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 200 }),
    [LIST]: ({ url }) => {
      groupings.push(url.searchParams.get('groupBy') ?? '');
      return envelope({
        ...applicantList([jane, omar], 21),
        ...(url.searchParams.get('groupBy') === 'physician' ? { groups: [jane, omar].map(groupOf) } : {}),
      });
    },
    'GET /api/employer/template/get-templates': () => envelope({ templates: [] }),
    ...overrides,
  });
}

describe('the applicant list grouped by physician', () => {
  it('shows each physician once with their applications under them, and pages by physician', async () => {
    listApi();
    renderApp('/applicants?group=physician', { session });
    const list = await screen.findByRole('list', { name: 'Applicants by physician' });
    expect(screen.getByRole('checkbox', { name: 'Group by physician' })).toBeChecked();
    expect(groupings).toEqual(['physician']);
    const heading = within(list).getByRole('heading', { name: 'Dr. Jane Doe', level: 2 });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/applicants/physician-jane');
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((node) => node.textContent),
    ).toEqual(['Dr. Jane Doe', 'Dr. Omar Haddad']);
    const janeApplications = within(list).getByRole('list', { name: 'Dr. Jane Doe' });
    const rows = within(janeApplications).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Family Physician');
    expect(rows[0]).toHaveTextContent('Interview');
    expect(rows[0]).toHaveTextContent('Applied Nov 2, 2026');
    expect(rows[1]).toHaveTextContent('Interventional Cardiologist');
    expect(within(list).getByText(/Family Medicine/)).toBeInTheDocument();
    // The pager counts physicians.
    expect(screen.getByText('Showing 1–2 of 21 physicians')).toBeInTheDocument();
  });

  it('asks the server for the groups when the toggle is turned on, keeping it in the URL', async () => {
    listApi();
    const { user, router } = renderApp('/applicants?pipeline=Interview', { session });
    await screen.findByRole('checkbox', { name: 'Select Dr. Jane Doe' });
    expect(groupings).toEqual(['']);

    await user.click(screen.getByRole('checkbox', { name: 'Group by physician' }));
    await screen.findByRole('list', { name: 'Applicants by physician' });
    expect(router.state.location.search).toContain('group=physician');
    expect(router.state.location.search).toContain('pipeline=Interview');
    expect(groupings).toEqual(['', 'physician']);

    await user.click(screen.getByRole('checkbox', { name: 'Group by physician' }));
    await screen.findByRole('checkbox', { name: 'Select Dr. Jane Doe' });
    expect(router.state.location.search).not.toContain('group=');
  });

  it('selects applications inside the groups and acts on exactly those', async () => {
    const { calls } = listApi({
      'POST /api/employer/applicant/bulk-action': () =>
        envelope({
          operationId: 'operation-1',
          action: 'save',
          applied: ['application-jane-cardio'],
          refused: [],
        }),
    });
    const { user } = renderApp('/applicants?group=physician', { session });
    await screen.findByRole('list', { name: 'Applicants by physician' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Jane Doe: Family Physician' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Omar Haddad: Family Physician' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 applications selected')).toBeVisible();
    expect(within(bar).queryByRole('button', { name: /^Select all/ })).toBeNull();

    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/bulk-action'))?.body).toEqual({
        action: 'save',
        applicationIds: ['application-jane-family', 'application-jane-cardio', 'application-omar'],
      }),
    );
  });
});
