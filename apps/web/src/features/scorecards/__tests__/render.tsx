import type { TUser } from '@medhire/contract/account';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '../../../app/providers.tsx';
import { createAppStore } from '../../../app/store.ts';
import { makeSession } from '../../../test/fixtures.ts';

/** A component on its own, with the app's store (signed in as `user`) and toasts. */
export function renderWithApp(element: ReactNode, user: Partial<TUser> = {}) {
  const store = createAppStore({ session: makeSession({ user }) });
  render(<AppProviders store={store}>{element}</AppProviders>);
  return userEvent.setup();
}
