import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { toastContainerOptions } from '../lib/toast.ts';
import type { AppStore } from './store.ts';
import './toasts.css';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <ToastContainer {...toastContainerOptions} />
    </Provider>
  );
}
