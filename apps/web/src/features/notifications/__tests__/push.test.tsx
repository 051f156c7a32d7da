import { notifyError } from '@medhire/ui/toast.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createAppStore } from '../../../app/store.ts';
import { PUSH_MESSAGES, PUSH_REFRESH_AFTER_MS } from '../../../lib/push.ts';
import { pushTokenStore } from '../../../lib/storage.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { PushControl } from '../components/push-control.tsx';
import { syncPushRegistration } from '../push-registration.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

interface FakeSubscription {
  endpoint: string;
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON: () => unknown;
}

function fakeSubscription(endpoint: string, { failsToUnsubscribe = false } = {}): FakeSubscription {
  return {
    endpoint,
    unsubscribe: vi.fn(async () => {
      if (failsToUnsubscribe) throw new Error('network');
      return true;
    }),
    toJSON: () => ({ endpoint, keys: { p256dh: 'key', auth: 'secret' } }),
  };
}

/** A browser with Web Push: permission, a service worker registration and its PushManager. */
function installPushBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  existing = null as FakeSubscription | null,
  subscribeFails = false,
} = {}) {
  let current = existing;
  let endpoints = 0;
  const requestPermission = vi.fn(async () => {
    Notification.permission = answer;
    return answer;
  });
  const Notification = { permission, requestPermission };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      if (subscribeFails) throw new DOMException('Registration failed', 'AbortError');
      expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
      endpoints += 1;
      current = fakeSubscription(`https://fcm.googleapis.com/fcm/send/new-${endpoints}`);
      return current;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  });
  return { requestPermission, pushManager, current: () => current };
}

function renderControl() {
  const store = createAppStore({ session });
  render(
    <AppProviders store={store}>
      <PushControl />
    </AppProviders>,
  );
  return { store, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(notifyError).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('browser notifications (spec §4, §8)', () => {
  it("says 'Messaging Unsupported!' where the browser cannot receive pushes", () => {
    renderControl();
    expect(screen.getByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on browser notifications' })).not.toBeInTheDocument();
  });

  it('never asks for permission on its own; the visible control asks, subscribes and saves the subscription', async () => {
    const browser = installPushBrowser();
    const { calls } = mockApi({
      'GET /api/employer/notification/push-public-key': () => envelope({ publicKey: PUBLIC_KEY }),
      'PATCH /api/employer/auth/save-fcm-token/user-1': ({ body }) => envelope(body),
    });
    const { store, user } = renderControl();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn on browser notifications' }));
    expect(await screen.findByText('Browser notifications are on for this browser.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const saved = calls.find((call) => call.path === '/api/employer/auth/save-fcm-token/user-1');
    const value = (saved?.body as { value?: string } | undefined)?.value ?? '';
    expect(JSON.parse(value)).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new-1',
      keys: { p256dh: 'key', auth: 'secret' },
    });
    expect(store.getState().notifications.notificationToken).toBe(value);
    expect(pushTokenStore.read()?.value).toBe(value);
  });

  it('explains a blocked permission', async () => {
    installPushBrowser({ answer: 'denied' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'Turn on browser notifications' }));
    expect(await screen.findByText(PUSH_MESSAGES.blocked)).toBeInTheDocument();
    expect(notifyError).toHaveBeenCalledWith(PUSH_MESSAGES.blocked);
  });

  it('says so when subscribing fails, and saves nothing', async () => {
    installPushBrowser({ subscribeFails: true });
    const { calls } = mockApi({
      'GET /api/employer/notification/push-public-key': () => envelope({ publicKey: PUBLIC_KEY }),
    });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'Turn on browser notifications' }));
    expect(await screen.findByText(PUSH_MESSAGES.subscribe)).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('save-fcm-token'))).toBe(false);
    expect(pushTokenStore.read()).toBeNull();
  });

  it('turns off: unsubscribes this browser and removes it on the server; a failure says so', async () => {
    const existing = fakeSubscription('https://fcm.googleapis.com/fcm/send/old');
    installPushBrowser({ permission: 'granted', existing });
    const value = JSON.stringify(existing);
    pushTokenStore.write({ value, registeredAt: new Date().toISOString() });
    let shouldFail = true;
    const { calls } = mockApi({
      'DELETE /api/employer/auth/delete-fcm-token/user-1': () =>
        shouldFail ? failure('Try again later.', 503, 'UNAVAILABLE') : envelope({ value }),
    });
    const { store, user } = renderControl();
    store.dispatch({ type: 'notifications/notificationTokenSet', payload: value });
    await user.click(await screen.findByRole('button', { name: 'Turn off browser notifications' }));
    expect(await screen.findByText(PUSH_MESSAGES.unsubscribe)).toBeInTheDocument();
    shouldFail = false;
    await user.click(screen.getByRole('button', { name: 'Turn off browser notifications' }));
    await screen.findByRole('button', { name: 'Turn on browser notifications' });
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)?.body).toEqual({ value });
    expect(pushTokenStore.read()).toBeNull();
  });
});

