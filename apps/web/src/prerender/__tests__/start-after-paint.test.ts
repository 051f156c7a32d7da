import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const LOADER_SOURCE = readFileSync(resolve(process.cwd(), 'src/prerender/start-after-paint.js'), 'utf8');

/** What sign-in.html links (prerendered-document.ts), then the loader run as the browser would. */
function runLoader() {
  const loader = document.createElement('script');
  loader.setAttribute('data-entry', '/assets/index-1.js');
  loader.setAttribute('data-preload', '/assets/react-1.js /assets/screen-1.js');
  document.head.append(loader);
  new Function(LOADER_SOURCE)();
}

const started = () => ({
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
  modules: [...document.head.querySelectorAll('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  ),
});

describe('start-after-paint.js', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.replaceChildren();
  });

  it('fetches nothing until the first frame has painted, then the entry, then one chunk per task', () => {
    runLoader();
    expect(started()).toEqual({ preloads: [], modules: [] });
    // The first frame is the one that paints the page: nothing starts before it is on screen…
    vi.advanceTimersToNextFrame();
    expect(started()).toEqual({ preloads: [], modules: [] });
    // …the entry starts with the next one, long before the fallback for tabs that paint nothing…
    vi.advanceTimersToNextFrame();
    expect(started()).toEqual({ preloads: [], modules: ['/assets/index-1.js'] });
    // …and each chunk in a task of its own after it, in index.html's order.
    vi.advanceTimersToNextTimer();
    expect(started()).toEqual({ preloads: ['/assets/react-1.js'], modules: ['/assets/index-1.js'] });
    vi.advanceTimersToNextTimer();
    expect(started()).toEqual({
      preloads: ['/assets/react-1.js', '/assets/screen-1.js'],
      modules: ['/assets/index-1.js'],
    });
    vi.advanceTimersToNextTimer();
    expect(started().preloads).toHaveLength(2);
    // Module scripts load with CORS, as the ones Vite writes (crossorigin).
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('starts the app in a tab that paints nothing (in the background), once', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    runLoader();
    vi.advanceTimersByTime(999);
    expect(started().modules).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started().modules).toEqual(['/assets/index-1.js']);
    vi.runAllTimers();
    expect(started().preloads).toEqual(['/assets/react-1.js', '/assets/screen-1.js']);
  });

  it('starts the app once when the frame and the fallback both come', () => {
    runLoader();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(2000);
    expect(started()).toEqual({
      preloads: ['/assets/react-1.js', '/assets/screen-1.js'],
      modules: ['/assets/index-1.js'],
    });
  });
});
