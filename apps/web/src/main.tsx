import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './components/ui/tokens.css';
import './components/ui/base.css';
import { layoutFor } from './app/layouts/layout-for.ts';
import { preloadLayout } from './app/layouts/lazy-layouts.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import { sessionStore } from './lib/storage.ts';

const session = sessionStore.read();
const store = createAppStore({ session, syncOnStart: true });
// The layout chunk downloads alongside the first route's chunk instead of after it.
preloadLayout(layoutFor(session, window.location.pathname));
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page is missing its #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
