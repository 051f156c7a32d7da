import { notifyInfo } from '@medhire/ui/toast.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../test/fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyInfo: vi.fn(),
}));

const liveMessage = {
  conversationId: 'c1',
  message: {
    _id: 'm1',
    body: 'Happy to talk on Tuesday.',
    status: 2 as const,
    sentTime: '2026-11-20T10:00:00.000Z',
    sender: 'employee' as const,
    isDeleted: false,
    chatId: 'c1',
  },
};

/**
 * A fresh copy of the store's modules, as the browser has them on the sign-in page: the test
 * setup's copy already holds the signed-in reducers.
 */
async function freshApp() {
  vi.resetModules();
  const { createAppStore } = await import('../store.ts');
  const { loadSignedInState } = await import('../load-signed-in-state.ts');
  const { loggedOut } = await import('../../features/auth/auth-slice.ts');
  const { liveMessageReceived } = await import('../../features/conversations/conversations-slice.ts');
  return { createAppStore, loadSignedInState, loggedOut, liveMessageReceived };
}

describe('the signed-in state', () => {
  beforeEach(() => vi.mocked(notifyInfo).mockClear());

  it('is not in the store the sign-in page starts with', async () => {
    const { createAppStore } = await freshApp();
    expect(Object.keys(createAppStore().getState()).sort()).toEqual(['auth', 'layout']);
  });

  it('joins the store once loaded, with the initial state of spec §3', async () => {
    const { createAppStore, loadSignedInState } = await freshApp();
    const store = createAppStore({ session: makeSession() });
    await loadSignedInState(store);
    const state = store.getState();
    expect(state.organizations).toBeNull();
    expect(state.jobs).toBeDefined();
    expect(state.conversations.conversations).toEqual([]);
    expect(state.notifications.newMessage).toBe(false);
    expect(state.auth.session?.token).toBe('token-1');
    expect(loadSignedInState(store)).toBeNull();
  });

  it('gives every caller the same load, and starts the live-message toast once', async () => {
    const { createAppStore, loadSignedInState, liveMessageReceived } = await freshApp();
    const store = createAppStore();
    const first = loadSignedInState(store);
    expect(loadSignedInState(store)).toBe(first);
    await first;
    store.dispatch(liveMessageReceived(liveMessage));
    expect(store.getState().notifications.newMessage).toBe(true);
    expect(notifyInfo).toHaveBeenCalledTimes(1);
    expect(notifyInfo).toHaveBeenCalledWith('New message recieved.');
  });

  it('stays through sign-out, reset to its initial state, and serves the next sign-in without loading again', async () => {
    const { createAppStore, loadSignedInState, loggedOut, liveMessageReceived } = await freshApp();
    const store = createAppStore({ session: makeSession() });
    await loadSignedInState(store);
    store.dispatch(liveMessageReceived(liveMessage));
    store.dispatch(loggedOut());
    expect(store.getState().auth.session).toBeNull();
    expect(store.getState().notifications.newMessage).toBe(false);
    expect(loadSignedInState(store)).toBeNull();
    store.dispatch(liveMessageReceived(liveMessage));
    expect(notifyInfo).toHaveBeenCalledTimes(2);
  });
});

describe('the pages that wait for it', () => {
  it('are all but the signed-out pages a visitor starts on', async () => {
    const { needsSignedInState } = await import('../load-signed-in-state.ts');
    for (const path of ['/', '/signIn', '/signIn/', '/register', '/recover-password', '/claimBusiness']) {
      expect(needsSignedInState(false, path), path).toBe(false);
    }
    for (const path of ['/establish-profile', '/join-team/abc', '/privacy-policy', '/set-up-password']) {
      expect(needsSignedInState(false, path), path).toBe(true);
    }
    expect(needsSignedInState(true, '/signIn')).toBe(true);
    expect(needsSignedInState(true, '/home')).toBe(true);
  });
});
