import type { TSecurityStatus } from '@medhire/contract/security';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const SECURITY = 'GET /api/employer/auth/security';
const ENROLMENT_MESSAGE =
  'Your organization requires two-step sign-in. Set up an authenticator app to continue using MedHire.';

function status(overrides: Partial<TSecurityStatus['currentSession']> = {}, isOn = false): TSecurityStatus {
  return {
    totp: { isEnabled: isOn, enabledAt: isOn ? '2026-11-27T15:00:00.000Z' : null },
    recoveryCodes: { remaining: isOn ? 10 : 0, generatedAt: null },
    currentSession: { factors: ['password'], secondFactorAt: null, enrolmentRequired: true, ...overrides },
  };
}

const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

describe('a session held to setting up two-step sign-in', () => {
  it('is taken from any page to Settings → Security, which shows only the set-up, why, and sign-out', async () => {
    mockApi({ [SECURITY]: () => envelope(status()) });
    const { router } = renderApp('/settings/team', {
      session: { ...makeSession(), enrolmentRequired: true },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/security'));
    expect(await screen.findByText('Your organization requires two-step sign-in')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // Nothing else: no settings tabs, no signed-in devices, no main navigation.
    expect(screen.queryByRole('navigation', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signed-in devices' })).not.toBeInTheDocument();
  });

  it('is sent there when a call answers 403 TWO_STEP_ENROLMENT_REQUIRED', async () => {
    mockApi({
      'GET /api/employer/team/get-team': () => failure(ENROLMENT_MESSAGE, 403, 'TWO_STEP_ENROLMENT_REQUIRED'),
      'GET /api/employer/job/get-all-jobs/user-1': () =>
        failure(ENROLMENT_MESSAGE, 403, 'TWO_STEP_ENROLMENT_REQUIRED'),
      [SECURITY]: () => envelope(status()),
    });
    const { router, store } = renderApp('/settings/team', { session: makeSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/security'));
    expect(store.getState().auth.session?.enrolmentRequired).toBe(true);
    expect(await screen.findByText('Your organization requires two-step sign-in')).toBeInTheDocument();
  });

  it('goes on to the dashboard once enrolled and the recovery codes are put away', async () => {
    const enrolled = status({ factors: ['password', 'totp'], enrolmentRequired: false }, true);
    let isEnrolled = false;
    mockApi({
      [SECURITY]: () => envelope(isEnrolled ? enrolled : status()),
      'POST /api/employer/auth/totp/start-enrolment': () =>
        envelope({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/MedHire:owner?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=MedHire',
          qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'POST /api/employer/auth/totp/confirm-enrolment': () => {
        isEnrolled = true;
        return envelope({ recoveryCodes: CODES, security: enrolled });
      },
    });
    const { router, store, user } = renderApp('/settings/security', {
      session: { ...makeSession(), enrolmentRequired: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    // The codes stay on screen until they are put away, though the server already freed the session.
    expect(router.state.location.pathname).toBe('/settings/security');
    expect(store.getState().auth.session?.enrolmentRequired).toBe(true);

    await user.click(screen.getByRole('button', { name: 'I saved my codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(store.getState().auth.session?.enrolmentRequired).toBeUndefined();
  });
});
