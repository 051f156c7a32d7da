import { PHYSICIAN_MESSAGES, type TPhysicianApplication } from '@medhire/contract/physicians';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

function application(overrides: Partial<TPhysicianApplication> = {}): TPhysicianApplication {
  return {
    _id: 'application-1',
    jobId: 'job-1',
    jobTitle: 'Family Physician',
    organizationName: 'Lakeside Health',
    appliedAt: '2026-11-20T10:00:00.000Z',
    status: 'in_review',
    statusLabel: 'In review',
    withdrawnAt: null,
    ...overrides,
  };
}

const page = (applications: TPhysicianApplication[]) =>
  ok({ applications, total: applications.length, pageNumber: 1, pageSize: 20 });

describe('the applications list', () => {
  it('shows each status in the physician’s words, and withdraws after a confirmation', async () => {
    let current = application();
    const calls = mockApi({
      'GET /api/employee/job/get-applications': () =>
        page([
          current,
          application({
            _id: 'application-2',
            jobTitle: 'Hospitalist',
            status: 'not_selected',
            statusLabel: 'Not selected',
          }),
        ]),
      'PATCH /api/employee/job/withdraw-application/application-1': () => {
        current = application({
          status: 'withdrawn',
          statusLabel: 'Withdrawn',
          withdrawnAt: '2026-11-25T10:00:00.000Z',
        });
        return ok(current);
      },
    });
    renderApp('/applications');

    expect(await screen.findByText('In review')).toBeInTheDocument();
    expect(screen.getByText('Not selected')).toBeInTheDocument();
    // Only the application still being decided can be withdrawn.
    const withdrawButtons = screen.getAllByRole('button', { name: /Withdraw/ });
    expect(withdrawButtons).toHaveLength(1);

    await userEvent.click(withdrawButtons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));

    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getByText(/Withdrawn Nov 25, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('keeps the application and shows why when withdrawing is refused', async () => {
    mockApi({
      'GET /api/employee/job/get-applications': () =>
        page([application({ status: 'offer', statusLabel: 'Offer' })]),
      'PATCH /api/employee/job/withdraw-application/application-1': () =>
        failure(422, PHYSICIAN_MESSAGES.cannotWithdrawHired),
    });
    renderApp('/applications');

    await userEvent.click(await screen.findByRole('button', { name: /Withdraw/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(await within(dialog).findByText(PHYSICIAN_MESSAGES.cannotWithdrawHired)).toBeInTheDocument();
    expect(screen.getByText('Offer')).toBeInTheDocument();
  });

  it('links an application at the interview stage to the interviews', async () => {
    mockApi({
      'GET /api/employee/job/get-applications': () =>
        page([
          application({ status: 'interview', statusLabel: 'Interview' }),
          application({ _id: 'application-2', jobTitle: 'Hospitalist' }),
        ]),
      'GET /api/employee/interview/get-my-interviews': () => ok({ interviews: [] }),
    });
    const { router } = renderApp('/applications');

    const links = await screen.findAllByRole('link', { name: /See your interview/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('See your interview for Family Physician');
    await userEvent.click(screen.getByRole('link', { name: 'Interviews' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/interviews'));
    expect(await screen.findByText('No interviews yet')).toBeInTheDocument();
  });
});
