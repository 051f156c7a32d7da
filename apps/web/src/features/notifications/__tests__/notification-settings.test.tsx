import { NOTIFICATION_TYPES, type TNotificationPreference } from '@medhire/contract/notifications';
import { notifyError } from '@medhire/ui/toast.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createAppStore } from '../../../app/store.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { NotificationSettings } from '../components/notification-settings.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
}));

const PREFERENCES = 'GET /api/employer/notification/preferences/user-1';
const UPDATE = 'PATCH /api/employer/notification/preferences/user-1';

function allOn(): TNotificationPreference[] {
  return NOTIFICATION_TYPES.map((type) => ({ type, inApp: true, push: true, email: true }));
}

function renderSettings() {
  const store = createAppStore({ session: makeSession() });
  render(
    <AppProviders store={store}>
      <NotificationSettings />
    </AppProviders>,
  );
  return userEvent.setup();
}

describe('notification settings in /edit-profile', () => {
  it('shows type × channel switches with in-app always on and disabled', async () => {
    mockApi({ [PREFERENCES]: () => envelope({ preferences: allOn() }) });
    renderSettings();
    const inApp = await screen.findByRole('switch', {
      name: 'A physician applies to a job: in the app (always on)',
    });
    expect(inApp).toBeChecked();
    expect(inApp).toBeDisabled();
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_TYPES.length * 3);
    expect(
      screen.getByRole('switch', { name: 'A physician sends you a message: Browser push' }),
    ).toBeEnabled();
  });

  it('saves one switch at a time and shows what the server kept', async () => {
    const { calls } = mockApi({
      [PREFERENCES]: () => envelope({ preferences: allOn() }),
      [UPDATE]: () =>
        envelope({
          preferences: allOn().map((item) =>
            item.type === 'APPLY_ON_JOB' ? { ...item, email: false } : item,
          ),
        }),
    });
    const user = renderSettings();
    const digest = await screen.findByRole('switch', { name: 'A physician applies to a job: E-mail digest' });
    await user.click(digest);
    await waitFor(() => expect(digest).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      preferences: [{ type: 'APPLY_ON_JOB', email: false }],
    });
  });

  it('puts a switch back and shows the error when saving fails', async () => {
    mockApi({
      [PREFERENCES]: () => envelope({ preferences: allOn() }),
      [UPDATE]: () => failure('Your settings could not be saved.', 500, 'INTERNAL'),
    });
    const user = renderSettings();
    const push = await screen.findByRole('switch', { name: 'A physician declines an invite: Browser push' });
    await user.click(push);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Your settings could not be saved.'));
    expect(push).toBeChecked();
  });

  it('offers Try again when the settings cannot be loaded', async () => {
    let shouldFail = true;
    mockApi({
      [PREFERENCES]: () =>
        shouldFail
          ? failure('Settings are unavailable.', 503, 'UNAVAILABLE')
          : envelope({ preferences: allOn() }),
    });
    const user = renderSettings();
    expect(await screen.findByText('Settings are unavailable.')).toBeInTheDocument();
    shouldFail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('switch')).toHaveLength(NOTIFICATION_TYPES.length * 3);
  });
});

describe('the weekly hiring summary switch', () => {
  const WEEKLY = 'GET /api/employer/notification/weekly-summary/user-1';
  const UPDATE_WEEKLY = 'PATCH /api/employer/notification/weekly-summary/user-1';

  it('is offered to owners and admins and saves at once', async () => {
    const { calls } = mockApi({
      [PREFERENCES]: () => envelope({ preferences: allOn() }),
      [WEEKLY]: () => envelope({ isEligible: true, isEnabled: true }),
      [UPDATE_WEEKLY]: () => envelope({ isEligible: true, isEnabled: false }),
    });
    const user = renderSettings();
    const weekly = await screen.findByRole('switch', { name: /Weekly hiring summary/ });
    expect(weekly).toBeChecked();
    await user.click(weekly);
    await waitFor(() => expect(weekly).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isEnabled: false });
  });

  it('is left out for members who do not get the summary', async () => {
    mockApi({
      [PREFERENCES]: () => envelope({ preferences: allOn() }),
      [WEEKLY]: () => envelope({ isEligible: false, isEnabled: true }),
    });
    renderSettings();
    await screen.findByRole('switch', { name: 'A physician applies to a job: E-mail digest' });
    expect(screen.queryByRole('switch', { name: /Weekly hiring summary/ })).not.toBeInTheDocument();
  });

  it('goes back and says why when saving fails', async () => {
    mockApi({
      [PREFERENCES]: () => envelope({ preferences: allOn() }),
      [WEEKLY]: () => envelope({ isEligible: true, isEnabled: true }),
      [UPDATE_WEEKLY]: () => failure('Say whether you want the weekly summary: true or false.', 400),
    });
    const user = renderSettings();
    const weekly = await screen.findByRole('switch', { name: /Weekly hiring summary/ });
    await user.click(weekly);
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('Say whether you want the weekly summary: true or false.'),
    );
    expect(weekly).toBeChecked();
  });
});
