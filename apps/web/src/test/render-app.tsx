import type { TSession } from '@medhire/contract/account';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createAppStore } from '../app/store.ts';
import { sessionStore } from '../lib/storage.ts';

/** The real app (routes, guards, layouts, store) in memory, starting at `path`. */
export function renderApp(path: string, { session = null }: { session?: TSession | null } = {}) {
  if (session) sessionStore.write(session);
  const store = createAppStore({ session });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}
