import { NPI_MESSAGES } from '@medhire/contract/organization';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enums } from '../../../test/enums.ts';
import { failure, ok, physician } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const austin = {
  description: 'Austin, TX',
  city: 'Austin',
  state: 'TX',
  coords: { latitude: 30.27, longitude: -97.74 },
};

describe('the profile editor', () => {
  it('sends the profile as the contract has it: numbers as numbers, the chosen place, blanks left out', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/profile/get-profile': () => ok(physician),
      'GET /api/enums/search-location': () => ok({ places: [austin], total: 1, pageNumber: 1, pageSize: 8 }),
      'PATCH /api/employee/profile/update-profile': ({ body }) =>
        ok({ ...physician, ...(body as object), isComplete: true }),
    });
    const { store } = renderApp('/profile');

    const form = await screen.findByRole('form', { name: 'Profile' });
    await userEvent.selectOptions(within(form).getByLabelText('Specialty'), 'Family Medicine');
    await userEvent.click(within(form).getByLabelText('Sports Medicine'));
    await userEvent.selectOptions(within(form).getByLabelText('Board status'), 'Board certified');
    await userEvent.type(within(form).getByLabelText('Years of experience'), '7');
    await userEvent.selectOptions(
      within(form).getByLabelText('Available to start in'),
      String(new Date().getFullYear()),
    );
    await userEvent.type(within(form).getByRole('searchbox', { name: 'Home city' }), 'Austin');
    await userEvent.click(await within(form).findByRole('button', { name: 'Austin, TX' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    const saved = calls.find((call) => call.method === 'PATCH');
    expect(saved?.body).toMatchObject({
      specialty: 'family-medicine',
      subSpecialty: ['sports-medicine'],
      boardStatus: 'board-certified',
      yearsOfExperience: 7,
      yearAvailableToStart: new Date().getFullYear(),
      homeLocation: { description: 'Austin, TX', state: 'TX', coords: austin.coords },
    });
    expect(saved?.body).not.toHaveProperty('npiNumber');
    // Applying reads completeness from the session: it follows the saved profile.
    expect(store.getState().session.session?.physician.isComplete).toBe(true);
  });

  it('explains a bad NPI number without sending anything, and a refusal from the server', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/profile/get-profile': () => ok(physician),
      'PATCH /api/employee/profile/update-profile': () =>
        failure(400, 'That specialty does not exist.', 'VALIDATION_FAILED'),
    });
    renderApp('/profile');

    const form = await screen.findByRole('form', { name: 'Profile' });
    await userEvent.type(within(form).getByLabelText(/NPI number/), '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText(NPI_MESSAGES.format)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await userEvent.clear(within(form).getByLabelText(/NPI number/));
    await userEvent.type(within(form).getByLabelText(/NPI number/), '1234567893');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('That specialty does not exist.')).toBeInTheDocument();
  });
});
