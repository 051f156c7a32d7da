import { VISIBILITY_MESSAGES } from '@medhire/contract/physician-visibility';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok, physician } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const lakeside = { _id: 'org-1', name: 'Lakeside Health', logo: null, place: 'Austin, TX', isHidden: false };

describe('who can see the physician', () => {
  it('turns "Open to opportunities" off and says what that means', async () => {
    const calls = mockApi({
      'GET /api/employee/visibility/get-hidden-organizations': () =>
        ok({ organizations: [], total: 0, pageNumber: 1, pageSize: 50 }),
      'PATCH /api/employee/profile/update-profile': ({ body }) => ok({ ...physician, ...(body as object) }),
    });
    const { store } = renderApp('/visibility');

    const toggle = await screen.findByRole('switch', { name: 'Open to opportunities' });
    expect(toggle).toBeChecked();
    expect(
      screen.getByText(/employers looking for physicians like you find your profile/),
    ).toBeInTheDocument();
    await userEvent.click(toggle);

    expect(await screen.findByText(/Employers no longer find you/)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isDiscoverable: false });
    expect(store.getState().session.session?.physician.isDiscoverable).toBe(false);
    expect(screen.getByText('You hide from no organization.')).toBeInTheDocument();
  });

  it('finds an organization, hides from it, and removes it from the list again', async () => {
    let hidden: (typeof lakeside & { hiddenAt: string })[] = [];
    const calls = mockApi({
      'GET /api/employee/visibility/get-hidden-organizations': () =>
        ok({ organizations: hidden, total: hidden.length, pageNumber: 1, pageSize: 50 }),
      'GET /api/employee/visibility/search-organizations': () =>
        ok({ organizations: [{ ...lakeside, isHidden: hidden.length > 0 }] }),
      'POST /api/employee/visibility/hide-organization/org-1': () => {
        hidden = [{ ...lakeside, isHidden: true, hiddenAt: '2026-11-25T10:00:00.000Z' }];
        return ok({ ...lakeside, isHidden: true });
      },
      'DELETE /api/employee/visibility/unhide-organization/org-1': () => {
        hidden = [];
        return ok(lakeside);
      },
    });
    renderApp('/visibility');

    await userEvent.type(await screen.findByRole('searchbox', { name: 'Hide from an organization' }), 'Lake');
    const found = await screen.findByRole('list', { name: 'Organizations found' });
    await userEvent.click(await within(found).findByRole('button', { name: 'Hide from Lakeside Health' }));

    const hiddenList = await screen.findByRole('list', { name: 'Organizations you hide from' });
    expect(within(hiddenList).getByText('Lakeside Health')).toBeInTheDocument();
    expect(within(hiddenList).getByText('Austin, TX')).toBeInTheDocument();
    const searchCall = calls.find((call) => call.path.endsWith('search-organizations'));
    expect(searchCall).toBeDefined();

    await userEvent.click(
      within(hiddenList).getByRole('button', { name: 'Remove Lakeside Health from the hidden list' }),
    );
    expect(await screen.findByText('You hide from no organization.')).toBeInTheDocument();
  });

  it('shows the refusal when an organization cannot be hidden', async () => {
    mockApi({
      'GET /api/employee/visibility/get-hidden-organizations': () =>
        ok({ organizations: [], total: 0, pageNumber: 1, pageSize: 50 }),
      'GET /api/employee/visibility/search-organizations': () => ok({ organizations: [lakeside] }),
      'POST /api/employee/visibility/hide-organization/org-1': () =>
        failure(422, VISIBILITY_MESSAGES.tooManyHidden),
    });
    renderApp('/visibility');

    await userEvent.type(await screen.findByRole('searchbox', { name: 'Hide from an organization' }), 'Lake');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide from Lakeside Health' }));
    expect(await screen.findByText(VISIBILITY_MESSAGES.tooManyHidden)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You hide from no organization.')).toBeInTheDocument());
  });
});
