import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { outboxSlice } from '../features/messages/outbox-slice.ts';
import { readOutbox, writeOutbox } from '../features/messages/outbox-storage.ts';
import { api } from '../lib/api.ts';
import { sessionSlice } from '../lib/session-slice.ts';
import { sessionStorageStore } from '../lib/session-storage.ts';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  outbox: outboxSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: { session: sessionStorageStore.read() },
      outbox: { items: readOutbox() },
      ...preloadedState,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

  // The session and the unsent messages outlive the tab: a message written offline is sent
  // after a reload too.
  let { session, outbox } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.session !== session) sessionStorageStore.write(state.session.session);
    if (state.outbox !== outbox) writeOutbox(state.outbox.items);
    ({ session, outbox } = state);
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
