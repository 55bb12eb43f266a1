import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ConnectionNotice } from '../components/ConnectionNotice';
import { LoadingScreen } from '../components/LoadingScreen';
import { useProfileLanguage } from '../features/profile/use-profile-language';
import { AudioProvider } from '../lib/audio';
import { PlayerPreferencesSync } from '../features/player/PlayerPreferencesSync';
import { AuthProvider, useAuth, whenSigningOut } from '../lib/auth';
import { LiveEventsProvider } from './live-events';
import { useNativeStart } from './native-start';
import { queryClient } from '../lib/query-client';
import { registerServiceWorker } from '../lib/service-worker';
import { appRouter, prefetchFirstScreen } from './router';

/** sonner's toaster: out of the initial JavaScript, loaded while the first screen comes (lib/toast.ts). */
const Toasts = lazy(() => import('./Toasts'));

/** App start shows the loading screen for at least this long (spec section 9). */
export const MIN_SPLASH_MS = 1000;

// At sign-out this device's push registration goes (features/profile): the next person on it registers anew.
whenSigningOut(() => import('../features/profile/data').then(({ forgetThisDevice }) => forgetThisDevice()));

/** The splash index.html paints before any script runs (the same look as LoadingScreen). */
const BOOT_SPLASH_ID = 'boot-splash';

/**
 * App start: index.html's own splash stays up (React does not paint a second one over it) until the minimum has
 * passed and the session is known; then the router renders and the splash goes.
 */
function Startup() {
  const { isPending, user } = useAuth();
  const { i18n, ready: textsReady } = useTranslation(undefined, { useSuspense: false });
  // Signed in, the interface follows the profile's language (read while the splash is up).
  useProfileLanguage();
  const [minimumElapsed, setMinimumElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMinimumElapsed(true), MIN_SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  // The first screen's data is fetched while the splash is up, once the session and the language are known.
  const userId = user?.id ?? null;
  const prefetched = useRef(false);
  useEffect(() => {
    if (prefetched.current || isPending || !textsReady) return;
    prefetched.current = true;
    prefetchFirstScreen({ queryClient, i18n, userId });
  }, [isPending, textsReady, i18n, userId]);
  // The app's first screen renders in the background (time-sliced) while the splash is still up.
  const ready = useDeferredValue(minimumElapsed && !isPending);
  const bootSplash = typeof document === 'undefined' ? null : document.getElementById(BOOT_SPLASH_ID);
  // In the native app: taps and deep links into the router, and push (app/native-start.ts).
  useNativeStart(ready);
  useEffect(() => {
    if (!ready) return;
    bootSplash?.remove();
    // The offline worker comes after the first screen (it downloads every file of the app).
    registerServiceWorker();
  }, [ready, bootSplash]);
  if (!ready) return bootSplash ? null : <LoadingScreen />;
  return (
    <>
      {/* Above the page, in its flow: offline, it moves the page down rather than covering it. */}
      <ConnectionNotice />
      <RouterProvider router={appRouter()} />
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveEventsProvider>
          <AudioProvider>
            <PlayerPreferencesSync />
            <Suspense fallback={<LoadingScreen />}>
              <Startup />
            </Suspense>
          </AudioProvider>
        </LiveEventsProvider>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
