import {
  currentPushSubscription,
  isPushRegistrationStale,
  isPushSupported,
  PUSH_MESSAGES,
  PushError,
  pushPermission,
  requestPushPermission,
  subscribeToPush,
  unsubscribeFromPush,
} from '../../lib/push.ts';
import { pushTokenStore } from '../../lib/storage.ts';
import { notificationsApi } from './api/notifications-api.ts';

async function subscribeAndSave(userId: string): Promise<string> {
  const { publicKey } = await notificationsApi.getPushPublicKey();
  const value = JSON.stringify(await subscribeToPush(publicKey));
  await notificationsApi.savePushSubscription(userId, value);
  pushTokenStore.write({ value, registeredAt: new Date().toISOString() });
  return value;
}

/**
 * "Turn on browser notifications": asks for permission (only ever from that control, never on
 * page load), subscribes this browser and saves the subscription with save-fcm-token. Rejects
 * with a PushError whose message says what went wrong (spec §8).
 */
export async function turnOnPush(userId: string): Promise<string> {
  if (!isPushSupported()) throw new PushError(PUSH_MESSAGES.unsupported);
  const permission = await requestPushPermission();
  if (permission === 'denied') throw new PushError(PUSH_MESSAGES.blocked);
  if (permission !== 'granted') throw new PushError(PUSH_MESSAGES.dismissed);
  try {
    return await subscribeAndSave(userId);
  } catch {
    throw new PushError(PUSH_MESSAGES.subscribe);
  }
}

/** Ends this browser's subscription and removes it from the server (delete-fcm-token). */
export async function turnOffPush(userId: string): Promise<void> {
  try {
    const ended = (await unsubscribeFromPush()) ?? pushTokenStore.read()?.value ?? null;
    if (ended) await notificationsApi.deletePushSubscription(userId, ended);
    pushTokenStore.clear();
  } catch {
    throw new PushError(PUSH_MESSAGES.unsubscribe);
  }
}

/**
 * After sign-in (spec §4): where the person already allowed notifications, this browser's
 * subscription is saved for them without asking anything, and one registered seven days ago or
 * more is renewed (a new subscription replaces the old one on the server). Answers the
 * subscription now saved, or null when push is off here.
 */
export async function syncPushRegistration(userId: string, now: number = Date.now()): Promise<string | null> {
  if (pushPermission() !== 'granted') return null;
  const stored = pushTokenStore.read();
  const existing = await currentPushSubscription().catch(() => null);
  if (stored && existing && !isPushRegistrationStale(stored.registeredAt, now)) return stored.value;
  try {
    if (!stored && existing) {
      // Allowed before, on this browser, but not saved for this session's person yet.
      const value = JSON.stringify(existing);
      await notificationsApi.savePushSubscription(userId, value);
      pushTokenStore.write({ value, registeredAt: new Date(now).toISOString() });
      return value;
    }
    if (!stored) return null;
    const previous = (await unsubscribeFromPush()) ?? stored.value;
    await notificationsApi.deletePushSubscription(userId, previous).catch(() => undefined);
    return await subscribeAndSave(userId);
  } catch {
    throw new PushError(PUSH_MESSAGES.update);
  }
}
