import type { TDevice } from '@medhire/contract/devices';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi } from '../../../test/fixtures.ts';
import { SignedInDevices } from '../components/signed-in-devices.tsx';

const LIST = 'GET /api/employer/auth/get-devices';

function device(overrides: Partial<TDevice>): TDevice {
  return {
    _id: 'session-1',
    browser: 'Chrome 131',
    system: 'macOS 10.15.7',
    kind: 'desktop',
    firstSeenAt: '2026-11-20T15:00:00.000Z',
    lastSeenAt: new Date().toISOString(),
    isCurrent: true,
    ...overrides,
  };
}

const DEVICES = [
  device({}),
  device({
    _id: 'session-2',
    browser: 'Safari 17',
    system: 'iOS 17.2',
    kind: 'mobile',
    isCurrent: false,
    lastSeenAt: '2026-11-21T09:30:00.000Z',
  }),
  device({ _id: 'session-3', browser: 'Firefox 133', system: 'Windows 10', isCurrent: false }),
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings → Security: signed-in devices', () => {
  it('lists each device with what it is and when it was used, and marks this one', async () => {
    mockApi({ [LIST]: () => envelope({ devices: DEVICES }) });
    render(<SignedInDevices />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Chrome 131 on macOS 10.15.7');
    expect(within(items[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
    // The current device cannot be signed out here (Sign out in the menu does that).
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Safari 17 on iOS 17.2');
    expect(items[1]).toHaveTextContent('Phone · Signed in Nov 20, 2026');
    expect(items[1]).toHaveTextContent('Last active Nov 21, 2026');
    expect(items[2]).toHaveTextContent('Active now');
  });

  it('signs one device out and takes it off the list', async () => {
    const api = mockApi({
      [LIST]: () => envelope({ devices: DEVICES }),
      'DELETE /api/employer/auth/revoke-device/session-2': () => envelope(null),
    });
    render(<SignedInDevices />);
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari 17 on iOS 17.2/ }));
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS 17.2')).toBeNull());
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'DELETE /api/employer/auth/revoke-device/session-2',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('signs out every other device, leaving only this one', async () => {
    mockApi({
      [LIST]: () => envelope({ devices: DEVICES }),
      'POST /api/employer/auth/revoke-other-devices': () => envelope({ revoked: 2 }),
    });
    render(<SignedInDevices />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    await screen.findByText('You are signed in on this device only.');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
  });

  it('says what went wrong when the list cannot load, and tries again', async () => {
    let attempts = 0;
    mockApi({
      [LIST]: () => {
        attempts += 1;
        return attempts === 1
          ? failure('The server is busy.', 503, 'UNAVAILABLE')
          : envelope({ devices: [DEVICES[0]] });
      },
    });
    render(<SignedInDevices />);
    expect(await screen.findByText("We couldn't load your devices")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('You are signed in on this device only.');
  });
});
