/**
 * Only main.tsx imports this module: the virtual module exists in Vite builds, not in tests.
 *
 * Registers the service worker (scope /physician/) once the first screen is up, so its
 * download never competes with the app's. The module that does it comes with vite-plugin-pwa.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
