import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store.ts';
import {
  delegateFlag,
  pushTokenStore,
  STORAGE_KEYS,
  sessionStore,
  specialtyParamsFlag,
} from '../../../lib/storage.ts';
import { envelope, failure, makeSession, makeUser, mockApi } from '../../../test/fixtures.ts';
import {
  authReducer,
  initialAuthState,
  login,
  loginV2,
  logout,
  REJECTED_ACCOUNT_MESSAGE,
  sessionStarted,
  syncUser,
} from '../auth-slice.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const credentials = { email: 'recruiting@lakeside-clinic.org', password: 'correct horse battery' };

describe('auth state', () => {
  it('starts with the defaults of spec §3', () => {
    expect(authReducer(undefined, { type: 'init' })).toEqual({
      authStep: false,
      session: null,
      user: null,
      consultationStep: false,
      business: {},
      isPendingInvoive: false,
      modalToggle: false,
    });
  });

  it('logout resets auth state to defaults, clears the delegate flag, the push token and the session', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted(makeSession()));
    delegateFlag.set(true);
    pushTokenStore.write({ value: 'push-token', registeredAt: '2026-11-20T00:00:00.000Z' });
    expect(sessionStore.read()).not.toBeNull();

    await store.dispatch(logout());

    expect(store.getState().auth).toEqual(initialAuthState);
    expect(delegateFlag.isSet()).toBe(false);
    expect(pushTokenStore.read()).toBeNull();
    expect(sessionStore.read()).toBeNull();
  });

  it('logout removes the push registration, then ends the session on the server with the old token', async () => {
    const session = makeSession({ token: 'session-token' });
    const { calls } = mockApi({
      'DELETE /api/employer/auth/delete-fcm-token/user-1': () => envelope({ value: 'push-token' }),
      'POST /api/employer/auth/logout': () => envelope(null),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: session.user, code: 200 }),
    });
    const store = createAppStore();
    store.dispatch(sessionStarted(session));
    pushTokenStore.write({ value: 'push-token', registeredAt: '2026-11-20T00:00:00.000Z' });

    await store.dispatch(logout());

    // Starting the session also re-syncs the user; only the sign-out calls matter here.
    const signOutCalls = calls.filter((call) => call.method !== 'GET');
    expect(signOutCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/employer/auth/delete-fcm-token/user-1',
      'POST /api/employer/auth/logout',
    ]);
    expect(signOutCalls[0]?.body).toEqual({ value: 'push-token' });
    expect(signOutCalls.every((call) => call.headers.get('Authorization') === 'session-token')).toBe(true);
    expect(sessionStore.read()).toBeNull();
  });

  it('logout still clears the local session when the server cannot be reached', async () => {
    mockApi({
      'POST /api/employer/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const store = createAppStore();
    store.dispatch(sessionStarted(makeSession()));

    await store.dispatch(logout());

    expect(store.getState().auth).toEqual(initialAuthState);
    expect(sessionStore.read()).toBeNull();
  });

  it('logout resets what the previous person loaded, except the sidebar preference', async () => {
    const store = createAppStore({ session: makeSession() });
    store.dispatch({ type: 'jobs/jobAdded', payload: { _id: 'job-1', title: 'Cardiologist' } });
    store.dispatch({ type: 'layout/sidebarToggled' });

    await store.dispatch(logout());

    expect(store.getState().jobs.jobs.jobs).toEqual([]);
    expect(store.getState().layout.toggle).toBe(false);
  });
});

describe('login', () => {
  it('stores the session, persists it and re-syncs the user because the token changed', async () => {
    const session = makeSession({ token: 'fresh-token' });
    const synced = makeUser({ currentProfileStep: 4 });
    const { calls } = mockApi({
      'POST /api/employer/auth/login': () => envelope(session),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: synced, code: 200 }),
    });
    const store = createAppStore();

    await store.dispatch(login(credentials));

    expect(store.getState().auth.session?.token).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null')?.token).toBe('fresh-token');
    await vi.waitFor(() => expect(store.getState().auth.user?.currentProfileStep).toBe(4));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/employer/auth/login',
      'GET /api/employer/auth/sync-user-detail/user-1',
    ]);
    expect(calls[1]?.headers.get('Authorization')).toBe('fresh-token');
  });

  it('refuses a rejected account: no session is kept', async () => {
    mockApi({
      'POST /api/employer/auth/login': () => envelope(makeSession({ user: { accountStatus: 'rejected' } })),
    });
    const store = createAppStore();

    const result = await store.dispatch(login(credentials));

    expect(result.payload).toBe(REJECTED_ACCOUNT_MESSAGE);
    expect(store.getState().auth.session).toBeNull();
    expect(sessionStore.read()).toBeNull();
  });

  it("passes the server's refusal on as the message to show", async () => {
    mockApi({
      'POST /api/employer/auth/login': () =>
        failure('The e-mail or password is incorrect.', 401, 'UNAUTHENTICATED'),
    });
    const store = createAppStore();

    const result = await store.dispatch(login(credentials));

    expect(login.rejected.match(result)).toBe(true);
    expect(result.payload).toBe('The e-mail or password is incorrect.');
  });

  it('login v2 sets the local flag to show specialty params', async () => {
    mockApi({
      'POST /api/employer/auth/v1/login': () => envelope({ ...makeSession(), showSpecialtyParams: true }),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: makeUser(), code: 200 }),
    });
    const store = createAppStore();
    expect(specialtyParamsFlag.isSet()).toBe(false);

    await store.dispatch(loginV2(credentials));

    expect(specialtyParamsFlag.isSet()).toBe(true);
    expect(store.getState().auth.session).not.toHaveProperty('showSpecialtyParams');
  });

  it('the v1 sign-in call does not set the specialty params flag', async () => {
    mockApi({
      'POST /api/employer/auth/login': () => envelope(makeSession()),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: makeUser(), code: 200 }),
    });
    await createAppStore().dispatch(login(credentials));
    expect(specialtyParamsFlag.isSet()).toBe(false);
  });
});

describe('session persistence and sync (spec §4)', () => {
  it('restores the stored session at start and re-syncs the user from the server', async () => {
    sessionStore.write(makeSession({ token: 'stored-token' }));
    mockApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        envelope({ user: makeUser({ subscriptionStatus: 'past_due' }), code: 201 }),
    });

    const store = createAppStore({ session: sessionStore.read(), syncOnStart: true });

    expect(store.getState().auth.session?.token).toBe('stored-token');
    await vi.waitFor(() => expect(store.getState().auth.user?.subscriptionStatus).toBe('past_due'));
    expect(store.getState().auth.session?.code).toBe(201);
    expect(sessionStore.read()?.code).toBe(201);
  });

  it('logs out when a sync says the account was rejected', async () => {
    mockApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        envelope({ user: makeUser({ accountStatus: 'rejected' }), code: 200 }),
    });
    const store = createAppStore({ session: makeSession() });

    await store.dispatch(syncUser('user-1'));

    await vi.waitFor(() => expect(store.getState().auth.session).toBeNull());
    expect(sessionStore.read()).toBeNull();
  });

  it('ignores a sync that answers after sign-out', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    const store = createAppStore({ session: makeSession() });
    const pending = store.dispatch(syncUser('user-1'));
    await store.dispatch(logout());

    answer(envelope({ user: makeUser(), code: 200 }));
    await pending;

    expect(store.getState().auth.session).toBeNull();
  });
});
