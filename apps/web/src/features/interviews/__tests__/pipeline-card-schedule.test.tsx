import type { TApplicant } from '@medhire/contract/applicants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from '../../jobs/__tests__/job-fixtures.ts';
import { list, makeApplicant, makeApplication } from '../../pipeline/__tests__/pipeline-fixtures.ts';
import { makeInterview, team } from './interview-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();

describe('scheduling from a pipeline card', () => {
  it('opens the dialog from the card, and the card moves to Interview once scheduled', async () => {
    const reyes = makeApplicant({
      firstName: 'Luis',
      lastName: 'Reyes',
      applications: [makeApplication({ _id: 'application-reyes', pipelineStatus: 'Submitted' })],
    });
    const moved: TApplicant = {
      ...reyes,
      applications: [makeApplication({ _id: 'application-reyes', pipelineStatus: 'Interview' })],
    };
    const scheduled = vi.fn();
    mockApi({
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-single-job/job-1': () => envelope(makeJob({ applicantCount: 1 })),
      'GET /api/employer/applicant/get-all-applicants/user-1': () => envelope(list('applicants', [reyes])),
      'GET /api/employer/team/get-team': () => envelope(team),
      'POST /api/employer/interview/schedule-interview/application-reyes': ({ body }) => {
        scheduled(body);
        return envelope(makeInterview({ applicationId: 'application-reyes' }));
      },
      [`GET /api/employer/applicant/get-single-applicant/${reyes._id}`]: () => envelope(moved),
    });
    const { user } = renderApp('/jobs-resident/job-1', { session });
    const submitted = await screen.findByRole('region', { name: /^Submitted\b/ });
    await user.click(
      await within(submitted).findByRole('button', {
        name: 'Schedule interview with Dr. Luis Reyes for Interventional Cardiologist',
      }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Schedule an interview with Dr. Luis Reyes' }),
    );
    await dialog.findByRole('checkbox', { name: 'James Okafor' });
    const date = dialog.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2030-03-12');
    await user.click(dialog.getByRole('button', { name: 'Schedule the interview' }));
    await waitFor(() => expect(scheduled).toHaveBeenCalled());
    const interview = await screen.findByRole('region', { name: /^Interview\b/ });
    expect(await within(interview).findByRole('link', { name: 'Dr. Luis Reyes' })).toBeInTheDocument();
  });
});
