/**
 * MedHire's service worker: shows Web Push notifications while no MedHire tab is in view, and
 * on a click focuses an open tab (which then opens the route itself) or opens a new one.
 * The payload is the notification the server stores: data{type, markAsRead, conversation, jobId,
 * physicianId}, notification{title, body, image, icon}, fcmOptions.link, _id. The link is the
 * same route an in-app click opens (a new application: the job with the applicant in view).
 * A push that is no stored notification (an interview reminder) has no _id and no data, and a
 * `tag` instead: the bell never shows it, so it is shown even while a tab is in view.
 * Plain JavaScript served as is from the site's root (Vite copies public/), so its scope is the
 * whole app; the server sends it with `cache-control: no-cache`, so a deploy is picked up.
 */

const FALLBACK_LINK = '/notifications';
const ICON = '/favicon.svg';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A same-origin path from the payload's link; anything else opens the notifications page. */
function safeLink(link) {
  try {
    const url = new URL(typeof link === 'string' && link ? link : FALLBACK_LINK, self.location.origin);
    return url.origin === self.location.origin ? `${url.pathname}${url.search}` : FALLBACK_LINK;
  } catch {
    return FALLBACK_LINK;
  }
}

function windowClients() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let payload;
      try {
        payload = event.data ? event.data.json() : null;
      } catch {
        payload = null;
      }
      const content = payload?.notification ?? {};
      // A tab in view already shows a stored notification live (bell, list, conversation); no
      // second alert there. One without an id (a reminder) appears nowhere else: always shown.
      const isStored = Boolean(payload?._id);
      const clients = await windowClients();
      if (isStored && clients.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(content.title || 'MedHire', {
        body: content.body || '',
        icon: content.icon || ICON,
        image: content.image || undefined,
        badge: ICON,
        tag: payload?._id || payload?.tag || undefined,
        data: {
          link: safeLink(payload?.fcmOptions?.link),
          notificationId: payload?._id,
        },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const link = safeLink(data.link);
  event.waitUntil(
    (async () => {
      const clients = await windowClients();
      const tab = clients.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        tab.postMessage({ type: 'notification-click', link, notificationId: data.notificationId });
        return;
      }
      await self.clients.openWindow(link);
    })(),
  );
});
