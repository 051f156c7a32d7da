import { type ReactNode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { createBrowserRouter } from 'react-router';
import { PAGE_TRANSITION_PROPERTY } from './prerendered-document.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Whether the server sent the page already rendered (see build/prerender.ts). */
export function hasPrerenderedPage(container: HTMLElement): boolean {
  return container.hasChildNodes();
}

/** Lets the browser run its pending work (input, rendering) before the caller goes on. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function whenInitialized(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Renders the app over the page the server prerendered into the container.
 *
 * The first render replaces the prerendered markup, so it must be the same page rather than
 * the loading screens the app shows while a route's modules arrive: it waits for the router to
 * load the route and for `modulesLoaded` (the layout), then renders in a transition, in which
 * an already loaded lazy component does not show its fallback either.
 *
 * The prerendered page appears without the page entrance animation, and the page rendered over
 * it must not play it either (it would blink); the next page the visitor goes to animates again.
 */
export async function renderOverPrerenderedPage(
  root: Root,
  app: ReactNode,
  {
    container,
    router,
    modulesLoaded,
  }: { container: HTMLElement; router: AppRouter; modulesLoaded: Promise<unknown> },
): Promise<void> {
  await Promise.all([whenInitialized(router), modulesLoaded]);
  startTransition(() => root.render(app));

  const firstLocation = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key === firstLocation) return;
    unsubscribe();
    container.style.removeProperty(PAGE_TRANSITION_PROPERTY);
  });
}
