/**
 * Browser Web Push (spec §4: push needs a supporting browser and granted permission). Knows the
 * browser's APIs only; what to save where is the notifications feature's business.
 */

/** The service worker that shows pushes while the tab is in the background (public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Spec §4/§9: the local push registration is refreshed after seven days. */
export const PUSH_REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The spec's message where the browser cannot receive pushes (§8), and clear ones for the rest. */
export const PUSH_MESSAGES = {
  unsupported: 'Messaging Unsupported!',
  blocked:
    "Browser notifications are blocked for this site. Allow notifications in your browser's site settings, then try again.",
  dismissed: 'Browser notifications were not turned on: the permission request was dismissed.',
  subscribe: 'Browser notifications could not be turned on. Please try again.',
  update: 'Browser notifications could not be renewed. Turn them off and on again in your profile.',
  unsubscribe: 'Browser notifications could not be turned off. Please try again.',
} as const;

/** A push failure whose message is fit to show the person. */
export class PushError extends Error {
  override readonly name = 'PushError';
}

export type PushPermission = NotificationPermission | 'unsupported';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

/** Asks the browser for permission; only ever called from a control the person pressed. */
export async function requestPushPermission(): Promise<PushPermission> {
  if (!isPushSupported()) return 'unsupported';
  return Notification.requestPermission();
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

async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if any (null where push is unsupported). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this browser with the server's VAPID key; the result's JSON is what the server stores. */
export async function subscribeToPush(publicKey: string): Promise<PushSubscription> {
  const registration = await serviceWorker();
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
}

/** Ends this browser's subscription; answers the JSON text of the one that ended, if any. */
export async function unsubscribeFromPush(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  const value = JSON.stringify(subscription);
  await subscription.unsubscribe();
  return value;
}

/** Whether a registration made at `registeredAt` (ISO) is due for renewal at `now`. */
export function isPushRegistrationStale(registeredAt: string, now: number = Date.now()): boolean {
  const time = Date.parse(registeredAt);
  return Number.isNaN(time) || now - time >= PUSH_REFRESH_AFTER_MS;
}
