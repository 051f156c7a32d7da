import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderOverPrerenderedPage } from '../take-over.ts';

const PRERENDERED = '<div inert style="display:contents"><main><h1>Sign in to MedHire</h1></main></div>';

function LoadingScreen() {
  return <p>Loading MedHire</p>;
}

function SignInScreen() {
  return <h1>Sign in to MedHire</h1>;
}

function RegisterScreen() {
  return <h1>Create an employer account</h1>;
}

/** The lazily loaded layout of the app under test; each test makes its own. */
let Layout: LazyExoticComponent<ComponentType>;

function RootLayout() {
  return (
    <Suspense fallback={<p>Loading layout</p>}>
      <Layout />
    </Suspense>
  );
}

/** A lazily loaded layout and route, with loading screens, as the app has them. */
function makeApp() {
  const layoutModule = new Promise<{ default: ComponentType }>((resolve) =>
    setTimeout(() => resolve({ default: Outlet }), 20),
  );
  Layout = lazy(() => layoutModule);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        HydrateFallback: LoadingScreen,
        Component: RootLayout,
        children: [
          {
            index: true,
            lazy: async () => {
              await new Promise((resolve) => setTimeout(resolve, 40));
              return { Component: SignInScreen };
            },
          },
          { path: 'register', Component: RegisterScreen },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  return { router, layoutModule };
}

describe('rendering the app over the prerendered page', () => {
  let container: HTMLDivElement;
  let root: Root;
  const seen: string[] = [];
  let observer: MutationObserver;

  beforeEach(() => {
    // Scheduled the way the browser schedules it, not flushed by act().
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    container = document.createElement('div');
    container.id = 'root';
    container.style.setProperty('--page-transition', '0s');
    container.innerHTML = PRERENDERED;
    document.body.append(container);
    seen.length = 0;
    observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    root = createRoot(container);
  });

  afterEach(() => {
    observer.disconnect();
    root.unmount();
    container.remove();
  });

  it('replaces it with the same page, never with a loading screen in between', async () => {
    const { router, layoutModule } = makeApp();
    await renderOverPrerenderedPage(root, <RouterProvider router={router} />, {
      container,
      router,
      modulesLoaded: layoutModule,
    });

    await vi.waitFor(() => expect(container.querySelector('[inert]')).toBeNull());
    expect(container.querySelector('h1')?.textContent).toBe('Sign in to MedHire');
    // Every state the visitor could have seen is the page itself: no loading screen, no blank.
    expect(new Set(seen)).toEqual(new Set(['Sign in to MedHire']));
  });

  it('keeps the entrance animation off until the visitor moves to another page', async () => {
    const { router, layoutModule } = makeApp();
    await renderOverPrerenderedPage(root, <RouterProvider router={router} />, {
      container,
      router,
      modulesLoaded: layoutModule,
    });
    await vi.waitFor(() => expect(container.querySelector('[inert]')).toBeNull());
    expect(container.style.getPropertyValue('--page-transition')).toBe('0s');

    await router.navigate('/register');
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('Create an employer account'),
    );
    expect(container.style.getPropertyValue('--page-transition')).toBe('');
  });
});
