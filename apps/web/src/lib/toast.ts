import type { ToastContainerProps } from 'react-toastify/unstyled';
import { toast } from 'react-toastify/unstyled';

/**
 * Spec §9 gives two auto-close times. 5000 ms is the container default and applies to
 * everything raised outside a form: failed background calls, live events, session sync.
 * 4000 ms applies to toasts raised by a form the person just submitted (validation or a
 * refused submission), where an inline message on the form says the same thing.
 */
export const DEFAULT_TOAST_AUTO_CLOSE_MS = 5000;
export const FORM_TOAST_AUTO_CLOSE_MS = 4000;

export const toastContainerOptions = {
  position: 'top-right',
  autoClose: DEFAULT_TOAST_AUTO_CLOSE_MS,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  pauseOnHover: true,
  newestOnTop: true,
  limit: 4,
} satisfies ToastContainerProps;

export function notifyError(message: string): void {
  toast.error(message, { toastId: `error:${message}` });
}

export function notifyFormError(message: string): void {
  toast.error(message, { toastId: `form-error:${message}`, autoClose: FORM_TOAST_AUTO_CLOSE_MS });
}

export function notifyInfo(message: string): void {
  toast.info(message);
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
