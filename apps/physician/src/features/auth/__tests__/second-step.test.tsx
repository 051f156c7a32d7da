import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../../lib/session-storage.ts';
import { enums } from '../../../test/enums.ts';
import { failure, ok, session } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const CHALLENGE = {
  secondStep: {
    ticket: 'ticket-0123456789abcdefghijklmnopqrstuvwxyzABC',
    methods: ['totp', 'recovery_code'],
    expiresAt: '2026-11-27T12:05:00.000Z',
  },
};

async function passPasswordStep() {
  await userEvent.type(await screen.findByLabelText('E-mail'), 'ada.lovelace@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-step sign-in' });
}

describe('the second step of sign-in', () => {
  it('asks for the authenticator code and signs in with it', async () => {
    let attempts = 0;
    const calls = mockApi({
      'POST /api/employee/auth/login': () => ok(CHALLENGE),
      'POST /api/employee/auth/second-step': () => {
        attempts += 1;
        return attempts === 1
          ? failure(
              400,
              'This code was already used. Wait for the next code in your authenticator app.',
              'BAD_REQUEST',
            )
          : ok(session);
      },
      'GET /api/enums/get-all-enums': () => ok(enums),
      'GET /api/employee/match/get-all-matches': () =>
        ok({ matches: [], total: 0, pageNumber: 1, pageSize: 50 }),
    });
    const { router } = renderApp('/invites', { isSignedIn: false });
    await passPasswordStep();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code was already used.');

    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Invites' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invites');
    expect(calls.filter((call) => call.path.endsWith('/second-step')).at(-1)?.body).toEqual({
      ticket: CHALLENGE.secondStep.ticket,
      method: 'totp',
      code: '654321',
    });
  });

  it('switches to a recovery code and back to the password', async () => {
    const calls = mockApi({
      'POST /api/employee/auth/login': () => ok(CHALLENGE),
      'POST /api/employee/auth/second-step': () =>
        failure(400, 'This recovery code is not correct. Check it and try again.', 'BAD_REQUEST'),
    });
    renderApp('/sign-in', { isSignedIn: false });
    await passPasswordStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This recovery code is not correct.');
    expect(calls.find((call) => call.path.endsWith('/second-step'))?.body).toMatchObject({
      method: 'recovery_code',
      code: 'abcde-fghij',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
