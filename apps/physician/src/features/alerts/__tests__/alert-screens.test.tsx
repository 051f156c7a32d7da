import { JOB_ALERT_MESSAGES, type TJobAlert } from '@medhire/contract/job-alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enums } from '../../../test/enums.ts';
import { failure, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const alert: TJobAlert = {
  _id: 'alert-1',
  name: 'Family medicine near Austin',
  criteria: {
    specialty: 'family-medicine',
    latitude: 30.27,
    longitude: -97.74,
    placeName: 'Austin, TX',
    radiusMiles: 50,
  },
  channels: { push: true, email: false },
  frequency: 'instant',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('job alerts', () => {
  it('lists the alerts in words and deletes one after a confirmation', async () => {
    let alerts = [alert];
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/alert/get-all-alerts': () => ok({ alerts, total: alerts.length }),
      'DELETE /api/employee/alert/delete-alert/alert-1': () => {
        alerts = [];
        return ok({ alertId: 'alert-1' });
      },
    });
    renderApp('/alerts');

    const list = await screen.findByRole('list', { name: 'Your job alerts' });
    expect(within(list).getByText('Family Medicine · Within 50 miles of Austin, TX')).toBeInTheDocument();
    expect(within(list).getByText('As soon as a job is posted, by push')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this job alert?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete alert' }));
    expect(await screen.findByText('No job alerts yet')).toBeInTheDocument();
  });

  it('creates an alert from a search with its filters filled in', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/alert/get-all-alerts': () => ok({ alerts: [alert], total: 1 }),
      'POST /api/employee/alert/create-alert': ({ body }) => ok({ ...alert, ...(body as object) }),
    });
    renderApp(
      '/alerts/new?specialty=family-medicine&state=TX&latitude=30.27&longitude=-97.74&placeName=Austin%2C+TX&radiusMiles=25',
    );

    const form = await screen.findByRole('form', { name: 'Job alert' });
    expect(within(form).getByText('Austin, TX')).toBeInTheDocument();
    expect(within(form).getByLabelText('Distance')).toHaveValue('25');
    await userEvent.type(within(form).getByLabelText('Alert name'), 'Austin family medicine');
    await userEvent.click(within(form).getByLabelText('E-mail'));
    await userEvent.click(within(form).getByRole('radio', { name: /Daily/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));

    expect(await screen.findByText('Your job alert is saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Austin family medicine',
      criteria: {
        specialty: 'family-medicine',
        state: 'TX',
        latitude: 30.27,
        longitude: -97.74,
        placeName: 'Austin, TX',
        radiusMiles: 25,
      },
      channels: { push: true, email: true },
      frequency: 'daily',
    });
  });

  it('explains a daily alert without e-mail before sending, and shows a refusal from the server', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'POST /api/employee/alert/create-alert': () => failure(422, JOB_ALERT_MESSAGES.tooMany),
    });
    renderApp('/alerts/new');

    const form = await screen.findByRole('form', { name: 'Job alert' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(await within(form).findByText('Name the alert.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Alert name'), 'Anything new');
    await userEvent.click(within(form).getByRole('radio', { name: /Daily/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(await within(form).findByText(JOB_ALERT_MESSAGES.dailyNeedsEmail)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.click(within(form).getByRole('radio', { name: /Instant/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(await within(form).findByText(JOB_ALERT_MESSAGES.tooMany)).toBeInTheDocument();
  });

  it('edits an alert: the stored values are filled in and the change is sent', async () => {
    const calls = mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/alert/get-alert/alert-1': () => ok(alert),
      'GET /api/employee/alert/get-all-alerts': () => ok({ alerts: [alert], total: 1 }),
      'PATCH /api/employee/alert/update-alert/alert-1': ({ body }) => ok({ ...alert, ...(body as object) }),
    });
    renderApp('/alerts/alert-1');

    const form = await screen.findByRole('form', { name: 'Job alert' });
    expect(within(form).getByLabelText('Alert name')).toHaveValue(alert.name);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove place' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your job alert is updated.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      name: alert.name,
      criteria: { specialty: 'family-medicine' },
    });
    expect(calls.find((call) => call.method === 'PATCH')?.body).not.toHaveProperty('criteria.latitude');
  });

  it('says so when the alert to edit does not exist', async () => {
    mockApi({
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/alert/get-alert/alert-9': () =>
        failure(404, JOB_ALERT_MESSAGES.notFound, 'NOT_FOUND'),
    });
    renderApp('/alerts/alert-9');
    expect(await screen.findByText(JOB_ALERT_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your job alerts' })).toBeInTheDocument();
  });
});
