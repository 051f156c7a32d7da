import type { TSession } from '@medhire/contract/account';
import { notifyError } from '@medhire/ui/toast.ts';
import {
  type Action,
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type ThunkAction,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import type { applicantsReducer } from '../features/applicants/applicants-slice.ts';
import { authReducer, authStateFrom, loggedOut, logout, syncUser } from '../features/auth/auth-slice.ts';
import { postLoginDestination } from '../features/auth/post-login-destination.ts';
import type { conversationsReducer } from '../features/conversations/conversations-slice.ts';
import type { jobsReducer } from '../features/jobs/jobs-slice.ts';
import type { matchesReducer } from '../features/matches/matches-slice.ts';
import type { notificationsReducer } from '../features/notifications/notifications-slice.ts';
import type { organizationsReducer } from '../features/organizations/organizations-slice.ts';
import type { savedViewsReducer } from '../features/saved-views/saved-views-slice.ts';
import type { subscriptionReducer } from '../features/subscription/subscription-slice.ts';
import type { utilityReducer } from '../features/utility/utility-slice.ts';
import { delegateFlag, sessionStore } from '../lib/storage.ts';
import { layoutReducer } from './layouts/layout-slice.ts';

/**
 * The state of spec §3 that only signed-in screens use. Its reducers are not part of the first
 * page's download: signed-in-state.ts injects them into `appReducer` when it loads, which
 * RootLayout waits for before it shows any page but the sign-in, registration and recovery pages
 * (see load-signed-in-state.ts).
 */
export interface SignedInState {
  organizations: ReturnType<typeof organizationsReducer>;
  utility: ReturnType<typeof utilityReducer>;
  subscription: ReturnType<typeof subscriptionReducer>;
  jobs: ReturnType<typeof jobsReducer>;
  applicants: ReturnType<typeof applicantsReducer>;
  matches: ReturnType<typeof matchesReducer>;
  conversations: ReturnType<typeof conversationsReducer>;
  notifications: ReturnType<typeof notificationsReducer>;
  savedViews: ReturnType<typeof savedViewsReducer>;
}

/** The session and the sidebar from the start; the signed-in state joins later (see above). */
export const appReducer = combineSlices({
  auth: authReducer,
  layout: layoutReducer,
}).withLazyLoadedSlices<SignedInState>();

/**
 * The whole state as the screens read it. The signed-in part is typed as present: no screen that
 * reads it renders before it has been injected.
 */
export type RootState = ReturnType<typeof appReducer> & SignedInState;

/**
 * Logout resets auth to its defaults (spec §4); everything else the previous person loaded
 * goes with it so the next person on this browser cannot see it. Only the sidebar preference
 * belongs to the browser and survives.
 */
function rootReducer(state: Partial<RootState> | undefined, action: Action): RootState {
  if (loggedOut.match(action))
    return appReducer(state?.layout ? { layout: state.layout } : undefined, action) as RootState;
  return appReducer(state as Parameters<typeof appReducer>[0], action) as RootState;
}

function startListeners(startListening: TypedStartListening<RootState, AppDispatch>) {
  // Spec §4: the session is persisted locally, and whenever its token changes the user is
  // re-synced from the server.
  startListening({
    predicate: (_action, current, previous) => current.auth.session !== previous.auth.session,
    effect: (_action, api) => {
      const session = api.getState().auth.session;
      const previousToken = api.getOriginalState().auth.session?.token;
      if (session) sessionStore.write(session);
      else sessionStore.clear();
      // The spec's local delegate flag follows the session's role (a delegate member); sign-out
      // clears it with the rest of the session.
      if (session) delegateFlag.set(session.user.isDelegate === true);
      if (session && session.token !== previousToken) void api.dispatch(syncUser(session.user._id));
    },
  });

  // A rejected account must not keep a session, whenever the server says so.
  startListening({
    actionCreator: syncUser.fulfilled,
    effect: (action, api) => {
      const session = api.getState().auth.session;
      if (session && postLoginDestination({ ...session, user: action.payload.user }).kind === 'logout') {
        void api.dispatch(logout());
      }
    },
  });

  startListening({
    actionCreator: syncUser.rejected,
    effect: (action) => {
      if (action.payload) notifyError(action.payload);
    },
  });
}

export interface CreateStoreOptions {
  /** The session to start with; the app passes the one restored from storage. */
  session?: TSession | null;
  /** Re-sync the restored user from the server right away (the app does, tests choose). */
  syncOnStart?: boolean;
}

export function createAppStore({ session = null, syncOnStart = false }: CreateStoreOptions = {}) {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authStateFrom(session) } as Partial<RootState>,
    // The development-only state checks warn on slow machines long before they matter.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 200 }, serializableCheck: { warnAfter: 200 } }).prepend(
        listener.middleware,
      ),
  });
  startListeners(listener.startListening.withTypes<RootState, AppDispatch>());
  if (session && syncOnStart) void store.dispatch(syncUser(session.user._id));
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<ReturnType = void> = ThunkAction<ReturnType, RootState, unknown, Action>;
