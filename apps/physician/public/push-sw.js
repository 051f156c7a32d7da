/**
 * Push for the physician app, pulled into the generated service worker (vite.config.ts,
 * `workbox.importScripts`), so it lives in the same worker as the precache and the offline
 * answers, with its scope /physician/.
 *
 * The payload is the notification the server stores: notification{title, body, image, icon},
 * fcmOptions.link (a path under /physician/, the same route an in-app click opens), _id. A push
 * that is no stored notification (an interview reminder) has no _id but a `tag`, so that a
 * second delivery of it replaces the one shown.
 */

const PHYSICIAN_FALLBACK_LINK = '/physician/notifications';
const PHYSICIAN_ICON = '/physician/icon-192.png';

/** Only a path of this app: a payload can never send the person to another site. */
function physicianLink(link) {
  try {
    const url = new URL(
      typeof link === 'string' && link ? link : PHYSICIAN_FALLBACK_LINK,
      self.location.origin,
    );
    if (url.origin !== self.location.origin || !url.pathname.startsWith('/physician/')) {
      return PHYSICIAN_FALLBACK_LINK;
    }
    return `${url.pathname}${url.search}`;
  } catch {
    return PHYSICIAN_FALLBACK_LINK;
  }
}

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  const content = payload?.notification || {};
  event.waitUntil(
    self.registration.showNotification(content.title || 'MedHire', {
      body: content.body || '',
      icon: content.icon || PHYSICIAN_ICON,
      badge: PHYSICIAN_ICON,
      tag: payload?._id || payload?.tag || undefined,
      data: { url: physicianLink(payload?.fcmOptions?.link), notificationId: payload?._id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = physicianLink(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/physician/'));
      if (open) {
        // The open app goes to the notification's screen; a full load only if it cannot.
        const focused = await open.focus();
        if ('navigate' in focused) {
          await focused.navigate(url).catch(() => self.clients.openWindow(url));
        }
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