describe('push registration after sign-in (spec §4)', () => {
  it('does nothing without granted permission (no prompt)', async () => {
    const browser = installPushBrowser({ permission: 'default' });
    expect(await syncPushRegistration('user-1')).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('keeps a registration younger than 7 days as it is', async () => {
    const existing = fakeSubscription('https://fcm.googleapis.com/fcm/send/current');
    installPushBrowser({ permission: 'granted', existing });
    const now = Date.now();
    pushTokenStore.write({
      value: JSON.stringify(existing),
      registeredAt: new Date(now - 6 * 86_400_000).toISOString(),
    });
    const { calls } = mockApi({});
    expect(await syncPushRegistration('user-1', now)).toBe(JSON.stringify(existing));
    expect(calls).toHaveLength(0);
  });

  it('re-registers one that is 7 days old: the old subscription goes, a new one is saved', async () => {
    const existing = fakeSubscription('https://fcm.googleapis.com/fcm/send/stale');
    const browser = installPushBrowser({ permission: 'granted', existing });
    const now = Date.now();
    const staleValue = JSON.stringify(existing);
    pushTokenStore.write({
      value: staleValue,
      registeredAt: new Date(now - PUSH_REFRESH_AFTER_MS).toISOString(),
    });
    const { calls } = mockApi({
      'DELETE /api/employer/auth/delete-fcm-token/user-1': ({ body }) => envelope(body),
      'GET /api/employer/notification/push-public-key': () => envelope({ publicKey: PUBLIC_KEY }),
      'PATCH /api/employer/auth/save-fcm-token/user-1': ({ body }) => envelope(body),
    });
    const renewed = await syncPushRegistration('user-1', now);
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/employer/auth/delete-fcm-token/user-1',
      'GET /api/employer/notification/push-public-key',
      'PATCH /api/employer/auth/save-fcm-token/user-1',
    ]);
    expect(calls[0]?.body).toEqual({ value: staleValue });
    expect(JSON.parse(renewed ?? '')).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new-1',
    });
    await waitFor(() => expect(pushTokenStore.read()?.value).toBe(renewed));
  });

  it('reports an update failure with a clear message', async () => {
    const existing = fakeSubscription('https://fcm.googleapis.com/fcm/send/stale');
    installPushBrowser({ permission: 'granted', existing, subscribeFails: true });
    pushTokenStore.write({ value: JSON.stringify(existing), registeredAt: '2026-01-01T00:00:00.000Z' });
    mockApi({
      'DELETE /api/employer/auth/delete-fcm-token/user-1': ({ body }) => envelope(body),
      'GET /api/employer/notification/push-public-key': () => envelope({ publicKey: PUBLIC_KEY }),
    });
    await expect(syncPushRegistration('user-1')).rejects.toThrow(PUSH_MESSAGES.update);
  });

  it('saves a subscription this browser already has for the person who just signed in', async () => {
    const existing = fakeSubscription('https://fcm.googleapis.com/fcm/send/kept');
    installPushBrowser({ permission: 'granted', existing });
    const { calls } = mockApi({
      'PATCH /api/employer/auth/save-fcm-token/user-1': ({ body }) => envelope(body),
    });
    expect(await syncPushRegistration('user-1')).toBe(JSON.stringify(existing));
    expect(calls[0]?.body).toEqual({ value: JSON.stringify(existing) });
  });
});
