import type { TSavedView } from '@medhire/contract/saved-views';
import { RIGHT_NAMES } from '@medhire/contract/team-roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { applicantList, makeApplicant } from '../../applicants/__tests__/applicant-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const VIEWS = 'GET /api/employer/view/get-all-views';
const CREATE = 'POST /api/employer/view/create-view';
const owner = makeSession();
const recruiter = makeSession({
  user: {
    memberRole: 'recruiter',
    rights: RIGHT_NAMES.filter((right) => !['views.manage', 'templates.manage', 'billing'].includes(right)),
  },
});

function savedView(overrides: Partial<TSavedView> = {}): TSavedView {
  return {
    _id: 'view-1',
    name: 'Texas interviews',
    kind: 'list',
    scope: 'personal',
    filters: { queryText: '', state: 'TX', pipelineStatus: 'Interview', sort: 'newest' },
    count: 7,
    createdBy: { _id: 'user-1', fullName: 'Maria Delgado' },
    canEdit: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A view's link as the navigation names it: "<name>, <count> applicants" (", shared" after). */
function viewNamed(name: string, rest: string): RegExp {
  const escaped = `${name}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}\\s?, ${rest}$`);
}

function listApi(routes: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 200 }),
    'GET /api/employer/applicant/get-all-applicants/user-1': () => envelope(applicantList([makeApplicant()])),
    ...routes,
  });
}

describe('saved views', () => {
  it('shows the views under Applicants with their counts; a view opens the list with its filters', async () => {
    listApi({ [VIEWS]: () => envelope({ views: [savedView()] }) });
    const { router } = renderApp('/home', { session: owner });
    const nav = await screen.findByRole('list', { name: 'Saved views' });
    const link = within(nav).getByRole('link', { name: viewNamed('Texas interviews', '7 applicants') });
    expect(link).toHaveAttribute('href', '/applicants?state=TX&pipeline=Interview');
    expect(link).toHaveTextContent('7');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicants'));
    expect(router.state.location.search).toBe('?state=TX&pipeline=Interview');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Saved views' })).getByRole('link', {
          name: viewNamed('Texas interviews', '7 applicants'),
        }),
      ).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('saves the list’s current filters as a personal view and adds it to the navigation', async () => {
    let views: TSavedView[] = [];
    const { calls } = listApi({
      [VIEWS]: () => envelope({ views }),
      [CREATE]: ({ body }) => {
        const created = savedView({ _id: 'view-2', name: (body as { name: string }).name, count: 3 });
        views = [created];
        return envelope(created);
      },
    });
    renderApp('/applicants?state=TX&pipeline=Interview&sort=name&page=2', { session: owner });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(within(dialog).getByRole('textbox', { name: 'View name' })).toHaveAccessibleDescription(
      'Name the view.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'View name' }), 'Texas interviews');
    expect(within(dialog).getByRole('radio', { name: 'Only me' })).toBeChecked();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const create = calls.find((call) => call.path === '/api/employer/view/create-view');
    expect(create?.body).toEqual({
      name: 'Texas interviews',
      kind: 'list',
      scope: 'personal',
      filters: { state: 'TX', pipelineStatus: 'Interview', sort: 'name' },
    });
    const nav = await screen.findByRole('list', { name: 'Saved views' });
    expect(
      within(nav).getByRole('link', { name: viewNamed('Texas interviews', '3 applicants') }),
    ).toBeVisible();
  });

  it('offers sharing only to members with the right, and shows the server’s refusal', async () => {
    listApi({
      [VIEWS]: () => envelope({ views: [] }),
      [CREATE]: () =>
        failure('A view with this name already exists here. Choose another name.', 409, 'CONFLICT'),
    });
    renderApp('/applicants', { session: recruiter });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByRole('radio', { name: 'Everyone in my organization' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'View name' }), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(
      await within(dialog).findByText('A view with this name already exists here. Choose another name.'),
    ).toBeVisible();
  });

  it('renames and deletes a view from “Manage views” with the keyboard', async () => {
    let views = [
      savedView(),
      savedView({ _id: 'view-9', name: 'Team view', scope: 'organization', canEdit: false }),
    ];
    const { calls } = listApi({
      [VIEWS]: () => envelope({ views }),
      'PATCH /api/employer/view/update-view/view-1': ({ body }) => {
        const renamed = savedView({ name: (body as { name: string }).name });
        views = [renamed, ...views.slice(1)];
        return envelope(renamed);
      },
      'DELETE /api/employer/view/delete-view/view-1': () => {
        views = views.slice(1);
        return envelope({ _id: 'view-1' });
      },
    });
    renderApp('/home', { session: owner });
    const user = userEvent.setup();
    const manage = await screen.findByRole('button', { name: 'Manage views' });
    manage.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Manage saved views' });
    expect(within(dialog).getByText('Team view')).toBeVisible();
    const name = within(dialog).getByRole('textbox', { name: 'Name of “Texas interviews”' });
    await user.clear(name);
    await user.type(name, 'TX interviews{Enter}');
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'PATCH' && (call.body as { name: string }).name === 'TX interviews',
        ),
      ).toBe(true),
    );
    const nav = screen.getByRole('list', { name: 'Saved views' });
    expect(
      await within(nav).findByRole('link', { name: viewNamed('TX interviews', '7 applicants') }),
    ).toBeVisible();

    within(dialog).getByRole('button', { name: 'Delete “TX interviews”' }).focus();
    await user.keyboard('{Enter}');
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Delete “TX interviews”?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: /TX interviews/ })).not.toBeInTheDocument(),
    );
    expect(
      within(nav).getByRole('link', { name: viewNamed('Team view', '7 applicants, shared') }),
    ).toBeVisible();
  });
});
