import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
  startRegistration: vi.fn(),
  browserSupportsWebAuthnAutofill: async () => false,
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};
const TICKET = 'ticket-0123456789abcdefghijklmnopqrstuvwxyzABC';
const SYNC = {
  'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: makeSession().user, code: 200 }),
};

describe('signing in with a passkey', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers passkeys in the e-mail field and signs in with the passkey alone', async () => {
    const { calls } = mockApi({
      ...SYNC,
      'POST /api/employer/auth/passkey/authentication-options': () =>
        envelope({ options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } }),
      'POST /api/employer/auth/passkey/sign-in': () => envelope(makeSession()),
    });
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const { user, router } = renderApp('/signIn');
    await screen.findByRole('heading', { name: 'Sign in to MedHire' });
    expect(screen.getByLabelText('Email address')).toHaveAttribute('autocomplete', 'username webauthn');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' },
      useBrowserAutofill: false,
    });
    expect(calls.find((call) => call.path.endsWith('/passkey/sign-in'))?.body).toEqual({
      credential: ASSERTION,
    });
  });

  it("shows the server's refusal and stays on sign-in", async () => {
    mockApi({
      'POST /api/employer/auth/passkey/authentication-options': () =>
        envelope({ options: { challenge: 'x' } }),
      'POST /api/employer/auth/passkey/sign-in': () =>
        failure('This passkey is not recognised. Sign in with your e-mail and password instead.', 401),
    });
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const { user, router } = renderApp('/signIn');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    // On the form and as a toast.
    expect((await screen.findAllByText(/This passkey is not recognised/)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/signIn');
  });

  it('uses a passkey as the second step after the password', async () => {
    const { calls } = mockApi({
      ...SYNC,
      'POST /api/employer/auth/login': () =>
        envelope({
          secondStep: { ticket: TICKET, methods: ['passkey'], expiresAt: '2026-11-27T12:05:00.000Z' },
        }),
      'POST /api/employer/auth/passkey/authentication-options': () =>
        envelope({ options: { challenge: 'c2Vjb25k' } }),
      'POST /api/employer/auth/second-step': () => envelope(makeSession()),
    });
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const { user, router } = renderApp('/signIn');
    await user.type(await screen.findByLabelText('Email address'), 'owner@lakeside-clinic.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(calls.find((call) => call.path.endsWith('/authentication-options'))?.body).toEqual({
      ticket: TICKET,
    });
    expect(calls.find((call) => call.path.endsWith('/second-step'))?.body).toEqual({
      ticket: TICKET,
      method: 'passkey',
      passkey: ASSERTION,
    });
  });
});
