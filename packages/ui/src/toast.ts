import type { ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';

type ToastLibrary = typeof import('react-toastify/unstyled');
let toastLibrary: Promise<ToastLibrary> | undefined;

/**
 * The toast library downloads on first use (or when the container mounts after the first
 * page), not with the first page: a toast raised before it arrives is queued by the library and
 * shown once its container mounts.
 */
export function loadToastLibrary(): Promise<ToastLibrary> {
  toastLibrary ??= import('react-toastify/unstyled');
  return toastLibrary;
}

function show(kind: 'error' | 'info' | 'success', message: string, options?: ToastOptions): void {
  void loadToastLibrary().then(({ toast }) => toast[kind](message, options));
}

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
  show('error', message, { toastId: `error:${message}` });
}

/** Form error toasts still possibly on screen, by toast id. */
const formErrorToastIds = new Set<string>();

export function notifyFormError(message: string): void {
  const toastId = `form-error:${message}`;
  formErrorToastIds.add(toastId);
  show('error', message, { toastId, autoClose: FORM_TOAST_AUTO_CLOSE_MS });
}

/**
 * Takes down the form error toasts raised so far: a new attempt at the form makes them stale,
 * and one that succeeds must not carry "wrong password" onto the page it opens.
 */
export function dismissFormErrors(): void {
  if (formErrorToastIds.size === 0) return;
  const toastIds = [...formErrorToastIds];
  formErrorToastIds.clear();
  void loadToastLibrary().then(({ toast }) => {
    for (const toastId of toastIds) toast.dismiss(toastId);
  });
}

export function notifyInfo(message: string): void {
  show('info', message);
}

export function notifySuccess(message: string): void {
  show('success', message);
}
