import { DEFAULT_SCORECARD_CRITERIA, type TScorecardCriteria } from '@medhire/contract/interviews';
import { RIGHT_NAMES } from '@medhire/contract/team-roles';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi } from '../../../test/fixtures.ts';
import { ScorecardCriteriaEditor } from '../components/scorecard-criteria-editor.tsx';
import { renderWithApp } from './render.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifySuccess: vi.fn(),
}));

const GET = 'GET /api/employer/job/get-scorecard-criteria/job-1';
const UPDATE = 'PATCH /api/employer/job/update-scorecard-criteria/job-1';
const defaults: TScorecardCriteria = {
  jobId: 'job-1',
  criteria: [...DEFAULT_SCORECARD_CRITERIA],
  isDefault: true,
};

const values = () =>
  screen
    .getAllByRole('textbox', { name: /^Criterion \d+$/ })
    .map((input) => (input as HTMLInputElement).value);

describe('ScorecardCriteriaEditor', () => {
  beforeEach(() => vi.mocked(notifySuccess).mockClear());

  it('shows the defaults while the job has none, then saves the edited, reordered list', async () => {
    const { calls } = mockApi({
      [GET]: () => envelope(defaults),
      [UPDATE]: ({ body }) =>
        envelope({ jobId: 'job-1', criteria: (body as { criteria: string[] }).criteria, isDefault: false }),
    });
    const user = renderWithApp(<ScorecardCriteriaEditor jobId="job-1" />);
    const form = await screen.findByRole('form', { name: 'Scorecard criteria' });
    expect(values()).toEqual([...DEFAULT_SCORECARD_CRITERIA]);
    expect(within(form).getByText(/uses the default criteria/)).toBeVisible();

    await user.clear(within(form).getByRole('textbox', { name: 'Criterion 4' }));
    await user.type(within(form).getByRole('textbox', { name: 'Criterion 4' }), 'Bedside manner');
    await user.click(within(form).getByRole('button', { name: 'Move Criterion 4 up' }));
    await user.click(within(form).getByRole('button', { name: 'Remove Criterion 1' }));
    await user.click(within(form).getByRole('button', { name: 'Add criterion' }));
    const added = within(form).getByRole('textbox', { name: 'Criterion 4' });
    expect(added).toHaveFocus();
    await user.type(added, ' Procedural skills ');
    expect(values()).toEqual(['Communication', 'Bedside manner', 'Professionalism', ' Procedural skills ']);
    // The first row cannot move up, the last not down.
    expect(within(form).getByRole('button', { name: 'Move Criterion 1 up' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Move Criterion 4 down' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Save criteria' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('The scorecard criteria are saved.'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      criteria: ['Communication', 'Bedside manner', 'Professionalism', 'Procedural skills'],
    });
    expect(values()).toEqual(['Communication', 'Bedside manner', 'Professionalism', 'Procedural skills']);
    expect(within(form).queryByText(/uses the default criteria/)).toBeNull();
  });

  it('explains a blank name and a name given twice on their rows, and sends only once they are fixed', async () => {
    const { calls } = mockApi({
      [GET]: () => envelope({ ...defaults, isDefault: false }),
      [UPDATE]: ({ body }) => envelope({ jobId: 'job-1', ...(body as object), isDefault: false }),
    });
    const user = renderWithApp(<ScorecardCriteriaEditor jobId="job-1" />);
    const form = await screen.findByRole('form', { name: 'Scorecard criteria' });
    const row = (number: number) => within(form).getByRole('textbox', { name: `Criterion ${number}` });
    await user.clear(row(2));
    await user.clear(row(3));
    await user.type(row(3), 'team FIT ');
    await user.click(within(form).getByRole('button', { name: 'Save criteria' }));
    expect(await within(form).findByText('Name each criterion.')).toBeVisible();
    expect(row(2)).toHaveAttribute('aria-invalid', 'true');
    // Both problems at once; of two rows with the same name (without case), the later is marked.
    expect(within(form).getByText('Name each criterion only once.')).toBeVisible();
    expect(row(3)).not.toHaveAttribute('aria-invalid');
    expect(row(4)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.type(row(2), 'Communication');
    await user.clear(row(4));
    await user.type(row(4), 'Bedside manner');
    await user.click(within(form).getByRole('button', { name: 'Save criteria' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      criteria: ['Clinical knowledge', 'Communication', 'team FIT', 'Bedside manner'],
    });
    expect(within(form).queryByText('Name each criterion only once.')).toBeNull();
  });

  it('keeps between 1 and 12 criteria', async () => {
    mockApi({ [GET]: () => envelope({ jobId: 'job-1', criteria: ['Communication'], isDefault: false }) });
    const user = renderWithApp(<ScorecardCriteriaEditor jobId="job-1" />);
    const form = await screen.findByRole('form', { name: 'Scorecard criteria' });
    expect(within(form).getByRole('button', { name: 'Remove Criterion 1' })).toBeDisabled();
    for (let count = 1; count < 12; count += 1) {
      await user.click(within(form).getByRole('button', { name: 'Add criterion' }));
    }
    expect(values()).toHaveLength(12);
    expect(within(form).getByRole('button', { name: 'Add criterion' })).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    mockApi({
      [GET]: () => envelope(defaults),
      [UPDATE]: () => failure('We could not find that job.', 404, 'NOT_FOUND'),
    });
    const user = renderWithApp(<ScorecardCriteriaEditor jobId="job-1" />);
    const form = await screen.findByRole('form', { name: 'Scorecard criteria' });
    await user.click(within(form).getByRole('button', { name: 'Save criteria' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not find that job.');
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('shows a member who cannot edit jobs the list without controls', async () => {
    mockApi({ [GET]: () => envelope(defaults) });
    renderWithApp(<ScorecardCriteriaEditor jobId="job-1" />, {
      memberRole: 'delegate',
      rights: RIGHT_NAMES.filter((right) => right !== 'jobs.edit'),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([...DEFAULT_SCORECARD_CRITERIA]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
