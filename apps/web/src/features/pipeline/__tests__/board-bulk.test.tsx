import type { TApplicant } from '@medhire/contract/applicants';
import type { TPipelineStatus } from '@medhire/contract/matches';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { hasAll, withAll, withoutAll } from '../../applicants/components/bulk-selection.ts';
import { makeJob } from '../../jobs/__tests__/job-fixtures.ts';
import { list, makeApplicant, makeApplication } from './pipeline-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();
const BULK = 'POST /api/employer/applicant/bulk-action';
const UNDO = 'POST /api/employer/applicant/undo-bulk-action/operation-1';

/** Five Submitted cards (newest change first: Ames, Baker, Cruz, Diaz, Evans) and one Shortlisted. */
const NAMES = ['Ames', 'Baker', 'Cruz', 'Diaz', 'Evans'];
function boardApplicants(stageOf: (lastName: string) => TPipelineStatus = () => 'Submitted'): TApplicant[] {
  return [
    ...NAMES.map((lastName, index) =>
      makeApplicant({
        firstName: 'Sam',
        lastName,
        applications: [
          makeApplication({
            _id: `application-${lastName.toLowerCase()}`,
            pipelineStatus: stageOf(lastName),
            updatedAt: `2026-11-0${9 - index}T10:00:00.000Z`,
          }),
        ],
      }),
    ),
    makeApplicant({
      firstName: 'Ada',
      lastName: 'Okafor',
      applications: [makeApplication({ _id: 'application-okafor', pipelineStatus: 'Shortlisted' })],
    }),
  ];
}

function boardApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-single-job/job-1': () => envelope(makeJob({ applicantCount: 6 })),
    'GET /api/employer/job/get-single-job/job-2': () =>
      envelope(makeJob({ _id: 'job-2', title: 'Family Physician', applicantCount: 6 })),
    'GET /api/employer/applicant/get-all-applicants/user-1': ({ url }) => {
      const jobId = url.searchParams.get('jobId') ?? 'job-1';
      const applicants = boardApplicants().map((applicant) => ({
        ...applicant,
        applications: applicant.applications.map((application) => ({ ...application, jobId })),
      }));
      return envelope(list('applicants', applicants));
    },
    'GET /api/employer/template/get-templates': () => envelope({ templates: [] }),
    'GET /api/employer/team/get-team': () => envelope({ members: [] }),
    ...overrides,
  });
}

const column = (stage: string) => screen.getByRole('region', { name: new RegExp(`^${stage}\\b`) });
const box = (lastName: string) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: `Select Dr. Sam ${lastName}` });

describe('selection helpers', () => {
  it('adds, removes and checks a whole group', () => {
    expect([...withAll(new Set(['x']), ['a', 'b'])]).toEqual(['x', 'a', 'b']);
    expect([...withoutAll(new Set(['x', 'a', 'b']), ['a', 'b'])]).toEqual(['x']);
    expect(hasAll(new Set(['a', 'b']), ['a', 'b'])).toBe(true);
    expect(hasAll(new Set(['a']), ['a', 'b'])).toBe(false);
    expect(hasAll(new Set(['a']), [])).toBe(false);
  });
});

