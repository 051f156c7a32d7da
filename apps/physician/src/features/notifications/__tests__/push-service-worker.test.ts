import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// public/push-sw.js is copied as is and imported by the generated service worker (no build
// step), so the test reads the file itself. Vitest runs with apps/physician as its root.
const source = readFileSync(resolve(process.cwd(), 'public/push-sw.js'), 'utf8');

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
}

/** Runs public/push-sw.js against a stand-in for the service worker global scope. */
function loadWorker(windows: FakeWindow[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: 'https://medhire.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
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

const push = (body: unknown) => ({ data: { json: () => body } });

const reminder = {
  tag: 'interview-reminder-i-1-2h',
  notification: {
    title: 'Interview in 2 hours',
    body: 'Hospitalist with Mercy Health: video call at 10:00 AM CST',
    image: null,
    icon: null,
  },
  fcmOptions: { link: '/physician/interviews' },
};

describe('the physician app push worker', () => {
  it('shows an interview reminder, which has no stored notification id, with its route', async () => {
    const { self, dispatch } = loadWorker([]);
    await dispatch('push', push(reminder));
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Interview in 2 hours',
      expect.objectContaining({
        body: 'Hospitalist with Mercy Health: video call at 10:00 AM CST',
        tag: 'interview-reminder-i-1-2h',
        data: { url: '/physician/interviews', notificationId: undefined },
      }),
    );
  });

  it('shows a stored notification tagged with its id', async () => {
    const { self, dispatch } = loadWorker([]);
    await dispatch(
      'push',
      push({
        _id: 'n-1',
        notification: { title: 'New message' },
        fcmOptions: { link: '/physician/messages' },
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'New message',
      expect.objectContaining({ tag: 'n-1', data: { url: '/physician/messages', notificationId: 'n-1' } }),
    );
  });

  it('keeps links inside the app: another site or the employer app opens the notifications', async () => {
    const { self, dispatch } = loadWorker([]);
    await dispatch('push', push({ ...reminder, fcmOptions: { link: '/applicants/p-1' } }));
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Interview in 2 hours',
      expect.objectContaining({ data: { url: '/physician/notifications', notificationId: undefined } }),
    );
  });

  it('on click opens the interviews in the open app, or a new window', async () => {
    const open = { url: 'https://medhire.example/physician/jobs', focus: vi.fn() };
    const navigate = vi.fn(async () => open);
    open.focus.mockResolvedValue({ navigate });
    const { dispatch } = loadWorker([open]);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: '/physician/interviews' } } });
    expect(close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/physician/interviews');

    const none = loadWorker([]);
    await none.dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/physician/interviews' } },
    });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith('/physician/interviews');
  });
});
