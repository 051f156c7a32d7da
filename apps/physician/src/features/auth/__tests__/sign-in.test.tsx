import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../../../lib/session-storage.ts';
import { enums } from '../../../test/enums.ts';
import { failure, ok, session } from '../../../test/fixtures.ts';
import { mockApi, renderApp, withoutOidcConfig } from '../../../test/render-app.tsx';

describe('signing in', () => {
  it('sends a signed-out visitor to sign-in and back to where they were headed', async () => {
    const calls = mockApi({
      'POST /api/employee/auth/login': () => ok(session),
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/match/get-all-matches': () =>
        ok({ matches: [], total: 0, pageNumber: 1, pageSize: 50 }),
    });
    const { router } = renderApp('/invites', { isSignedIn: false });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada.lovelace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Invites' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invites');
    expect(withoutOidcConfig(calls)[0]).toEqual({
      method: 'POST',
      path: '/api/employee/auth/login',
      body: { email: 'ada.lovelace@example.com', password: 'correct horse battery' },
    });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(session);
  });

  it('checks the form with the contract before sending anything', async () => {
    const calls = mockApi({});
    renderApp('/sign-in', { isSignedIn: false });

    await userEvent.type(await screen.findByLabelText('E-mail'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(withoutOidcConfig(calls)).toEqual([]);
  });

  it("shows the server's reason when it refuses", async () => {
    mockApi({
      'POST /api/employee/auth/login': () =>
        failure(401, 'The e-mail or password is wrong.', 'UNAUTHENTICATED'),
    });
    renderApp('/sign-in', { isSignedIn: false });

    await userEvent.type(await screen.findByLabelText('E-mail'), 'ada.lovelace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The e-mail or password is wrong.')).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe('signing in before confirming the e-mail', () => {
  it('asks for the code the server has just sent, and signs in with it', async () => {
    const notVerified =
      'Confirm your e-mail address first: enter the 6-digit code we sent to ada.lovelace@example.com.';
    const calls = mockApi({
      'POST /api/employee/auth/login': () =>
        failure(403, notVerified, 'FORBIDDEN', { reason: 'EMAIL_NOT_VERIFIED' }),
      'POST /api/employee/auth/verify-otp': () => ok(session),
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/match/get-all-matches': () =>
        ok({ matches: [], total: 0, pageNumber: 1, pageSize: 50 }),
    });
    const { router } = renderApp('/sign-in?redirectTo=%2Finvites', { isSignedIn: false });

    await userEvent.type(await screen.findByLabelText('E-mail'), 'Ada.Lovelace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(notVerified)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    expect(await screen.findByRole('heading', { name: 'Invites' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invites');
    expect(calls.find((call) => call.path === '/api/employee/auth/verify-otp')?.body).toEqual({
      email: 'ada.lovelace@example.com',
      otp: '123456',
    });
  });
});
