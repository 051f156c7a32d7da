import { lazy, type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store.ts';

// The toast library and its styles stay out of the first page's download: the container loads
// right after the first render, and any toast raised before it mounts waits in the library's
// queue.
const AppToastContainer = lazy(() =>
  import('./toast-container.tsx').then((module) => ({ default: module.AppToastContainer })),
);

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <Suspense fallback={null}>
        <AppToastContainer />
      </Suspense>
    </Provider>
  );
}
