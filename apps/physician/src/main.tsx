import '@medhire/ui/tokens.css';
import '@medhire/ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import { registerServiceWorker } from './register-service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page is missing its #root element.');

const store = createAppStore();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);

registerServiceWorker();
