import { FreshSecondStepHost } from '@medhire/ui/fresh-second-step-host.tsx';
import { lazy, type ReactNode, Suspense, use, useEffect } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { enrolmentRequiredSet, selectSession } from '../features/auth/auth-slice.ts';
import { setEnrolmentRequiredListener } from '../lib/two-step-enrolment.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { layoutFor } from './layouts/layout-for.ts';
import { lazyLayouts, preloadLayout } from './layouts/lazy-layouts.ts';
import { loadSignedInState, needsSignedInState } from './load-signed-in-state.ts';
import { OfflineBanner } from './offline-banner.tsx';
import type { AppStore } from './store.ts';

// The "Confirm it's you" dialog downloads the first time a change asks for it, not with every page.
const FreshSecondStepDialog = lazy(() =>
  import('./fresh-second-step-dialog.tsx').then((module) => ({ default: module.FreshSecondStepDialog })),
);

/** Shows its page, when it needs the signed-in state once the store holds it (loading it once). */
function SignedInStateGate({ isNeeded, children }: { isNeeded: boolean; children: ReactNode }) {
  const store = useStore() as AppStore;
  const load = isNeeded ? loadSignedInState(store) : null;
  if (load) use(load);
  return children;
}

/** Picks the page's layout from the session and the path (spec §2); says when the network is gone. */
export function RootLayout() {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  // A call refused for want of two-step sign-in marks the session; the guards take it from there.
  useEffect(() => {
    setEnrolmentRequiredListener(() => dispatch(enrolmentRequiredSet(true)));
    return () => setEnrolmentRequiredListener(null);
  }, [dispatch]);
  const layout = layoutFor(session, pathname);
  const Layout = lazyLayouts[layout];
  const isSignedInStateNeeded = needsSignedInState(session !== null, pathname);
  // The layout downloads while the signed-in state does, not after it.
  if (isSignedInStateNeeded) void preloadLayout(layout);
  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <SignedInStateGate isNeeded={isSignedInStateNeeded}>
          <Layout />
        </SignedInStateGate>
      </Suspense>
      <OfflineBanner />
      {session && <FreshSecondStepHost Dialog={FreshSecondStepDialog} />}
    </>
  );
}
