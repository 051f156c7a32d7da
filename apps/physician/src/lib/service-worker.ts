/** The service worker caches API answers per address, not per person: sign-out empties that cache. */
export const API_CACHE_NAME = 'physician-api';

export async function forgetCachedAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE_NAME).catch(() => false);
}
