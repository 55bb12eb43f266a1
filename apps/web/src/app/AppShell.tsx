import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { MiniPlayer } from '../features/player/MiniPlayer';
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
    // The extra bottom padding while the mini player shows keeps it from covering the end of the page; the top
    // padding keeps the page below an iPhone's status bar in the app (zero in a browser's page).
    <div className="min-h-dvh pt-[env(safe-area-inset-top)] pb-28 has-[[data-testid=mini-player]]:pb-44">
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <div
        id="mini-player-slot"
        className={`pointer-events-none fixed inset-x-0 z-20 ${hideNav ? 'bottom-0 pb-[env(safe-area-inset-bottom)]' : 'bottom-[calc(4rem+env(safe-area-inset-bottom))]'}`}
      >
        <MiniPlayer />
      </div>
      {hideNav ? null : <BottomNav />}
    </div>
  );
}
