import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const subscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
};

const settingsApi = {
  'GET /api/employee/notification/unread-count': () => ok({ unreadCount: 0 }),
  'GET /api/employee/notification/preferences': () => ok({ preferences: [] }),
};

/** A browser that can do push: a secure page, the app's service worker, and the permission asked for. */
function pushBrowser(permission: NotificationPermission) {
  let current: PushSubscription | null = null;
  const subscription = {
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const subscribe = vi.fn(async () => {
    current = subscription;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  const getRegistration = vi.fn(async () => registration);
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration }, configurable: true });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => permission) });
  return { subscribe, getRegistration };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('push notifications on this device', () => {
  it('subscribes through the app service worker with the server key, saves it, and removes it when turned off', async () => {
    const browser = pushBrowser('granted');
    const calls = mockApi({
      ...settingsApi,
      'GET /api/employee/notification/push-public-key': () =>
        ok({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9' }),
      'POST /api/employee/notification/save-push-subscription': ({ body }) =>
        ok({ value: (body as { value: string }).value }),
      'DELETE /api/employee/notification/delete-push-subscription': ({ body }) =>
        ok({ value: (body as { value: string }).value }),
    });
    renderApp('/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    expect(await screen.findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(browser.getRegistration).toHaveBeenCalledWith('/physician/');
    expect(browser.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }),
    );
    const saved = calls.find((call) => call.path.endsWith('save-push-subscription'));
    expect(saved?.body).toEqual({ value: JSON.stringify(subscriptionJson) });

    await userEvent.click(screen.getByRole('button', { name: 'Turn off notifications' }));
    expect(await screen.findByText('This device will no longer get your notifications.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      value: JSON.stringify(subscriptionJson),
    });
  });

  it('explains a blocked permission and saves nothing', async () => {
    pushBrowser('denied');
    const calls = mockApi({
      ...settingsApi,
      'GET /api/employee/notification/push-public-key': () =>
        ok({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9' }),
    });
    renderApp('/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    expect(await screen.findByText(/Notifications are blocked for MedHire/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('save-push-subscription'))).toBe(false);
  });

  it('on an iPhone in Safari, coaches adding MedHire to the Home Screen instead of asking', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    mockApi(settingsApi);
    renderApp('/settings');

    expect(await screen.findByText(/add MedHire to your Home Screen first/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
  });
});
