/**
 * The native shell's app start (spec section 4, "App start": on a native platform it sets the status bar and
 * initialises push notifications). Loaded only inside the shell, with its plugins (index.ts); here only their
 * types, so tests hand in fakes.
 *
 * - `showApp`, as soon as the page's own splash is painted: the status bar (dark text on the app's light canvas,
 *   beside the page) and the native splash hidden, which looks the same as the page's, so nothing flickers.
 * - `routeIntoApp`, once the router exists: notification taps and deep links (selah://journeys/3, or the
 *   server's own https address of a page) open that page; a link that launched the app opens it too.
 */
import type { AppPlugin } from '@capacitor/app';
import type { SplashScreenPlugin } from '@capacitor/splash-screen';
import type { StatusBarPlugin, Style } from '@capacitor/status-bar';
import type { NativePushPlatform } from './native-push';
import type { NativePlatform } from './shell';

/** The app's canvas (index.css --color-canvas; capacitor.config.ts). */
export const CANVAS_COLOR = '#f6f2ea';
/** The app's own scheme for deep links (Info.plist, AndroidManifest.xml). */
export const APP_SCHEME = 'selah:';

/** A link opened again within this long is the same opening (iOS's launch link arrives twice). */
const SAME_LINK_MS = 2000;

/** Paths of the server, not of the app: a link there is not a page to open. */
const SERVER_PATH = /^\/(api|media|locales|health)(\/|$)/;
/** An app path: a single leading slash and URL characters only (as native-push's tapTarget). */
const APP_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/;

/**
 * The app page a deep link names, or null: selah://journeys/3 and selah:///journeys/3 are /journeys/3; an https
 * link opens the app only at the server's own origin. Anything else (another site, a server path) is ignored.
 */
export function deepLinkPath(link: string, serverOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  let path: string;
  if (url.protocol === APP_SCHEME) {
    // selah://journeys/3: "journeys" is the URL's host; selah:///journeys/3 has none.
    const host = url.host ? `/${url.host}` : '';
    path = `${host}${url.pathname === '/' && host ? '' : url.pathname}` || '/';
  } else if ((url.protocol === 'https:' || url.protocol === 'http:') && serverOrigin !== '' && url.origin === serverOrigin) {
    path = url.pathname;
  } else {
    return null;
  }
  const full = `${path}${url.search}`;
  if (path === '/') return '/dashboard';
  return APP_PATH.test(full) && !SERVER_PATH.test(path) ? full : null;
}

export type StatusBarCalls = Pick<StatusBarPlugin, 'setStyle' | 'setBackgroundColor' | 'setOverlaysWebView'>;
export type SplashCalls = Pick<SplashScreenPlugin, 'hide'>;
export type AppCalls = Pick<AppPlugin, 'addListener' | 'getLaunchUrl'>;

/** Status bar and splash; a plugin that fails is logged, and the app shows anyway. */
export async function showApp(platform: NativePlatform, plugins: { statusBar: StatusBarCalls; splash: SplashCalls }): Promise<void> {
  const steps: Promise<unknown>[] = [
    // 'LIGHT' is Capacitor's Style.Light: dark text, for light backgrounds.
    plugins.statusBar.setStyle({ style: 'LIGHT' as Style }),
  ];
  if (platform === 'android') {
    // iOS has no status bar colour of its own: the page's canvas shows through.
    steps.push(plugins.statusBar.setOverlaysWebView({ overlay: false }), plugins.statusBar.setBackgroundColor({ color: CANVAS_COLOR }));
  }
  const results = await Promise.allSettled(steps);
  for (const result of results) if (result.status === 'rejected') console.warn('status bar', result.reason);
  await plugins.splash.hide({ fadeOutDuration: 200 }).catch((error: unknown) => console.warn('splash screen', error));
}

/** Taps and deep links into the router; returns a function that stops listening. */
export function routeIntoApp(options: {
  app: AppCalls;
  push: Pick<NativePushPlatform, 'onTap'> | null;
  serverOrigin: string;
  navigate: (path: string) => void;
}): () => void {
  const { app, push, serverOrigin, navigate } = options;
  let stopped = false;
  // iOS keeps the link that launched the app for the first listener and getLaunchUrl answers it too: the same
  // link twice within a moment is opened once.
  let last: { link: string; at: number } | null = null;
  const open = (link: string | undefined) => {
    const path = link ? deepLinkPath(link, serverOrigin) : null;
    if (!link || !path || stopped) return;
    const now = Date.now();
    if (last && last.link === link && now - last.at < SAME_LINK_MS) return;
    last = { link, at: now };
    navigate(path);
  };
  const stopTaps = push?.onTap(navigate) ?? (() => undefined);
  const listener = app
    .addListener('appUrlOpen', ({ url }) => open(url))
    .catch((error: unknown) => {
      console.warn('deep links', error);
      return null;
    });
  void app
    .getLaunchUrl()
    .then((launch) => open(launch?.url))
    .catch(() => undefined);
  return () => {
    stopped = true;
    stopTaps();
    void listener.then((handle) => handle?.remove()).catch(() => undefined);
  };
}
