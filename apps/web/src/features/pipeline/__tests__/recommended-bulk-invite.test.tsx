import type { TApplicant } from '@medhire/contract/applicants';
import type { TBulkInviteResult } from '@medhire/contract/bulk-actions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from '../../jobs/__tests__/job-fixtures.ts';
import { list, makeApplicant } from './pipeline-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();
const ranked = (lastName: string, score: number): TApplicant => ({
  ...makeApplicant({ firstName: 'Dana', lastName, applications: [] }),
  score,
  reasons: ['Board certified'],
});
const physicians = [ranked('Avery', 98), ranked('Brook', 95), ranked('Carter', 91), ranked('Drew', 88)];
const openJobs = [makeJob(), makeJob({ _id: 'job-2', title: 'Cardiologist, Round Rock', locations: [] })];

function recommendedApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-single-job/job-1': () => envelope(makeJob()),
    'GET /api/employer/applicant/get-all-applicants/user-1': () => envelope(list('applicants', [])),
    'GET /api/employer/applicant/get-recommended-applicants/job-1': () =>
      envelope({ ...list('applicants', physicians), total: physicians.length }),
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs: openJobs, total: openJobs.length, pageNumber: 1, pageSize: 200 }),
    ...overrides,
  });
}

const checkbox = (lastName: string) => screen.getByRole('checkbox', { name: `Select Dr. Dana ${lastName}` });

describe("bulk invites from a job's recommended physicians", () => {
  it('selects a range with shift-click, all shown, and clears', async () => {
    recommendedApi();
    const { user } = renderApp('/jobs-resident/job-1?tab=recommended', { session });
    await screen.findByRole('list', { name: /Recommended physicians for/ });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(checkbox('Brook'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Drew'));
    await user.keyboard('{/Shift}');

    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 physicians selected')).toBeVisible();
    expect(checkbox('Avery')).not.toBeChecked();
    for (const name of ['Brook', 'Carter', 'Drew']) expect(checkbox(name)).toBeChecked();

    await user.click(within(bar).getByRole('button', { name: 'Select all 4 shown' }));
    expect(within(bar).getByText('4 physicians selected')).toBeVisible();
    expect(checkbox('Avery')).toBeChecked();
    expect(within(bar).queryByRole('button', { name: /Select all/ })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(checkbox('Brook')).not.toBeChecked();
  });

  it('invites the selection to the current job, names the ones not invited, marks the others and undoes', async () => {
    const result: TBulkInviteResult = {
      operationId: 'operation-1',
      jobId: 'job-1',
      applied: [
        { physicianId: 'physician-avery', matchId: 'match-avery' },
        { physicianId: 'physician-brook', matchId: 'match-brook' },
      ],
      refused: [
        {
          physicianId: 'physician-carter',
          code: 'CONFLICT',
          message: 'This physician already has an open or accepted invite for this job.',
        },
      ],
    };
    const { calls } = recommendedApi({
      'POST /api/employer/match/bulk-invite': () => envelope(result),
      'POST /api/employer/match/undo-bulk-invite/operation-1': () =>
        envelope({ operationId: 'operation-1', cancelled: result.applied, refused: [] }),
    });
    const { user } = renderApp('/jobs-resident/job-1?tab=recommended', { session });
    await screen.findByRole('list', { name: /Recommended physicians for/ });
    await user.click(checkbox('Avery'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Carter'));
    await user.keyboard('{/Shift}');

    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Invite to job…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite 3 physicians to a job' });
    // The job of the page is chosen; any other open job can be.
    expect(await within(dialog).findByRole('combobox', { name: 'Job' })).toHaveValue('job-1');
    await user.click(within(dialog).getByRole('button', { name: 'Send 3 invites' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('2 invited, 1 not:');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(
      'Dr. Dana Carter: This physician already has an open or accepted invite for this job.',
    );
    const sent = calls.filter((call) => call.path.endsWith('/bulk-invite'));
    expect(sent.map((call) => call.body)).toEqual([
      {
        jobId: 'job-1',
        physicianIds: ['physician-avery', 'physician-brook', 'physician-carter'],
        origin: 'recommended',
      },
    ]);
    // Updated in place: the invited ones show the pending invite, the selection is gone.
    const avery = screen.getByRole('article', { name: 'Dr. Dana Avery' });
    expect(within(avery).getByRole('list', { name: 'With your jobs' })).toHaveTextContent(
      'Interventional CardiologistInvite pending',
    );
    expect(screen.getByRole('article', { name: 'Dr. Dana Carter' })).not.toHaveTextContent('Invite pending');
    expect(checkbox('Avery')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/undo-bulk-invite/operation-1'))).toBe(true),
    );
    expect(await screen.findByText('Withdrew 2 invites.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Dr. Dana Avery' })).getByRole('list', {
        name: 'With your jobs',
      }),
    ).toHaveTextContent('Interventional CardiologistInvite canceled');
  });

  it('saves the selected physicians not saved yet, one call each, and marks their cards', async () => {
    const brook = physicians[1] as TApplicant;
    const savedBrook = { ...brook, isSaved: true };
    const saves: string[] = [];
    const { calls } = recommendedApi({
      'GET /api/employer/applicant/get-recommended-applicants/job-1': () =>
        envelope({ ...list('applicants', [physicians[0], savedBrook, physicians[2]]), total: 3 }),
      'POST /api/employer/applicant/save-applicant/physician-avery': () => {
        saves.push('physician-avery');
        return envelope({ ...physicians[0], isSaved: true });
      },
    });
    const { user } = renderApp('/jobs-resident/job-1?tab=recommended', { session });
    await screen.findByRole('list', { name: /Recommended physicians for/ });
    await user.click(checkbox('Avery'));
    await user.click(checkbox('Brook'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: /^Save$/ }));

    expect(await screen.findByText('Saved 1 physician.')).toBeInTheDocument();
    expect(saves).toEqual(['physician-avery']);
    expect(calls.filter((call) => call.path.includes('/save-applicant/'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save Dr. Dana Avery' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
