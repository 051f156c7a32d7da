import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { selectSession } from '../features/auth/auth-slice.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { useAppSelector } from './hooks.ts';
import { layoutFor } from './layouts/layout-for.ts';
import { lazyLayouts } from './layouts/lazy-layouts.ts';
import { OfflineBanner } from './offline-banner.tsx';

/** Picks the page's layout from the session and the path (spec §2); says when the network is gone. */
export function RootLayout() {
  const session = useAppSelector(selectSession);
  const { pathname } = useLocation();
  const Layout = lazyLayouts[layoutFor(session, pathname)];
  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <Layout />
      </Suspense>
      <OfflineBanner />
    </>
  );
}
