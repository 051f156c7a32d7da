import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@medhire/ui/tokens.css';
import '@medhire/ui/base.css';
import { layoutFor } from './app/layouts/layout-for.ts';
import { preloadLayout } from './app/layouts/lazy-layouts.ts';
import { loadSignedInState, needsSignedInState } from './app/load-signed-in-state.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import { sessionStore } from './lib/storage.ts';
import { hasPrerenderedPage, renderOverPrerenderedPage, yieldToBrowser } from './prerender/take-over.ts';

const RELOAD_MARK = 'medhire.reloadedForNewBuild';

// After a deploy, a tab opened on the previous build asks for chunks that no longer exist.
// Reload once to pick up the new build instead of showing the routing error screen.
window.addEventListener('vite:preloadError', (event) => {
  const reloadedAt = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (Date.now() - reloadedAt < 10_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('The page is missing its #root element.');

async function start(container: HTMLElement) {
  const isPrerendered = hasPrerenderedPage(container);
  // A prerendered page is on screen already: start in steps, letting the browser handle input
  // and paint between them, instead of in one long task.
  if (isPrerendered) await yieldToBrowser();
  const session = sessionStore.read();
  const store = createAppStore({ session, syncOnStart: true });
  // The layout chunk (and, past the sign-in pages, the signed-in state) downloads alongside the
  // first route's chunk instead of after it.
  const { pathname } = window.location;
  const layoutLoaded = Promise.all([
    preloadLayout(layoutFor(session, pathname)),
    needsSignedInState(session !== null, pathname) ? loadSignedInState(store)?.catch(() => undefined) : null,
  ]);
  if (isPrerendered) await yieldToBrowser();
  const router = createAppRouter();

  const root = createRoot(container);
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (isPrerendered) {
    await renderOverPrerenderedPage(root, app, { container, router, modulesLoaded: layoutLoaded });
  } else {
    root.render(app);
  }
}

// Not a top-level await: that would make the bundler split the entry into many more chunks.
void start(container);
