/**
 * What differs between the web and the native shell, behind one interface: the only place in the app that knows
 * (decision 024). Nothing here imports @capacitor/core or a plugin: the shell's bridge puts `window.Capacitor`
 * in place before the app's JavaScript runs (shell.ts), and every plugin, with the code that uses it, is a
 * dynamic import made only inside the shell, out of the app's initial JavaScript.
 */
import type { PurchasePlatform } from './purchases';
import type { PushPlatform } from './push';
import type { NativeSignIn } from './native-sign-in';
import { nativeConfig } from './native-config';
import { serverOrigin } from './server';
import { isNativeIos, isNativeShell, nativePlatform } from './shell';
import { webPurchases } from './web-purchases';

export * from './purchases';
export type { PushPermission, PushPlatform, RegisterResult } from './push';
export type { NativeIdToken, NativeProvider, NativeSignIn } from './native-sign-in';
export { isNativeIos, isNativeShell, nativePlatform } from './shell';
export { apiOrigin, mediaCrossOrigin, requestCredentials, serverOrigin, serverUrl } from './server';
export { bearerToken } from './bearer';
export { serverFetch } from './http';
export { openEventStream, STREAM_CLOSED, type EventStream } from './event-stream';

/** Builds something once per app run; a failed build (a missing chunk, say) is tried again on the next call. */
function once<T>(create: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= create().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** The purchase platform of this device: the App Store's in the iOS app with a RevenueCat key, else none. */
export const loadPurchases = once(async (): Promise<PurchasePlatform> => {
  const apiKey = nativeConfig.revenueCatIosApiKey;
  if (!isNativeIos() || apiKey === '') return webPurchases;
  const [{ Purchases }, { createNativePurchases }] = await Promise.all([
    import('@revenuecat/purchases-capacitor'),
    import('./native-purchases'),
  ]);
  return createNativePurchases(Purchases, apiKey);
});

const loadNativePush = once(async () => {
  const [{ PushNotifications }, { createNativePush }] = await Promise.all([
    import('@capacitor/push-notifications'),
    import('./native-push'),
  ]);
  return createNativePush(PushNotifications);
});

/**
 * Push on this device, built once (a failed load is tried again): the browser's Push API, or the native shell's
 * push plugin (native-push.ts, whose `onTap` opens a tapped notification's page).
 */
export const loadPush = once(async (): Promise<PushPlatform> =>
  isNativeShell() ? loadNativePush() : (await import('./web-push')).webPush,
);

/** Google and Apple sign-in with the platform's own sheet: only inside the shell (null on the web). */
export const loadNativeSignIn = once(async (): Promise<NativeSignIn | null> => {
  const platform = nativePlatform();
  if (!platform) return null;
  const [{ SocialLogin }, { createNativeSignIn }] = await Promise.all([
    import('@capgo/capacitor-social-login'),
    import('./native-sign-in'),
  ]);
  return createNativeSignIn(SocialLogin, {
    platform,
    googleWebClientId: nativeConfig.googleWebClientId,
    googleIosClientId: nativeConfig.googleIosClientId,
  });
});

/**
 * App start in the shell, as soon as the page's splash is painted: status bar, native splash (app-start.ts); in
 * the Android app also the media session that keeps a prayer playing with the screen locked (media-session.ts).
 */
export async function showNativeApp(): Promise<void> {
  const platform = nativePlatform();
  if (!platform) return;
  const [{ StatusBar }, { SplashScreen }, { showApp }] = await Promise.all([
    import('@capacitor/status-bar'),
    import('@capacitor/splash-screen'),
    import('./app-start'),
  ]);
  // First the app shows (the native splash never stays up because of what follows).
  await showApp(platform, { statusBar: StatusBar, splash: SplashScreen });
  if (platform === 'android') {
    try {
      const [{ MediaSession }, { installMediaSession, pluginMediaSession }] = await Promise.all([
        import('@capgo/capacitor-media-session'),
        import('./media-session'),
      ]);
      installMediaSession(pluginMediaSession(MediaSession), window as unknown as { navigator: Navigator });
    } catch (error) {
      console.warn('media session', error);
    }
  }
}

/**
 * Notification taps and deep links into the router, in the shell (app-start.ts); nothing on the web, where the
 * service worker opens a tapped notification's page. Returns a function that stops listening.
 */
export async function routeNativeLinks(navigate: (path: string) => void): Promise<() => void> {
  if (!isNativeShell()) return () => undefined;
  const [{ App }, push, { routeIntoApp }] = await Promise.all([
    import('@capacitor/app'),
    loadNativePush().catch(() => null),
    import('./app-start'),
  ]);
  return routeIntoApp({ app: App, push, serverOrigin: serverOrigin(), navigate });
}
