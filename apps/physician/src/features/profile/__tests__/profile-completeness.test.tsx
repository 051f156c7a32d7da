import { PHYSICIAN_MESSAGES, type TLicense } from '@medhire/contract/physicians';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enums } from '../../../test/enums.ts';
import { failure, ok, physician } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const texasLicense: TLicense = {
  _id: 'license-1',
  state: 'TX',
  number: 'TX-12345',
  expiresOn: '2025-06-30',
  isExpired: true,
};

describe('the completeness meter', () => {
  it('shows the percent and takes the physician to each missing field', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/profile/get-profile': () =>
        ok({
          ...physician,
          completeness: {
            percent: 42,
            missing: ['Board status', 'State medical license', 'Residency or fellowship training'],
          },
        }),
    });
    renderApp('/profile');

    expect(await screen.findByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    const missing = screen.getByRole('list', { name: 'Missing from your profile' });
    await userEvent.click(within(missing).getByRole('link', { name: 'Board status' }));
    expect(screen.getByLabelText('Board status')).toHaveFocus();
    await userEvent.click(within(missing).getByRole('link', { name: 'State medical license' }));
    expect(within(screen.getByRole('form', { name: 'Add a license' })).getByLabelText('State')).toHaveFocus();
    await userEvent.click(within(missing).getByRole('link', { name: 'Residency or fellowship training' }));
    expect(screen.getByRole('button', { name: 'Add a residency or fellowship' })).toHaveFocus();
  });
});

describe('training', () => {
  it('adds a residency, checks it before sending, and sends the years as numbers', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/profile/get-profile': () => ok(physician),
      'PATCH /api/employee/profile/update-profile': ({ body }) => ok({ ...physician, ...(body as object) }),
    });
    renderApp('/profile');

    const form = await screen.findByRole('form', { name: 'Profile' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a residency or fellowship' }));
    const training = within(form).getByRole('group', { name: 'Training 1' });
    await userEvent.type(within(training).getByLabelText('Program'), 'Family Medicine Residency');
    await userEvent.type(within(training).getByLabelText('Institution'), 'UT Southwestern');
    await userEvent.selectOptions(
      within(training).getByLabelText('Specialty of the program'),
      'Family Medicine',
    );
    await userEvent.type(within(training).getByLabelText('Start year'), '2015');
    await userEvent.type(within(training).getByLabelText(/End year/), '2012');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(
      await within(training).findByText('The end year cannot be before the start year.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await userEvent.clear(within(training).getByLabelText(/End year/));
    await userEvent.type(within(training).getByLabelText(/End year/), '2018');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      training: [
        {
          kind: 'residency',
          program: 'Family Medicine Residency',
          institution: 'UT Southwestern',
          specialty: 'family-medicine',
          startYear: 2015,
          endYear: 2018,
        },
      ],
    });
  });
});

describe('state licenses', () => {
  it('marks an expired license, adds one, edits one and removes one', async () => {
    let licenses: TLicense[] = [texasLicense];
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/profile/get-profile': () => ok({ ...physician, licenses }),
      'POST /api/employee/profile/add-license': ({ body }) => {
        licenses = [...licenses, { ...(body as TLicense), _id: 'license-2', isExpired: false }];
        return ok({ ...physician, licenses });
      },
      'PATCH /api/employee/profile/update-license/license-1': ({ body }) => {
        licenses = licenses.map((item) =>
          item._id === 'license-1' ? { ...item, ...(body as object), isExpired: false } : item,
        );
        return ok({ ...physician, licenses });
      },
      'DELETE /api/employee/profile/delete-license/license-2': () => {
        licenses = licenses.filter((item) => item._id !== 'license-2');
        return ok({ ...physician, licenses });
      },
    });
    renderApp('/profile');

    const list = await screen.findByRole('list', { name: 'Your licenses' });
    expect(within(list).getByText('TX · TX-12345')).toBeInTheDocument();
    expect(within(list).getAllByText(/Expired/).length).toBeGreaterThan(0);

    const add = screen.getByRole('form', { name: 'Add a license' });
    await userEvent.selectOptions(within(add).getByLabelText('State'), 'CA');
    await userEvent.type(within(add).getByLabelText('License number'), 'A123456');
    await userEvent.type(within(add).getByLabelText('Expires on'), '2028-01-31');
    await userEvent.click(within(add).getByRole('button', { name: 'Add license' }));
    expect(await within(list).findByText('CA · A123456')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      state: 'CA',
      number: 'A123456',
      expiresOn: '2028-01-31',
    });

    await userEvent.click(within(list).getByRole('button', { name: 'Edit the TX license' }));
    const edit = within(list).getByRole('form', { name: 'Edit the TX license' });
    await userEvent.clear(within(edit).getByLabelText('Expires on'));
    await userEvent.type(within(edit).getByLabelText('Expires on'), '2029-06-30');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save license' }));
    expect(await within(list).findByText('Expires Jun 30, 2029')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Remove the CA license' }));
    await waitFor(() => expect(within(list).queryByText('CA · A123456')).not.toBeInTheDocument());
  });

  it('checks a license before sending and shows a refusal from the server', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/profile/get-profile': () => ok({ ...physician, licenses: [texasLicense] }),
      'POST /api/employee/profile/add-license': () =>
        failure(409, PHYSICIAN_MESSAGES.licenseExists, 'CONFLICT'),
    });
    renderApp('/profile');

    const add = await screen.findByRole('form', { name: 'Add a license' });
    await userEvent.click(within(add).getByRole('button', { name: 'Add license' }));
    expect(await within(add).findByText('Enter the license number.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.selectOptions(within(add).getByLabelText('State'), 'TX');
    await userEvent.type(within(add).getByLabelText('License number'), 'TX-12345');
    await userEvent.type(within(add).getByLabelText('Expires on'), '2028-01-31');
    await userEvent.click(within(add).getByRole('button', { name: 'Add license' }));
    expect(await within(add).findByText(PHYSICIAN_MESSAGES.licenseExists)).toBeInTheDocument();
  });
});
