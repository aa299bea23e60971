// The frame of every page: navigation bar, content, tab bar; the wallet stack loads only when needed.
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { useWalletSheet } from '../session/prompt';
import { useSession } from '../session/store';
import { useWalletWanted, wallet } from '../wallet/state';
import { AppNotices } from './AppNotices';
import { ErrorBoundary } from './ErrorBoundary';
import { NavBar } from './NavBar';
import { registerServiceWorker } from './pwa';
import { findRoute, prefetchTabs } from './routes';
import { TabBar } from './TabBar';
import { getTabIndex, setTabIndex } from './tabIndex';

const WalletRoot = lazy(() => import('../wallet/WalletRoot'));

export function Layout() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const active = route?.tab ?? (route ? getTabIndex() : undefined);
  useEffect(() => {
    if (route?.tab !== undefined) setTabIndex(route.tab);
  }, [route]);
  // the other tabs' code, and the service worker's precache, once the page's first reads have
  // landed: before, they would compete with them for a slow phone's bandwidth and CPU
  const fetching = useIsFetching();
  const tabsFetched = useRef(false);
  useEffect(() => {
    if (fetching > 0 || tabsFetched.current) return;
    tabsFetched.current = true;
    prefetchTabs();
    void registerServiceWorker().catch(() => {});
  }, [fetching]);
  // wagmi/viem/AppKit are heavy: load them for a signed-in user (the connection is watched), when the
  // wallet sheet opens, or when a page asks for the chain (wallet.ready); never for a mere visitor.
  const signedIn = useSession() !== null;
  const sheetOpen = useWalletSheet().open;
  const wanted = useWalletWanted();
  useEffect(() => {
    if (signedIn || sheetOpen) wallet.require();
  }, [signedIn, sheetOpen]);
  const loadWallet = wanted || signedIn || sheetOpen;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to top on every route change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="app">
      <NavBar route={route} />
      <main className="content" data-route={route?.path ?? ''}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <AppNotices />
      <TabBar active={active} />
      {loadWallet && (
        <ErrorBoundary resetKey="wallet">
          <Suspense fallback={null}>
            <WalletRoot />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
