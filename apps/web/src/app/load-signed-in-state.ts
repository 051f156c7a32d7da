import { GUEST_PATHS } from './layouts/layout-for.ts';
import type { AppStore } from './store.ts';

/**
 * The pages a signed-out visitor starts on (GUEST_PATHS) read only the session, so they show
 * without the signed-in state; every other page waits for it (see signed-in-state.ts).
 */
export function needsSignedInState(isSignedIn: boolean, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return isSignedIn || !GUEST_PATHS.has(path);
}

const importModule = () => import('./signed-in-state.ts');

/** Starts downloading the signed-in state (a sign-in is on its way); loading it stays with the caller below. */
export function preloadSignedInState(): void {
  importModule().catch(() => undefined);
}

const loads = new WeakMap<AppStore, Promise<void>>();
const started = new WeakSet<AppStore>();

/**
 * Loads the signed-in state into the store: null once it is there, else the promise of it (the
 * same one for every caller). A failed download is tried again on the next call.
 */
export function loadSignedInState(store: AppStore): Promise<void> | null {
  if (started.has(store)) return null;
  let load = loads.get(store);
  if (!load) {
    load = importModule().then((module) => {
      module.startSignedInState(store);
      started.add(store);
    });
    load.catch(() => loads.delete(store));
    loads.set(store, load);
  }
  return load;
}
