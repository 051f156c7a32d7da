import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from '../../jobs/__tests__/job-fixtures.ts';
import { applicantList, makeApplicant, makeMatch } from './applicant-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const janeDoe = makeApplicant({ applications: [] });
const openJobs = [makeJob(), makeJob({ _id: 'job-2', title: 'Cardiologist, Round Rock', locations: [] })];

function exploreApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/applicant/explore/user-1': () => envelope(applicantList([janeDoe])),
    'GET /api/employer/job/get-all-jobs/user-1': ({ url }) =>
      envelope({
        jobs: url.searchParams.get('status') === 'open' ? openJobs : [],
        total: openJobs.length,
        pageNumber: 1,
        pageSize: 200,
      }),
    ...overrides,
  });
}

async function openInvite(user: ReturnType<typeof renderApp>['user']) {
  const card = await screen.findByRole('article', { name: 'Dr. Jane Doe' });
  await user.click(within(card).getByRole('button', { name: 'Invite Dr. Jane Doe to a job' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite to a job' });
  await within(dialog).findByRole('combobox', { name: 'Job' });
  return { card, dialog };
}

describe('inviting a physician to a job', () => {
  it('asks for a job, then sends the invite with its message and shows it on the card', async () => {
    const onCreate = vi.fn();
    const { calls } = exploreApi({
      'POST /api/employer/match/create-match': ({ body }) => {
        onCreate(body);
        return envelope(
          makeMatch({ job: { _id: 'job-2', title: 'Cardiologist, Round Rock', specialty: 'cardiology' } }),
          201,
        );
      },
    });
    const { user } = renderApp('/explore', { session });
    const { card, dialog } = await openInvite(user);

    // Only open jobs are offered.
    const jobsCall = calls.find((call) => call.path.endsWith('get-all-jobs/user-1'));
    expect(jobsCall).toBeDefined();
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an open job', 'Interventional Cardiologist', 'Cardiologist, Round Rock']);

    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await within(dialog).findByText('Choose the job.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Job' })).toHaveAttribute('aria-invalid', 'true');
    expect(onCreate).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'job-2');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Message/ }),
      '  We would love to meet you.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCreate).toHaveBeenCalledWith({
      jobId: 'job-2',
      applicantId: 'physician-1',
      message: 'We would love to meet you.',
      // Sent from explore: recorded with the invite for the reports.
      origin: 'explore',
    });
    expect(notifySuccess).toHaveBeenCalledWith('Invite sent to Dr. Jane Doe for Cardiologist, Round Rock.');
    expect(within(card).getByRole('list', { name: 'With your jobs' })).toHaveTextContent(
      'Cardiologist, Round RockInvite pending',
    );
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    exploreApi({
      'POST /api/employer/match/create-match': () =>
        failure('This physician already has an open or accepted invite for this job.', 409, 'CONFLICT'),
    });
    const { user } = renderApp('/explore', { session });
    const { dialog } = await openInvite(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'job-1');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'This physician already has an open or accepted invite for this job.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Invite to a job' })).toBeInTheDocument();
  });

  it('marks jobs the physician already holds an invite for', async () => {
    exploreApi({
      'GET /api/employer/applicant/explore/user-1': () =>
        envelope(
          applicantList([
            {
              ...janeDoe,
              matches: [
                {
                  _id: 'match-1',
                  jobId: 'job-1',
                  jobTitle: 'Interventional Cardiologist',
                  status: 'pending',
                  createdAt: '2026-11-10T09:00:00.000Z',
                  conversationId: null,
                },
              ],
            },
          ]),
        ),
    });
    const { user } = renderApp('/explore', { session });
    const { dialog } = await openInvite(user);
    expect(
      within(dialog).getByRole('option', { name: 'Interventional Cardiologist (already invited)' }),
    ).toBeDisabled();
    // The only job left to invite to is chosen already.
    expect(within(dialog).getByRole('combobox', { name: 'Job' })).toHaveValue('job-2');
  });
});
