import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../app/router.tsx';
import { createAppStore } from '../app/store.ts';
import { SESSION_KEY } from '../lib/session-storage.ts';
import { session as defaultSession } from './fixtures.ts';

type Handler = (request: { method: string; url: URL; body: unknown }) => Response | Promise<Response>;

/**
 * The API as a table of `METHOD /path` → answer; anything else fails the way an unmocked call
 * does in setup.ts. Returns the calls made, for assertions on what was sent.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, path: url.pathname, body });
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) throw new TypeError(`Unmocked request to ${method} ${url.pathname}`);
      return handler({ method, url, body });
    }),
  );
  return calls;
}

/** Where the sign-in and sign-up screens ask whether sign-in with Doximity is offered. */
export const OIDC_CONFIG_PATH = '/api/employee/auth/v1/oidc/config';

/**
 * The calls without the sign-in and sign-up screens' question whether Doximity sign-in is
 * offered, which they ask on opening: for tests about what their forms send.
 */
export function withoutOidcConfig<Call extends { path: string }>(calls: Call[]): Call[] {
  return calls.filter((call) => call.path !== OIDC_CONFIG_PATH);
}

export function renderApp(path: string, { isSignedIn = true } = {}) {
  if (isSignedIn) localStorage.setItem(SESSION_KEY, JSON.stringify(defaultSession));
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
