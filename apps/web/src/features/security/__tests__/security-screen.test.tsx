import type { TSecurityStatus } from '@medhire/contract/security';
import { RIGHT_NAMES, roleCan } from '@medhire/contract/team-roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const SECURITY = 'GET /api/employer/auth/security';
/** The other sections of the same screen: this device only, no passkeys. */
const DEVICES = {
  'GET /api/employer/auth/get-devices': () => envelope({ devices: [] }),
  'GET /api/employer/auth/passkeys': () => envelope({ passkeys: [] }),
};
const session = makeSession();

function status(overrides: Partial<TSecurityStatus> = {}): TSecurityStatus {
  return {
    totp: { isEnabled: false, enabledAt: null },
    recoveryCodes: { remaining: 0, generatedAt: null },
    currentSession: { factors: ['password'], secondFactorAt: null, enrolmentRequired: false },
    ...overrides,
  };
}

const ON = status({
  totp: { isEnabled: true, enabledAt: '2026-11-20T15:00:00.000Z' },
  recoveryCodes: { remaining: 10, generatedAt: '2026-11-20T15:00:00.000Z' },
});
const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

describe('/settings/security', () => {
  it('sets up the authenticator app: QR code, the key as text, a confirming code, then the recovery codes once', async () => {
    const { calls } = mockApi({
      ...DEVICES,
      [SECURITY]: () => envelope(status()),
      'POST /api/employer/auth/totp/start-enrolment': () =>
        envelope({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/MedHire:owner?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=MedHire',
          qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'POST /api/employer/auth/totp/confirm-enrolment': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? envelope({ recoveryCodes: CODES, security: ON })
          : failure(
              'This code is not correct. Check the time on your phone and enter the newest code from the app.',
              400,
            ),
    });
    const { user } = renderApp('/settings/security', { session });
    expect(await screen.findByRole('heading', { name: 'Authenticator app' })).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByText('This session was opened with your password.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add MedHire to your authenticator app' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/This code is not correct/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Save your recovery codes now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/confirm-enrolment')).map((call) => call.body)).toEqual(
      [{ code: '000000' }, { code: '123456' }],
    );

    await user.click(screen.getByRole('button', { name: 'I saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.getByText(/10 recovery codes left/)).toBeInTheDocument();
  });

  it('makes new recovery codes and turns the app off with the password', async () => {
    const { calls } = mockApi({
      ...DEVICES,
      [SECURITY]: () => envelope(ON),
      'POST /api/employer/auth/recovery-codes/regenerate': () =>
        envelope({ recoveryCodes: CODES, security: ON }),
      'POST /api/employer/auth/totp/disable': ({ body }) =>
        (body as { password?: string }).password === 'right-password'
          ? envelope(status())
          : failure('Your current password is not correct.', 400),
    });
    const { user } = renderApp('/settings/security', { session });
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I saved my codes' }));

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/disable')).at(-1)?.body).toEqual({
      password: 'right-password',
    });
  });

  it('asks for a code when the change needs a fresh second step, then makes it', async () => {
    let confirmed = false;
    const { calls } = mockApi({
      ...DEVICES,
      [SECURITY]: () => envelope(ON),
      'POST /api/employer/auth/recovery-codes/regenerate': () =>
        confirmed
          ? envelope({ recoveryCodes: CODES, security: ON })
          : failure(
              'For this change, confirm it is you: enter the code from your authenticator app.',
              403,
              'SECOND_STEP_REQUIRED',
            ),
      'POST /api/employer/auth/confirm-second-step': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return failure('This code is not correct.', 400);
        confirmed = true;
        return envelope(ON);
      },
    });
    const { user } = renderApp('/settings/security', { session });
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This code is not correct.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/regenerate'))).toHaveLength(2);
  });

  it('lists the passkeys on the same screen, and removing one may ask for a passkey first', async () => {
    const laptop = {
      id: '6d1c0c8e-5a43-4a44-9f3e-1d6f2f0f6a11',
      name: 'Work laptop',
      createdAt: '2026-11-20T15:00:00.000Z',
      lastUsedAt: '2026-11-21T15:00:00.000Z',
      isBackedUp: false,
    };
    const { calls } = mockApi({
      ...DEVICES,
      [SECURITY]: () => envelope(status()),
      'GET /api/employer/auth/passkeys': () => envelope({ passkeys: [laptop] }),
      [`DELETE /api/employer/auth/passkey/${laptop.id}`]: () =>
        failure('For this change, confirm it is you.', 403, 'SECOND_STEP_REQUIRED', { methods: ['passkey'] }),
    });
    const { user } = renderApp('/settings/security', { session });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/Last used/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove the passkey Work laptop' }));
    await user.click(await screen.findByRole('button', { name: 'Remove passkey' }));
    // The account's only factor is a passkey: the dialog asks for it, with no code field.
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(dialog).queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByText('Work laptop')).toBeInTheDocument();
  });

  it('shows the refusal when the person closes the code dialog', async () => {
    mockApi({
      ...DEVICES,
      [SECURITY]: () => envelope(ON),
      'POST /api/employer/auth/recovery-codes/regenerate': () =>
        failure(
          'For this change, confirm it is you: enter the code from your authenticator app.',
          403,
          'SECOND_STEP_REQUIRED',
        ),
    });
    const { user } = renderApp('/settings/security', { session });
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Make new recovery codes' })).toBeInTheDocument();
  });

  it('says when the status cannot be loaded, and tries again', async () => {
    let attempts = 0;
    mockApi({
      ...DEVICES,
      [SECURITY]: () => {
        attempts += 1;
        return attempts === 1
          ? failure('MedHire cannot reach its database right now.', 503, 'UNAVAILABLE')
          : envelope(status());
      },
    });
    const { user } = renderApp('/settings/security', { session });
    expect(await screen.findByText('Your sign-in security could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
  });

  it('is a tab of Settings for a delegate too: every member protects their own sign-in', async () => {
    mockApi({
      ...DEVICES,
      [SECURITY]: () => envelope(status()),
    });
    const rights = RIGHT_NAMES.filter((right) => roleCan('delegate', right));
    renderApp('/settings/security', {
      session: makeSession({ user: { memberRole: 'delegate', isDelegate: true, rights } }),
    });
    expect(await screen.findByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
  });
});
