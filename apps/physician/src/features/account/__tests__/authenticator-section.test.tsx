import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const OFF = {
  totp: { isEnabled: false, enabledAt: null },
  recoveryCodes: { remaining: 0, generatedAt: null },
  currentSession: { factors: ['password'], secondFactorAt: null, enrolmentRequired: false },
};
const ON = {
  ...OFF,
  totp: { isEnabled: true, enabledAt: '2026-11-20T15:00:00.000Z' },
  recoveryCodes: { remaining: 10, generatedAt: '2026-11-20T15:00:00.000Z' },
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

describe('two-step sign-in in the settings', () => {
  it('sets up the authenticator app with a confirming code and shows the recovery codes once', async () => {
    let isOn = false;
    const calls = mockApi({
      'GET /api/employee/notification/unread-count': () => ok({ unreadCount: 0 }),
      'GET /api/employee/notification/preferences': () => ok({ preferences: [] }),
      'GET /api/employee/auth/security': () => ok(isOn ? ON : OFF),
      'POST /api/employee/auth/totp/start-enrolment': () =>
        ok({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/MedHire:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'POST /api/employee/auth/totp/confirm-enrolment': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return failure(
            400,
            'This code is not correct. Check the time on your phone and enter the newest code from the app.',
            'BAD_REQUEST',
          );
        }
        isOn = true;
        return ok({ recoveryCodes: CODES, security: ON });
      },
    });
    renderApp('/settings');
    const section = (await screen.findByRole('heading', { name: 'Two-step sign-in' })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.click(await within(section).findByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(section).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await userEvent.type(within(section).getByLabelText('Code from the app'), '000000');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText(/This code is not correct/)).toBeInTheDocument();

    await userEvent.type(within(section).getByLabelText('Code from the app'), '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(within(section).getByRole('button', { name: 'I saved my codes' }));
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('confirm-enrolment')).map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });
});

describe('a change that needs a fresh second step', () => {
  it('asks for a code in a dialog, then makes the change', async () => {
    let isConfirmed = false;
    const calls = mockApi({
      'GET /api/employee/notification/unread-count': () => ok({ unreadCount: 0 }),
      'GET /api/employee/notification/preferences': () => ok({ preferences: [] }),
      'GET /api/employee/auth/security': () => ok(ON),
      'POST /api/employee/auth/recovery-codes/regenerate': () =>
        isConfirmed
          ? ok({ recoveryCodes: CODES, security: ON })
          : failure(
              403,
              'For this change, confirm it is you: enter the code from your authenticator app.',
              'SECOND_STEP_REQUIRED',
            ),
      'POST /api/employee/auth/confirm-second-step': () => {
        isConfirmed = true;
        return ok(ON);
      },
    });
    renderApp('/settings');
    const section = (await screen.findByRole('heading', { name: 'Two-step sign-in' })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.click(await within(section).findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('confirm-second-step'))?.body).toEqual({
      method: 'totp',
      code: '123456',
    });
  });
});
