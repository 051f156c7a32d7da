/**
 * Starts the app's scripts once the prerendered sign-in page has painted (build/prerender.ts
 * minifies this file under assets/ with a content hash and links it from sign-in.html, deferred).
 *
 * Fetched together with the page's stylesheets, the scripts shared the connection with what the
 * first paint needs and delayed it on a slow network; started after that paint, the page shows
 * as soon as its HTML and styles are in, and the scripts then have the network to themselves.
 *
 * Plain JavaScript outside the app's bundle: the content security policy allows no inline
 * script, so the list of scripts comes from this element's data attributes.
 */
(() => {
  const loader = document.querySelector('script[data-entry]');
  if (!loader) return;
  const entry = loader.getAttribute('data-entry');
  const preloads = (loader.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);

  // The entry first, in the frame's task; then one chunk per task. Each element added starts a
  // fetch and costs the main thread a millisecond or more (several on a phone): added all at once,
  // they made one task long enough to block input; one by one, input and paint fit between them.
  const start = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    preloadFrom(0);
  };
  const preloadFrom = (index) => {
    const href = preloads[index];
    if (href === undefined) return;
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
      preloadFrom(index + 1);
    }, 0);
  };

  // A frame's callbacks run just before it paints: the next frame's come once the first paint is
  // on screen. A tab in the background paints nothing, so a timer starts the app there instead.
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => requestAnimationFrame(startOnce));
  setTimeout(startOnce, 1000);
})();
