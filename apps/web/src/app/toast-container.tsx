import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { toastContainerOptions } from '@medhire/ui/toast.ts';
import './toasts.css';

/** Where toasts appear; loaded after the first page (see AppProviders). */
export function AppToastContainer() {
  return <ToastContainer {...toastContainerOptions} />;
}
