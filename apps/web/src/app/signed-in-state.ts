import { notifyInfo } from '@medhire/ui/toast.ts';
import { addListener, createAction } from '@reduxjs/toolkit';
import { applicantsReducer } from '../features/applicants/applicants-slice.ts';
import { conversationsReducer, liveMessageReceived } from '../features/conversations/conversations-slice.ts';
import { jobsReducer } from '../features/jobs/jobs-slice.ts';
import { matchesReducer } from '../features/matches/matches-slice.ts';
import { newMessageFlagged, notificationsReducer } from '../features/notifications/notifications-slice.ts';
import { organizationsReducer } from '../features/organizations/organizations-slice.ts';
import { savedViewsReducer } from '../features/saved-views/saved-views-slice.ts';
import { subscriptionReducer } from '../features/subscription/subscription-slice.ts';
import { utilityReducer } from '../features/utility/utility-slice.ts';
import { type AppDispatch, type AppStore, appReducer, type RootState } from './store.ts';

/**
 * The signed-in part of the store (spec §3), loaded after the sign-in page: its reducers join
 * the app's reducer once, when this module first loads, and stay for every later sign-in on this
 * page (sign-out resets their state, it does not remove them).
 */
appReducer
  .inject({ reducerPath: 'organizations', reducer: organizationsReducer })
  .inject({ reducerPath: 'utility', reducer: utilityReducer })
  .inject({ reducerPath: 'subscription', reducer: subscriptionReducer })
  .inject({ reducerPath: 'jobs', reducer: jobsReducer })
  .inject({ reducerPath: 'applicants', reducer: applicantsReducer })
  .inject({ reducerPath: 'matches', reducer: matchesReducer })
  .inject({ reducerPath: 'conversations', reducer: conversationsReducer })
  .inject({ reducerPath: 'notifications', reducer: notificationsReducer })
  .inject({ reducerPath: 'savedViews', reducer: savedViewsReducer });

/** Gives a store that started without them the signed-in reducers' initial state. */
export const signedInStateLoaded = createAction('app/signedInStateLoaded');

/** The toast a live message raises, in the spec's own wording. */
export const NEW_MESSAGE_TOAST = 'New message recieved.';

const addAppListener = addListener.withTypes<RootState, AppDispatch>();
const started = new WeakSet<AppStore>();

/** Fills in a store's signed-in state and starts its signed-in listeners; once per store. */
export function startSignedInState(store: AppStore): void {
  if (started.has(store)) return;
  started.add(store);
  store.dispatch(signedInStateLoaded());
  // Spec §4: a live new message also sets newMessage and shows the toast.
  store.dispatch(
    addAppListener({
      actionCreator: liveMessageReceived,
      effect: (_action, api) => {
        api.dispatch(newMessageFlagged(true));
        notifyInfo(NEW_MESSAGE_TOAST);
      },
    }),
  );
}
