import type { TSession } from '@medhire/contract/account';
import { notifyError, notifyInfo } from '@medhire/ui/toast.ts';
import {
  type Action,
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type ThunkAction,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import { applicantsReducer } from '../features/applicants/applicants-slice.ts';
import { authReducer, authStateFrom, loggedOut, logout, syncUser } from '../features/auth/auth-slice.ts';
import { postLoginDestination } from '../features/auth/post-login-destination.ts';
import { conversationsReducer, liveMessageReceived } from '../features/conversations/conversations-slice.ts';
import { jobsReducer } from '../features/jobs/jobs-slice.ts';
import { matchesReducer } from '../features/matches/matches-slice.ts';
import { newMessageFlagged, notificationsReducer } from '../features/notifications/notifications-slice.ts';
import { organizationsReducer } from '../features/organizations/organizations-slice.ts';
import { subscriptionReducer } from '../features/subscription/subscription-slice.ts';
import { utilityReducer } from '../features/utility/utility-slice.ts';
import { delegateFlag, sessionStore } from '../lib/storage.ts';
import { layoutReducer } from './layouts/layout-slice.ts';

const combinedReducer = combineReducers({
  auth: authReducer,
  organizations: organizationsReducer,
  layout: layoutReducer,
  utility: utilityReducer,
  subscription: subscriptionReducer,
  jobs: jobsReducer,
  applicants: applicantsReducer,
  matches: matchesReducer,
  conversations: conversationsReducer,
  notifications: notificationsReducer,
});

export type RootState = ReturnType<typeof combinedReducer>;

/**
 * Logout resets auth to its defaults (spec §4); everything else the previous person loaded
 * goes with it so the next person on this browser cannot see it. Only the sidebar preference
 * belongs to the browser and survives.
 */
function rootReducer(state: Parameters<typeof combinedReducer>[0], action: Action): RootState {
  if (loggedOut.match(action)) return combinedReducer(state ? { layout: state.layout } : undefined, action);
  return combinedReducer(state, action);
}

/** The toast a live message raises, in the spec's own wording. */
export const NEW_MESSAGE_TOAST = 'New message recieved.';

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

  // Spec §4: a live new message also sets newMessage and shows the toast.
  startListening({
    actionCreator: liveMessageReceived,
    effect: (_action, api) => {
      api.dispatch(newMessageFlagged(true));
      notifyInfo(NEW_MESSAGE_TOAST);
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
