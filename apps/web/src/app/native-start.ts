import { useEffect } from 'react';
import { useAuth } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { isNativeShell } from '../platform/shell';
import { appRouter } from './router';

/** What the native start needs, loaded only inside the shell or where notifications are allowed (the web's start-up carries none of it). */
const loadNativeStart = () => Promise.all([import('../platform'), import('../features/profile/data')]);

/**
 * The native app's start once its first screen is up (spec section 4, "App start": on a native platform it
 * initialises push notifications): notification taps and deep links open their page in the router, and for a
 * signed-in person with notifications on whose device already allows them, this device's push token is sent
 * again (the platform renews tokens; the same token again changes nothing). A browser whose notifications are
 * allowed registers again too, at each sign-in. Nothing is asked at start: the permission prompt comes only from
 * the person's own tap in the settings.
 */
export function useNativeStart(ready: boolean): void {
  const native = ready && isNativeShell();
  useEffect(() => {
    if (!native) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void loadNativeStart()
      .then(([platform]) => platform.routeNativeLinks((path) => void appRouter().navigate(path)))
      .then((stopListening) => {
        if (stopped) stopListening();
        else stop = stopListening;
      })
      .catch((error: unknown) => console.warn('native links', error));
    return () => {
      stopped = true;
      stop?.();
    };
  }, [native]);

  // Signed in, this device's registration is renewed (sign-out removes it: the next person on a shared device
  // registers anew). In a browser only where notifications are already allowed, so nothing loads otherwise.
  const userId = useAuth().user?.id ?? null;
  const allowedHere = native || (ready && typeof Notification !== 'undefined' && Notification.permission === 'granted');
  useEffect(() => {
    if (!allowedHere || userId === null) return;
    void (async () => {
      const [platform, profile] = await loadNativeStart();
      const me = await queryClient.fetchQuery(profile.meQueryOptions());
      if (!me.prayerNotifications) return;
      const push = await platform.loadPush();
      if ((await push.checkPermission()) === 'granted') await profile.registerThisDevice(push);
    })().catch((error: unknown) => console.warn('push registration at start', error));
  }, [allowedHere, userId]);
}
