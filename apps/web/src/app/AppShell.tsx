import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { track } from '../lib/analytics';
import { BottomNav } from './BottomNav';

/** Tracks a screen_view on every route change (spec section 2). */
export function useScreenViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    track({ name: 'screen_view', params: { screen_name: pathname } });
  }, [pathname]);
}

/** Pages outside the shell (/login, /registerpage, /player) still count their views. */
export function BareLayout() {
  useScreenViews();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** Pages with the bottom navigation and the slot where the minimized player sits. */
export function AppShell() {
  useScreenViews();
  const { pathname } = useLocation();
  const hideNav = /^\/personalized-journey\/[^/]+\/loading/.test(pathname);
  return (
    <div className="min-h-dvh pb-28">
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <div id="mini-player-slot" className="fixed inset-x-0 bottom-16 z-20" />
      {hideNav ? null : <BottomNav />}
    </div>
  );
}
