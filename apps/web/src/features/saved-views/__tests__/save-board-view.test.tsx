import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createAppStore } from '../../../app/store.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { SaveViewButton } from '../components/save-view-button.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifySuccess: vi.fn(),
}));

describe('“Save view” on a job’s board', () => {
  it('saves a board view of that job', async () => {
    const { calls } = mockApi({
      'POST /api/employer/view/create-view': ({ body }) =>
        envelope({
          _id: 'view-1',
          ...(body as object),
          filters: { queryText: '', sort: 'newest', jobId: 'job-1' },
          count: 4,
          createdBy: null,
          canEdit: true,
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:00:00.000Z',
        }),
    });
    const store = createAppStore({ session: makeSession() });
    render(
      <AppProviders store={store}>
        <MemoryRouter>
          <SaveViewButton kind="board" filters={{ jobId: 'job-1' }} />
        </MemoryRouter>
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'View name' }), 'Cardiology board');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls[0]?.body).toEqual({
      name: 'Cardiology board',
      kind: 'board',
      scope: 'personal',
      filters: { jobId: 'job-1' },
    });
    expect(store.getState().savedViews.views.map((view) => view.name)).toEqual(['Cardiology board']);
  });
});
