import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The worker is served as is from public/ (no build step), so the test reads the file itself.
// Vitest runs with apps/web as its root.
const source = readFileSync(resolve(process.cwd(), 'public/sw.js'), 'utf8');

interface FakeClient {
  url: string;
  visibilityState: 'visible' | 'hidden';
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function client(
  visibilityState: FakeClient['visibilityState'],
  url = 'https://medhire.example/home',
): FakeClient {
  return { url, visibilityState, focus: vi.fn(async () => undefined), postMessage: vi.fn() };
}

/** Runs public/sw.js against a stand-in for the service worker global scope. */
function loadWorker(clients: FakeClient[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: 'https://medhire.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
      claim: vi.fn(async () => undefined),
    },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { self, dispatch };
}

const payload = {
  _id: 'n-1',
  data: { type: 'SEND_MSG_TO_EMPLOYER', markAsRead: true, conversation: 'c-9' },
  notification: { title: 'New message', body: 'Dr. Jane Doe: see you Tuesday', image: null, icon: null },
  fcmOptions: { link: '/messages?conversationId=c-9' },
};

const push = (body: unknown) => ({ data: { json: () => body } });

describe('the service worker', () => {
  it('shows a push while no MedHire tab is in view, with the route to open', async () => {
    const { self, dispatch } = loadWorker([client('hidden')]);
    await dispatch('push', push(payload));
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'New message',
      expect.objectContaining({
        body: 'Dr. Jane Doe: see you Tuesday',
        tag: 'n-1',
        data: { link: '/messages?conversationId=c-9', notificationId: 'n-1' },
      }),
    );
  });

  it('stays quiet while a tab is in view (the bell shows it live)', async () => {
    const { self, dispatch } = loadWorker([client('hidden'), client('visible')]);
    await dispatch('push', push(payload));
    expect(self.registration.showNotification).not.toHaveBeenCalled();
  });

  it('shows an interview reminder (no stored notification) even while a tab is in view', async () => {
    const { self, dispatch } = loadWorker([client('visible')]);
    await dispatch(
      'push',
      push({
        tag: 'interview-reminder-i-1-24h',
        notification: {
          title: 'Interview tomorrow at 10:00 AM CST',
          body: 'Hospitalist with Dr. Jane Doe: video call at 10:00 AM CST',
          image: null,
          icon: null,
        },
        fcmOptions: { link: '/applicants/p-7' },
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Interview tomorrow at 10:00 AM CST',
      expect.objectContaining({
        body: 'Hospitalist with Dr. Jane Doe: video call at 10:00 AM CST',
        tag: 'interview-reminder-i-1-24h',
        data: { link: '/applicants/p-7', notificationId: undefined },
      }),
    );
  });

  it('on a reminder click tells the open tab its route, with no notification to mark read', async () => {
    const tab = client('visible');
    const { dispatch } = loadWorker([tab]);
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { link: '/applicants/p-7', notificationId: undefined } },
    });
    expect(tab.postMessage).toHaveBeenCalledWith({
      type: 'notification-click',
      link: '/applicants/p-7',
      notificationId: undefined,
    });
  });

  it('never opens another site: a foreign link becomes the notifications page', async () => {
    const { self, dispatch } = loadWorker([]);
    await dispatch('push', push({ ...payload, fcmOptions: { link: 'https://evil.example/phish' } }));
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'New message',
      expect.objectContaining({ data: { link: '/notifications', notificationId: 'n-1' } }),
    );
  });

  it('on click focuses an open tab and tells it the route', async () => {
    const tab = client('hidden');
    const { self, dispatch } = loadWorker([tab]);
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { link: '/jobs-resident', notificationId: 'n-2' } },
    });
    expect(close).toHaveBeenCalled();
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.postMessage).toHaveBeenCalledWith({
      type: 'notification-click',
      link: '/jobs-resident',
      notificationId: 'n-2',
    });
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on click opens the route when no tab is open', async () => {
    const { self, dispatch } = loadWorker([]);
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { link: '/home' } } });
    expect(self.clients.openWindow).toHaveBeenCalledWith('/home');
  });
});
