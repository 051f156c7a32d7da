import { NPI_MESSAGES } from '@medhire/contract/organization';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NETWORK_SIGN_IN_MISSING_CODE } from '../components/doximity-success-screen.tsx';
import { PASSWORD_CHANGED_MESSAGE } from '../components/recover-password-screen.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
}));

describe('password recovery', () => {
  it('sends a code, trades it for a reset token and sets the new password with that token', async () => {
    const { calls } = mockApi({
      'POST /api/employer/auth/v1/send-otp-password-recovery': () =>
        envelope({ email: 'pat@clinic.example' }),
      'POST /api/employer/auth/v1/verify-otp-password-recovery': () =>
        envelope({ resetToken: 'reset-abc', expiresAt: '2030-01-01T00:00:00.000Z' }),
      'POST /api/employer/auth/v1/update-password-by-otp': () => envelope({ email: 'pat@clinic.example' }),
    });
    const { user, router } = renderApp('/recover-password');
    await screen.findByRole('heading', { name: 'Recover your password', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail address'), 'Pat@Clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByRole('heading', { name: 'Enter your code', level: 1 });
    await user.type(screen.getByLabelText('6-digit code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Choose a new password', level: 1 });
    const password = screen.getByLabelText('New password');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 10 characters for your password.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(notifySuccess).toHaveBeenCalledWith(PASSWORD_CHANGED_MESSAGE);
    // (The sign-in page it lands on asks for its own configuration; that is not part of recovery.)
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/employer/auth/v1/send-otp-password-recovery', { email: 'pat@clinic.example' }],
      ['/api/employer/auth/v1/verify-otp-password-recovery', { email: 'pat@clinic.example', otp: '135790' }],
      [
        '/api/employer/auth/v1/update-password-by-otp',
        { password: 'a brand new passphrase', resetToken: 'reset-abc' },
      ],
    ]);
  });

  it('keeps the code when the server refuses it', async () => {
    mockApi({
      'POST /api/employer/auth/v1/send-otp-password-recovery': () =>
        envelope({ email: 'pat@clinic.example' }),
      'POST /api/employer/auth/v1/verify-otp-password-recovery': () =>
        failure('This code has expired. Ask for a new one.', 400),
    });
    const { user } = renderApp('/recover-password');
    await user.type(await screen.findByLabelText('E-mail address'), 'pat@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired. Ask for a new one.');
    expect(code).toHaveValue('135790');
  });
});

describe('setting the first password from the e-mailed link', () => {
  it('sends e-mail, password and token, then signs in and goes where the session belongs', async () => {
    const claimed = makeSession({
      token: 'claimed-token',
      code: 201,
      user: { _id: 'user-claimed', accountStatus: 'pending', preferenceProbe: [], organizationId: 'org-9' },
    });
    const { calls } = mockApi({
      'POST /api/employer/auth/set-password': () => envelope(claimed),
      'GET /api/employer/auth/sync-user-detail/user-claimed': () =>
        envelope({ user: claimed.user, code: 201 }),
    });
    const { user, router, store } = renderApp('/setupPassword?email=owner%40clinic.example&token=tok-123');
    const email = await screen.findByLabelText('E-mail address');
    expect(email).toHaveValue('owner@clinic.example');
    expect(email).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('Password'), 'a sturdy passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/establish-profile'));
    expect(calls[0]?.body).toEqual({
      email: 'owner@clinic.example',
      password: 'a sturdy passphrase',
      token: 'tok-123',
    });
    expect(store.getState().auth.session?.token).toBe('claimed-token');
  });

  it('explains an incomplete link on /set-up-password', async () => {
    renderApp('/set-up-password?email=owner%40clinic.example');
    expect(
      await screen.findByRole('heading', { name: 'This link is incomplete', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim your business' })).toHaveAttribute(
      'href',
      '/claimBusiness',
    );
  });
});

