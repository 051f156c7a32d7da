import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp, withoutOidcConfig } from '../../../test/render-app.tsx';

const email = 'ada.lovelace@example.com';

describe('forgetting the password', () => {
  it('sends a code, trades it for a reset token and sets the new password, then offers sign-in', async () => {
    const calls = mockApi({
      'POST /api/employee/auth/send-otp-password-recovery': () => ok({ email }),
      'POST /api/employee/auth/verify-otp-password-recovery': ({ body }) =>
        (body as { otp: string }).otp === '123456'
          ? ok({ resetToken: 'reset-1', expiresAt: '2026-11-25T11:00:00.000Z' })
          : failure(400, 'This code is not correct or has expired.'),
      'POST /api/employee/auth/update-password-by-otp': () => ok({ email }),
    });
    const { router } = renderApp('/sign-in', { isSignedIn: false });

    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('E-mail'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This code is not correct or has expired.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 10 characters for your password.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('update-password-by-otp'))).toBe(false);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Stethoscope-2027!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(withoutOidcConfig(calls).at(-1)).toEqual({
      method: 'POST',
      path: '/api/employee/auth/update-password-by-otp',
      body: { password: 'Stethoscope-2027!', resetToken: 'reset-1' },
    });
  });

  it("shows the server's reason when it refuses to send a code", async () => {
    mockApi({
      'POST /api/employee/auth/send-otp-password-recovery': () =>
        failure(429, 'Too many codes were asked for. Try again in 15 minutes.', 'RATE_LIMITED'),
    });
    renderApp('/forgot-password', { isSignedIn: false });

    await userEvent.type(await screen.findByLabelText('E-mail'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(
      await screen.findByText('Too many codes were asked for. Try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });
});