describe('bulk actions on the pipeline board', () => {
  it('selects a range within a column with shift-click; a shift-click in another column takes only that card', async () => {
    boardApi();
    const { user } = renderApp('/jobs-resident/job-1', { session });
    await screen.findByRole('link', { name: 'Dr. Sam Ames' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(box('Baker'));
    await user.keyboard('{Shift>}');
    await user.click(box('Diaz'));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 applicants selected')).toBeVisible();
    expect(NAMES.map((name) => box(name).checked)).toEqual([false, true, true, true, false]);

    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Ada Okafor' }));
    await user.keyboard('{/Shift}');
    expect(within(bar).getByText('4 applicants selected')).toBeVisible();
    expect(NAMES.map((name) => box(name).checked)).toEqual([false, true, true, true, false]);
  });

  it('selects all in a column, lets them go again, and clears the selection', async () => {
    boardApi();
    const { user } = renderApp('/jobs-resident/job-1', { session });
    await screen.findByRole('link', { name: 'Dr. Sam Ames' });

    const selectSubmitted = within(column('Submitted')).getByRole('checkbox', {
      name: 'Select all in Submitted',
    });
    await user.click(selectSubmitted);
    expect(selectSubmitted).toBeChecked();
    expect(NAMES.every((name) => box(name).checked)).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select Dr. Ada Okafor' })).not.toBeChecked();
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('5 applicants selected')).toBeVisible();
    // Empty columns offer nothing to select.
    expect(within(column('Interview')).queryByRole('checkbox')).toBeNull();

    await user.click(selectSubmitted);
    expect(NAMES.some((name) => box(name).checked)).toBe(false);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(
      within(column('Shortlisted')).getByRole('checkbox', { name: 'Select all in Shortlisted' }),
    );
    await user.click(box('Cruz'));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Clear selection',
      }),
    );
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(box('Cruz')).not.toBeChecked();
  });

  it('moves the selected cards in one request, updates the columns in place, and undo puts them back', async () => {
    let moved = false;
    const { calls } = boardApi({
      'GET /api/employer/applicant/get-all-applicants/user-1': () =>
        envelope(
          list(
            'applicants',
            boardApplicants((lastName) =>
              moved && ['Ames', 'Baker'].includes(lastName) ? 'Interview' : 'Submitted',
            ),
          ),
        ),
      [BULK]: () => {
        moved = true;
        return envelope({
          operationId: 'operation-1',
          action: 'move',
          applied: ['application-ames', 'application-baker'],
          refused: [
            {
              applicationId: 'application-cruz',
              code: 'CONFLICT',
              message: 'The physician withdrew this application.',
            },
          ],
        });
      },
      [UNDO]: () => {
        moved = false;
        return envelope({
          operationId: 'operation-1',
          restored: ['application-ames', 'application-baker'],
          refused: [],
        });
      },
    });
    const { user } = renderApp('/jobs-resident/job-1', { session });
    await screen.findByRole('link', { name: 'Dr. Sam Ames' });

    await user.click(box('Ames'));
    await user.keyboard('{Shift>}');
    await user.click(box('Cruz'));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Move to stage'), 'Interview');
    await user.click(within(bar).getByRole('button', { name: 'Move' }));

    await waitFor(() =>
      expect(within(column('Interview')).getByRole('link', { name: 'Dr. Sam Ames' })).toBeInTheDocument(),
    );
    expect(within(column('Interview')).getByRole('link', { name: 'Dr. Sam Baker' })).toBeInTheDocument();
    expect(within(column('Submitted')).getByRole('link', { name: 'Dr. Sam Cruz' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/bulk-action')).map((call) => call.body)).toEqual([
      {
        action: 'move',
        stage: 'Interview',
        applicationIds: ['application-ames', 'application-baker', 'application-cruz'],
      },
    ]);
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('1 application was not changed');
    expect(summary).toHaveTextContent('Dr. Sam Cruz: The physician withdrew this application.');
    // The board stayed on screen: no skeleton while it reloaded.
    expect(screen.queryByText('Loading the pipeline')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(within(column('Submitted')).getByRole('link', { name: 'Dr. Sam Ames' })).toBeInTheDocument(),
    );
    expect(within(column('Interview')).getByText('No one at this stage')).toBeInTheDocument();
    expect(await screen.findByText('Undone for 2 applications.')).toBeInTheDocument();
  });

  it('lets the selection go when another job opens', async () => {
    boardApi();
    const { user, router } = renderApp('/jobs-resident/job-1', { session });
    await screen.findByRole('link', { name: 'Dr. Sam Ames' });
    await user.click(box('Ames'));
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeInTheDocument();

    await router.navigate('/jobs-resident/job-2');
    await screen.findByRole('heading', { name: 'Family Physician', level: 1 });
    await screen.findByRole('link', { name: 'Dr. Sam Ames' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(box('Ames')).not.toBeChecked();
  });
});
