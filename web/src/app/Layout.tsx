// The frame of every page: navigation bar, content, tab bar; the wallet stack loads after first paint.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { ErrorBoundary } from './ErrorBoundary';
import { NavBar } from './NavBar';
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
  useEffect(prefetchTabs, []);
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
      <TabBar active={active} />
      <ErrorBoundary resetKey="wallet">
        <Suspense fallback={null}>
          <WalletRoot />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
