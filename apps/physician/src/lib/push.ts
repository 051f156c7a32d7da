/**
 * Browser Web Push through this app's own service worker (scope /physician/, registered by
 * register-service-worker.ts). Knows the browser's APIs only; what to save where is the
 * notifications feature's business.
 */

export const APP_SCOPE = '/physician/';

export const PUSH_MESSAGES = {
  unsupported: 'This browser cannot show notifications from MedHire.',
  blocked:
    "Notifications are blocked for MedHire. Allow them in your browser's site settings, then try again.",
  dismissed: 'Notifications were not turned on: the permission request was dismissed.',
  noWorker: 'Notifications are not ready yet. Reload the page and try again.',
  subscribe: 'Notifications could not be turned on. Please try again.',
} as const;

/** A push failure whose message is fit to show the person. */
export class PushError extends Error {
  override readonly name = 'PushError';
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export type PushPermission = NotificationPermission | 'unsupported';

export function pushPermission(): PushPermission {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function appRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(APP_SCOPE);
}

/** This browser's subscription for the app, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await appRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks permission (only ever from a control the person pressed) and subscribes with the
 * server's key; answers the subscription's JSON text, which is what the server stores.
 */
export async function subscribeToPush(publicKey: string): Promise<string> {
  if (!isPushSupported()) throw new PushError(PUSH_MESSAGES.unsupported);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushError(PUSH_MESSAGES.blocked);
  if (permission !== 'granted') throw new PushError(PUSH_MESSAGES.dismissed);
  const registration = await appRegistration();
  if (!registration) throw new PushError(PUSH_MESSAGES.noWorker);
  try {
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
    return JSON.stringify(subscription);
  } catch {
    throw new PushError(PUSH_MESSAGES.subscribe);
  }
}

/** Ends this browser's subscription; answers the JSON text of the one that ended, if any. */
export async function unsubscribeFromPush(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  const value = JSON.stringify(subscription);
  await subscription.unsubscribe();
  return value;
}
