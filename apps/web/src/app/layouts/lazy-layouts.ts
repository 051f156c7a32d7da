import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { LayoutName } from './layout-for.ts';

type LayoutModule = Promise<{ default: ComponentType }>;

// Each layout is its own chunk: a visitor of /signIn never downloads the signed-in shell.
const importers: Record<LayoutName, () => LayoutModule> = {
  public: () => import('./public-layout.tsx').then((module) => ({ default: module.PublicLayout })),
  auth: () => import('./auth-layout.tsx').then((module) => ({ default: module.AuthLayout })),
  onboarding: () =>
    import('./onboarding-layout.tsx').then((module) => ({ default: module.OnboardingLayout })),
  'would-you-rather': () =>
    import('./would-you-rather-layout.tsx').then((module) => ({ default: module.WouldYouRatherLayout })),
  agreement: () => import('./agreement-layout.tsx').then((module) => ({ default: module.AgreementLayout })),
  main: () => import('./main-layout.tsx').then((module) => ({ default: module.MainLayout })),
};

const pending = new Map<LayoutName, LayoutModule>();

function load(name: LayoutName): LayoutModule {
  let module = pending.get(name);
  if (!module) {
    module = importers[name]();
    // A failed download (flaky network) is retried on the next attempt instead of cached.
    module.catch(() => pending.delete(name));
    pending.set(name, module);
  }
  return module;
}

/** Starts downloading a layout; settles once it has loaded or failed (a failure is retried on render). */
export function preloadLayout(name: LayoutName): Promise<void> {
  return load(name).then(
    () => undefined,
    () => undefined,
  );
}

export const lazyLayouts: Record<LayoutName, LazyExoticComponent<ComponentType>> = {
  public: lazy(() => load('public')),
  auth: lazy(() => load('auth')),
  onboarding: lazy(() => load('onboarding')),
  'would-you-rather': lazy(() => load('would-you-rather')),
  agreement: lazy(() => load('agreement')),
  main: lazy(() => load('main')),
};
