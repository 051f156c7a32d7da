import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../../lib/session-storage.ts';
import { enums } from '../../../test/enums.ts';
import { failure, ok, physician, session } from '../../../test/fixtures.ts';
import { mockApi, renderApp, withoutOidcConfig } from '../../../test/render-app.tsx';

const account = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.lovelace@example.com',
  password: 'Stethoscope-2026!',
};

async function fillSignUp() {
  await userEvent.type(await screen.findByLabelText('First name'), account.firstName);
  await userEvent.type(screen.getByLabelText('Last name'), account.lastName);
  await userEvent.type(screen.getByLabelText('E-mail'), account.email);
  await userEvent.type(screen.getByLabelText('Password'), account.password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

const profileApi = {
  'GET /api/enums/get-all-enums': () => ok(enums),
  'GET /api/employee/profile/get-profile': () => ok(physician),
};

describe('signing up', () => {
  it("shows the server's reason when it refuses, and checks the form before sending", async () => {
    const calls = mockApi({
      'POST /api/employee/auth/register': () =>
        failure(409, 'An account with this e-mail already exists. Sign in instead.', 'CONFLICT'),
    });
    renderApp('/sign-up', { isSignedIn: false });

    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(withoutOidcConfig(calls)).toEqual([]);

    await fillSignUp();
    expect(
      await screen.findByText('An account with this e-mail already exists. Sign in instead.'),
    ).toBeInTheDocument();
    expect(withoutOidcConfig(calls)[0]).toEqual({
      method: 'POST',
      path: '/api/employee/auth/register',
      body: account,
    });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('asks for the e-mailed code when sign-up sends one, and signs in with it', async () => {
    const calls = mockApi({
      'POST /api/employee/auth/register': () => ok({ email: account.email }),
      'POST /api/employee/auth/verify-otp': ({ body }) =>
        (body as { otp: string }).otp === '123456' ? ok(session) : failure(400, 'This code is not correct.'),
      ...profileApi,
    });
    const { router } = renderApp('/sign-up', { isSignedIn: false });

    await fillSignUp();
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();

    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByText('This code is not correct.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.filter((call) => call.path === '/api/employee/auth/verify-otp').at(-1)?.body).toEqual({
      email: account.email,
      otp: '123456',
    });
  });
});
