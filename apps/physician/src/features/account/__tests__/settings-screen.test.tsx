import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../../../lib/session-storage.ts';
import { failure, ok, physician } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const preferences = {
  preferences: [
    { type: 'JOB_INVITE', inApp: true, push: true, email: true },
    { type: 'EMPLOYER_MESSAGE', inApp: true, push: true, email: true },
    { type: 'APPLICATION_STATUS', inApp: true, push: true, email: false },
    { type: 'JOB_ALERT', inApp: true, push: false, email: true },
  ],
};

const thisDevice = {
  _id: 'session-1',
  browser: 'Chrome 131',
  system: 'Android 14',
  kind: 'mobile',
  firstSeenAt: '2026-11-20T15:00:00.000Z',
  lastSeenAt: '2026-11-27T08:00:00.000Z',
  isCurrent: true,
};
const otherDevice = {
  ...thisDevice,
  _id: 'session-2',
  browser: 'Safari 18',
  system: 'macOS 15.1',
  kind: 'desktop',
  isCurrent: false,
};

const settingsApi = {
  'GET /api/employee/notification/unread-count': () => ok({ unreadCount: 0 }),
  'GET /api/employee/notification/preferences': () => ok(preferences),
  'GET /api/employee/auth/get-devices': () => ok({ devices: [thisDevice, otherDevice] }),
  'GET /api/employee/auth/passkeys': () => ok({ passkeys: [] }),
};

describe('passkeys', () => {
  it("lists the physician's passkeys and renames one through the physician API", async () => {
    const phone = {
      id: '0b8f3c52-4f5e-4bd7-9a53-3c3f4f1c2a10',
      name: 'Phone',
      createdAt: '2026-11-20T15:00:00.000Z',
      lastUsedAt: null,
      isBackedUp: true,
    };
    const calls = mockApi({
      ...settingsApi,
      'GET /api/employee/auth/passkeys': () => ok({ passkeys: [phone] }),
      [`PATCH /api/employee/auth/passkey/${phone.id}`]: ({ body }) =>
        ok({ passkeys: [{ ...phone, name: (body as { name: string }).name }] }),
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Passkeys' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Not used yet', { exact: false })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Rename the passkey Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    await userEvent.clear(within(dialog).getByLabelText('Passkey name'));
    await userEvent.type(within(dialog).getByLabelText('Passkey name'), 'Clinic phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(list).findByText('Clinic phone')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Clinic phone' });
  });
});

describe('changing the password', () => {
  it('checks the form, shows a refusal, and confirms the change', async () => {
    let attempts = 0;
    const calls = mockApi({
      ...settingsApi,
      'POST /api/employee/auth/change-password': () => {
        attempts += 1;
        return attempts === 1
          ? failure(422, 'Your password is not correct.', 'BUSINESS_RULE')
          : ok({ email: physician.email });
      },
    });
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Change password' });

    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Enter your password.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('change-password'))).toBe(false);

    await userEvent.type(within(form).getByLabelText('Current password'), 'old password 1');
    await userEvent.type(within(form).getByLabelText('New password'), 'Stethoscope-2027!');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your password is not correct.')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('Your password has been changed. Other devices have been signed out.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('change-password')).at(-1)?.body).toEqual({
      oldPassword: 'old password 1',
      newPassword: 'Stethoscope-2027!',
    });
  });
});

describe('changing the e-mail', () => {
  it('sends a code to the new address and uses it once the code is confirmed', async () => {
    const newEmail = 'ada@lakeside.example';
    const calls = mockApi({
      ...settingsApi,
      'POST /api/employee/auth/update-email': () => ok({ email: newEmail }),
      'POST /api/employee/auth/verify-otp-update-email': ({ body }) =>
        (body as { otp: string }).otp === '123456'
          ? ok({ ...physician, email: newEmail })
          : failure(400, 'This code is not correct or has expired.'),
    });
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Change e-mail' });
    expect(within(form).getByText(physician.email)).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('New e-mail'), 'not an address');
    await userEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('New e-mail'));
    await userEvent.type(within(form).getByLabelText('New e-mail'), newEmail);
    await userEvent.click(within(form).getByRole('button', { name: 'Send code' }));

    const confirm = await screen.findByRole('form', { name: 'Confirm your new e-mail' });
    await userEvent.type(within(confirm).getByLabelText('Code'), '000000');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm new e-mail' }));
    expect(await within(confirm).findByText('This code is not correct or has expired.')).toBeInTheDocument();
    await userEvent.clear(within(confirm).getByLabelText('Code'));
    await userEvent.type(within(confirm).getByLabelText('Code'), '123456');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm new e-mail' }));

    expect(
      await screen.findByText('Your e-mail address is changed. Other devices have been signed out.'),
    ).toBeInTheDocument();
    expect(screen.getByText(newEmail)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null').physician.email).toBe(newEmail);
    expect(calls.find((call) => call.path.endsWith('verify-otp-update-email'))?.body).toEqual({
      email: newEmail,
      otp: '000000',
    });
  });
});

describe('deleting the account', () => {
  it('says what is erased, asks for the password, and signs out to sign-in with a notice', async () => {
    let attempts = 0;
    const calls = mockApi({
      ...settingsApi,
      'DELETE /api/employee/auth/delete-account': () => {
        attempts += 1;
        return attempts === 1
          ? failure(422, 'Your password is not correct.', 'BUSINESS_RULE')
          : ok({ deleted: true, applicationsWithdrawn: 1, invitesDeclined: 0 });
      },
    });
    const { router } = renderApp('/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/Your profile, licenses, training, CV and photo/)).toBeInTheDocument();
    expect(within(dialog).getByText(/applications are withdrawn/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Your password'), 'my password 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your password is not correct.')).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)?.body).toEqual({
      password: 'my password 1',
    });
  });
});

describe('notification settings', () => {
  it('saves a channel as soon as it is switched, and shows a refusal', async () => {
    let attempts = 0;
    const calls = mockApi({
      ...settingsApi,
      'PATCH /api/employee/notification/preferences': () => {
        attempts += 1;
        if (attempts === 1) {
          return failure(500, 'Something went wrong on our side. Please try again in a moment.', 'INTERNAL');
        }
        return ok({
          preferences: preferences.preferences.map((preference) =>
            preference.type === 'EMPLOYER_MESSAGE' ? { ...preference, email: false } : preference,
          ),
        });
      },
    });
    renderApp('/settings');

    const messagesByEmail = await screen.findByRole('checkbox', { name: 'E-mail: Messages from employers' });
    expect(messagesByEmail).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'In the app: Messages from employers (always on)' }),
    ).toBeDisabled();

    await userEvent.click(messagesByEmail);
    expect(
      await screen.findByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'E-mail: Messages from employers' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'E-mail: Messages from employers' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'E-mail: Messages from employers' })).not.toBeChecked(),
    );
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      preferences: [{ type: 'EMPLOYER_MESSAGE', email: false }],
    });
  });
});

describe('signed-in devices', () => {
  it('lists the devices and signs another one out', async () => {
    let isSignedOut = false;
    const calls = mockApi({
      ...settingsApi,
      'GET /api/employee/auth/get-devices': () =>
        ok({ devices: isSignedOut ? [thisDevice] : [thisDevice, otherDevice] }),
      'DELETE /api/employee/auth/revoke-device/session-2': () => {
        isSignedOut = true;
        return ok(null);
      },
    });
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('This device')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /^Sign out Safari 18 on macOS 15.1/ }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/revoke-device/session-2')),
    ).toBe(true);
  });
});
