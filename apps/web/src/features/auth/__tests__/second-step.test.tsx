import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const CHALLENGE = {
  secondStep: {
    ticket: 'ticket-0123456789abcdefghijklmnopqrstuvwxyzABC',
    methods: ['totp', 'recovery_code'],
    expiresAt: '2026-11-27T12:05:00.000Z',
  },
};

async function passPasswordStep() {
  const app = renderApp('/signIn');
  await screen.findByRole('heading', { name: 'Sign in to MedHire' });
  await app.user.type(screen.getByLabelText('Email address'), 'owner@lakeside-clinic.org');
  await app.user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-step sign-in' });
  return app;
}

describe('the second step of sign-in', () => {
  it('asks for the authenticator code after a right password and signs in with it', async () => {
    const { calls } = mockApi({
      'POST /api/employer/auth/login': () => envelope(CHALLENGE),
      'POST /api/employer/auth/second-step': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? envelope(makeSession())
          : failure(
              'This code is not correct. Check the time on your phone and enter the newest code from the app.',
              400,
            ),
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        envelope({ user: makeSession().user, code: 200 }),
    });
    const { user, router } = await passPasswordStep();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/second-step'))).toBe(false);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/This code is not correct/);
    expect(code).toHaveValue('');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(calls.filter((call) => call.path.endsWith('/second-step')).at(-1)?.body).toEqual({
      ticket: CHALLENGE.secondStep.ticket,
      method: 'totp',
      code: '123456',
    });
  });

  it('takes a recovery code instead, and goes back to the password', async () => {
    const { calls } = mockApi({
      'POST /api/employer/auth/login': () => envelope(CHALLENGE),
      'POST /api/employer/auth/second-step': () =>
        failure('This recovery code was already used. Each one works once: try another.', 400),
    });
    const { user } = await passPasswordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(recovery, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This recovery code was already used.');
    expect(calls.find((call) => call.path.endsWith('/second-step'))?.body).toMatchObject({
      method: 'recovery_code',
      code: 'abcde-fghij',
    });
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to MedHire' })).toBeInTheDocument();
  });
});
