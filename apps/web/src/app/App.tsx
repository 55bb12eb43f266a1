import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { LoadingScreen } from '../components/LoadingScreen';
import { AudioProvider } from '../lib/audio';
import { AuthProvider, useAuth } from '../lib/auth';
import { LiveEventsProvider } from '../lib/live-events';
import { queryClient } from '../lib/query-client';
import { MAX_TOASTS, TOAST_DURATION_MS } from '../lib/toast';
import { router } from './router';

/** App start shows the loading screen for at least this long (spec section 9). */
export const MIN_SPLASH_MS = 1000;

function Startup() {
  const { isPending } = useAuth();
  const [minimumElapsed, setMinimumElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMinimumElapsed(true), MIN_SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!minimumElapsed || isPending) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveEventsProvider>
          <AudioProvider>
            <Suspense fallback={<LoadingScreen />}>
              <Startup />
            </Suspense>
          </AudioProvider>
        </LiveEventsProvider>
        <Toaster position="top-center" duration={TOAST_DURATION_MS} visibleToasts={MAX_TOASTS} richColors closeButton />
      </AuthProvider>
    </QueryClientProvider>
  );
}