describe('claiming a business', () => {
  it('checks the NPI check digit before sending', async () => {
    const { user } = renderApp('/claimBusiness');
    await user.type(await screen.findByLabelText('Organization name'), 'Lakeside Family Medicine');
    await user.type(screen.getByLabelText('Work e-mail address'), 'owner@lakeside.example');
    const npi = screen.getByLabelText('NPI number');
    await user.type(npi, '1234567890');
    await user.click(screen.getByRole('button', { name: 'Claim business' }));
    expect(await screen.findByText(NPI_MESSAGES.checkDigit)).toBeInTheDocument();
    expect(npi).toHaveAccessibleDescription(expect.stringContaining(NPI_MESSAGES.checkDigit));

    await user.clear(npi);
    await user.type(npi, '12345');
    await user.click(screen.getByRole('button', { name: 'Claim business' }));
    expect(await screen.findByText(NPI_MESSAGES.format)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the claim and tells the person to check their e-mail', async () => {
    const { calls } = mockApi({
      'POST /api/employer/auth/claim': () => envelope({ email: 'owner@lakeside.example' }),
    });
    const { user } = renderApp('/claimBusiness');
    await user.type(await screen.findByLabelText('Organization name'), '  Lakeside Family Medicine ');
    await user.type(screen.getByLabelText('NPI number'), '1234567893');
    await user.type(screen.getByLabelText('Work e-mail address'), 'Owner@Lakeside.example');
    await user.click(screen.getByRole('button', { name: 'Claim business' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('owner@lakeside.example')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      email: 'owner@lakeside.example',
      npiNumber: '1234567893',
      organization: 'Lakeside Family Medicine',
    });
  });

  it('offers the same claim to a signed-in employer on /claimBusinessProfile', async () => {
    mockApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        envelope({ user: makeSession().user, code: 200 }),
    });
    renderApp('/claimBusinessProfile', { session: makeSession() });
    expect(
      await screen.findByRole('heading', { name: 'Claim an organization', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('NPI number')).toBeInTheDocument();
  });
});

describe('Doximity sign-in', () => {
  it('is offered on the sign-in page only when the server has it configured', async () => {
    mockApi({
      'GET /api/employer/auth/oidc/config': () =>
        envelope({
          enabled: true,
          authorizeUrl: 'https://auth.doximity.example/authorize?client_id=medhire',
        }),
    });
    renderApp('/signIn');
    expect(await screen.findByRole('link', { name: 'Sign in with Doximity' })).toHaveAttribute(
      'href',
      'https://auth.doximity.example/authorize?client_id=medhire',
    );
  });

  it('stays hidden when the server does not know the call', async () => {
    const { fetchMock } = mockApi({
      'GET /api/employer/auth/oidc/config': () => failure('Not found.', 404, 'NOT_FOUND'),
    });
    renderApp('/signIn');
    await screen.findByRole('heading', { name: 'Sign in to MedHire' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Sign in with Doximity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('trades the returned code for a session once and goes on', async () => {
    const session = makeSession({ token: 'doximity-token' });
    const { calls } = mockApi({
      'GET /api/employee/auth/v1/exchange-code-with-token/code-77': () => envelope(session),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: session.user, code: 200 }),
    });
    const { router, store } = renderApp('/auth/doximity/success?code=code-77&state=st-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const exchanges = calls.filter((call) => call.path.includes('exchange-code-with-token'));
    expect(exchanges).toHaveLength(1);
    expect(store.getState().auth.session?.token).toBe('doximity-token');
  });

  it('asks for the authenticator code when the account has one, then goes on', async () => {
    const session = makeSession({ token: 'after-second-step' });
    const ticket = 'ticket-0123456789abcdefghijklmnopqrstuvwxyzABC';
    const { calls } = mockApi({
      'GET /api/employee/auth/v1/exchange-code-with-token/code-78': () =>
        envelope({
          secondStep: { ticket, methods: ['totp', 'recovery_code'], expiresAt: '2026-11-27T12:05:00.000Z' },
        }),
      'POST /api/employer/auth/second-step': () => envelope(session),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: session.user, code: 200 }),
    });
    const { router, store, user } = renderApp('/auth/doximity/success?code=code-78&state=st-1');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(store.getState().auth.session).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(store.getState().auth.session?.token).toBe('after-second-step');
    expect(calls.find((call) => call.path.endsWith('/second-step'))?.body).toEqual({
      ticket,
      method: 'totp',
      code: '123456',
    });
  });

  it('shows what went wrong with a way back to sign in', async () => {
    mockApi({
      'GET /api/employee/auth/v1/exchange-code-with-token/stale': () =>
        failure('This sign-in link has expired. Sign in again.', 401, 'UNAUTHENTICATED'),
    });
    renderApp('/auth/doximity/success?code=stale&state=st-1');
    expect(await screen.findByText('This sign-in link has expired. Sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signIn');
  });

  it('explains a visit without a code', async () => {
    renderApp('/auth/doximity/success');
    expect(await screen.findByText(NETWORK_SIGN_IN_MISSING_CODE)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
