import type { URLOpenListenerEvent } from '@capacitor/app';
import type { ActionPerformed } from '@capacitor/push-notifications';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';

const SERVER = 'https://selah.example';
const WEB_CLIENT = 'web-client.apps.googleusercontent.com';
const IOS_CLIENT = 'ios-client.apps.googleusercontent.com';

/** Every plugin module index.ts may load; none of the real ones runs here. */
const PLUGIN_MODULES = [
  '@capgo/capacitor-social-login',
  '@capacitor/status-bar',
  '@capacitor/splash-screen',
  '@capacitor/app',
  '@capacitor/push-notifications',
  'capacitor-secure-storage-plugin',
  'eventsource',
  '@capgo/capacitor-media-session',
  '@revenuecat/purchases-capacitor',
] as const;

/** Lets every promise callback already queued run (no timers, no waiting on the clock). */
const settled = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

type Listener = (event: never) => void;

/** The plugins replaced at their interface, and which modules were loaded (each factory counts its calls). */
function mockPlugins({
  launchUrl,
  pushFails = false,
  mediaSessionFails = false,
}: { launchUrl?: string; pushFails?: boolean; mediaSessionFails?: boolean } = {}) {
  const loaded = Object.fromEntries(PLUGIN_MODULES.map((name) => [name, vi.fn<() => void>()])) as Record<
    (typeof PLUGIN_MODULES)[number],
    Mock<() => void>
  >;

  const SocialLogin = {
    initialize: vi.fn(() => Promise.resolve()),
    login: vi.fn(() => Promise.resolve({ provider: 'apple', result: { idToken: 'apple-id-token', accessToken: null, profile: {} } })),
  };
  const StatusBar = {
    setStyle: vi.fn(() => Promise.resolve()),
    setBackgroundColor: vi.fn(() => Promise.resolve()),
    setOverlaysWebView: vi.fn(() => Promise.resolve()),
  };
  const SplashScreen = { hide: vi.fn(() => Promise.resolve()) };
  const MediaSession = {
    setMetadata: vi.fn(() => Promise.resolve()),
    setPlaybackState: vi.fn(() => Promise.resolve()),
    setActionHandler: vi.fn(() => Promise.resolve()),
    setPositionState: vi.fn(() => Promise.resolve()),
  };

  /** Listeners by plugin and event; `remove` takes one away. */
  const listeners = new Map<string, Set<Listener>>();
  const addListener = (plugin: string) =>
    vi.fn((eventName: string, listener: Listener) => {
      const set = listeners.get(`${plugin}:${eventName}`) ?? new Set<Listener>();
      listeners.set(`${plugin}:${eventName}`, set.add(listener));
      return Promise.resolve({ remove: () => Promise.resolve(void set.delete(listener)) });
    });
  const emit = (key: string, event: unknown) => listeners.get(key)?.forEach((listener) => (listener as (event: unknown) => void)(event));
  const listening = () => [...listeners].filter(([, set]) => set.size > 0).map(([key]) => key);

  const App = {
    addListener: addListener('App'),
    getLaunchUrl: vi.fn(() => Promise.resolve(launchUrl === undefined ? undefined : { url: launchUrl })),
  };
  const PushNotifications = {
    checkPermissions: vi.fn(() => Promise.resolve({ receive: 'granted' })),
    requestPermissions: vi.fn(() => Promise.resolve({ receive: 'granted' })),
    register: vi.fn(() => Promise.resolve()),
    unregister: vi.fn(() => Promise.resolve()),
    addListener: addListener('PushNotifications'),
  };

  const exports: Record<(typeof PLUGIN_MODULES)[number], () => object> = {
    '@capgo/capacitor-social-login': () => ({ SocialLogin }),
    '@capacitor/status-bar': () => ({ StatusBar }),
    '@capacitor/splash-screen': () => ({ SplashScreen }),
    '@capacitor/app': () => ({ App }),
    '@capacitor/push-notifications': () => {
      if (pushFails) throw new Error('push plugin failed to load');
      return { PushNotifications };
    },
    'capacitor-secure-storage-plugin': () => ({ SecureStoragePlugin: {} }),
    eventsource: () => ({ EventSource: class {} }),
    '@capgo/capacitor-media-session': () => {
      if (mediaSessionFails) throw new Error('media session plugin failed to load');
      return { MediaSession };
    },
    '@revenuecat/purchases-capacitor': () => ({ Purchases: {} }),
  };
  for (const name of PLUGIN_MODULES) {
    vi.doMock(name, () => {
      loaded[name]();
      return exports[name]();
    });
  }
  /** The modules whose factory ran. */
  const loadedModules = () => PLUGIN_MODULES.filter((name) => loaded[name].mock.calls.length > 0);
  return { SocialLogin, StatusBar, SplashScreen, MediaSession, App, PushNotifications, emit, listening, loadedModules };
}

afterEach(() => {
  for (const name of PLUGIN_MODULES) vi.doUnmock(name);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});

function configure() {
  vi.stubEnv('VITE_SERVER_URL', SERVER);
  vi.stubEnv('VITE_GOOGLE_WEB_CLIENT_ID', WEB_CLIENT);
  vi.stubEnv('VITE_GOOGLE_IOS_CLIENT_ID', IOS_CLIENT);
}

/** The shell's window: Capacitor's bridge, and a navigator without a media session of its own. */
function nativeShell(platform: 'ios' | 'android') {
  const window = {
    Capacitor: { isNativePlatform: () => true, getPlatform: () => platform },
    navigator: {} as Navigator,
  } as { navigator: Navigator; MediaMetadata?: typeof MediaMetadata };
  vi.stubGlobal('window', window);
  return window;
}

describe('the platform loaders on the web', () => {
  const browsers = [
    ['a browser', {}],
    ['Capacitor’s web runtime', { Capacitor: { isNativePlatform: () => false, getPlatform: () => 'web' } }],
  ] as const;

  it.each(browsers)('in %s: no native sign-in, built once', async (_name, window) => {
    vi.stubGlobal('window', window);
    configure();
    const plugins = mockPlugins();
    const { loadNativeSignIn } = await import('./index');
    const first = loadNativeSignIn();
    expect(loadNativeSignIn()).toBe(first);
    await expect(first).resolves.toBeNull();
    expect(plugins.loadedModules()).toEqual([]);
  });

  it.each(browsers)('in %s: showing the app and routing links do nothing, and load no plugin', async (_name, window) => {
    vi.stubGlobal('window', window);
    configure();
    const plugins = mockPlugins({ launchUrl: 'selah://journeys/3' });
    const { routeNativeLinks, showNativeApp } = await import('./index');
    await expect(showNativeApp()).resolves.toBeUndefined();
    const navigate = vi.fn<(path: string) => void>();
    const stop = await routeNativeLinks(navigate);
    expect(stop).not.toThrow();
    await settled();
    expect(navigate).not.toHaveBeenCalled();
    expect(plugins.StatusBar.setStyle).not.toHaveBeenCalled();
    expect(plugins.SplashScreen.hide).not.toHaveBeenCalled();
    expect(plugins.loadedModules()).toEqual([]);
  });
});

describe('the native sign-in loader in the shell', () => {
  it('is built once on the social-login plugin, with iOS’s Google client and Apple', async () => {
    nativeShell('ios');
    configure();
    const plugins = mockPlugins();
    const { loadNativeSignIn } = await import('./index');
    const first = loadNativeSignIn();
    expect(loadNativeSignIn()).toBe(first);
    const signIn = await first;
    expect(signIn?.offers('apple')).toBe(true);
    expect(signIn?.offers('google')).toBe(true);
    await expect(signIn?.signIn('apple')).resolves.toMatchObject({ provider: 'apple', token: 'apple-id-token' });
    expect(plugins.SocialLogin.initialize).toHaveBeenCalledExactlyOnceWith({
      google: { webClientId: WEB_CLIENT, iOSClientId: IOS_CLIENT, mode: 'online' },
      apple: {},
    });
    expect(plugins.SocialLogin.login).toHaveBeenCalledOnce();
    expect(plugins.loadedModules()).toEqual(['@capgo/capacitor-social-login']);
  });

  it('offers Google on Android with the web client id, and no Apple', async () => {
    nativeShell('android');
    configure();
    vi.stubEnv('VITE_GOOGLE_IOS_CLIENT_ID', '');
    mockPlugins();
    const signIn = await (await import('./index')).loadNativeSignIn();
    expect(signIn?.offers('google')).toBe(true);
    expect(signIn?.offers('apple')).toBe(false);
  });

  it('offers no Google in a build without its client id', async () => {
    nativeShell('ios');
    vi.stubEnv('VITE_GOOGLE_IOS_CLIENT_ID', '');
    mockPlugins();
    const signIn = await (await import('./index')).loadNativeSignIn();
    expect(signIn?.offers('google')).toBe(false);
    expect(signIn?.offers('apple')).toBe(true);
  });
});

describe('showing the native app', () => {
  it('sets the Android status bar and hides the splash, through the plugins', async () => {
    nativeShell('android');
    const plugins = mockPlugins();
    await (await import('./index')).showNativeApp();
    expect(plugins.StatusBar.setStyle).toHaveBeenCalledExactlyOnceWith({ style: 'LIGHT' });
    expect(plugins.StatusBar.setOverlaysWebView).toHaveBeenCalledExactlyOnceWith({ overlay: false });
    expect(plugins.StatusBar.setBackgroundColor).toHaveBeenCalledExactlyOnceWith({ color: '#f6f2ea' });
    expect(plugins.SplashScreen.hide).toHaveBeenCalledExactlyOnceWith({ fadeOutDuration: 200 });
    expect(plugins.loadedModules().sort()).toEqual(['@capacitor/splash-screen', '@capacitor/status-bar', '@capgo/capacitor-media-session']);
  });

  it('puts the plugin’s media session in place of navigator.mediaSession in the Android app', async () => {
    const window = nativeShell('android');
    const plugins = mockPlugins();
    await (await import('./index')).showNativeApp();
    const Metadata = window.MediaMetadata;
    expect(Metadata).toBeTypeOf('function');
    window.navigator.mediaSession.playbackState = 'playing';
    if (Metadata) window.navigator.mediaSession.metadata = new Metadata({ title: 'Evening prayer', artist: 'Selah' });
    expect(plugins.MediaSession.setPlaybackState).toHaveBeenCalledExactlyOnceWith({ playbackState: 'playing' });
    expect(plugins.MediaSession.setMetadata).toHaveBeenCalledExactlyOnceWith({ title: 'Evening prayer', artist: 'Selah', album: '' });
  });

  it('hides the splash in the Android app even when its media session fails to load (with a warning)', async () => {
    const window = nativeShell('android');
    const plugins = mockPlugins({ mediaSessionFails: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await (await import('./index')).showNativeApp();
    expect(plugins.SplashScreen.hide).toHaveBeenCalledOnce();
    expect(plugins.StatusBar.setStyle).toHaveBeenCalledOnce();
    expect(window.navigator).not.toHaveProperty('mediaSession');
    expect(warn).toHaveBeenCalledWith('media session', expect.any(Error));
  });

  it('sets only the style on iOS, hides the splash, and leaves the media session to the web view', async () => {
    const window = nativeShell('ios');
    const plugins = mockPlugins();
    await (await import('./index')).showNativeApp();
    expect(plugins.StatusBar.setStyle).toHaveBeenCalledExactlyOnceWith({ style: 'LIGHT' });
    expect(plugins.StatusBar.setOverlaysWebView).not.toHaveBeenCalled();
    expect(plugins.StatusBar.setBackgroundColor).not.toHaveBeenCalled();
    expect(plugins.SplashScreen.hide).toHaveBeenCalledOnce();
    expect(window.navigator).not.toHaveProperty('mediaSession');
    expect(plugins.loadedModules().sort()).toEqual(['@capacitor/splash-screen', '@capacitor/status-bar']);
  });
});

describe('routing native links', () => {
  const tap = (url: string): ActionPerformed => ({ actionId: 'tap', notification: { id: 'n-1', data: { url } } });

  it('opens the launch link and deep links at the configured server, and routes notification taps', async () => {
    nativeShell('ios');
    configure();
    const plugins = mockPlugins({ launchUrl: `${SERVER}/journeys/3?day=2` });
    const navigate = vi.fn<(path: string) => void>();
    const stop = await (await import('./index')).routeNativeLinks(navigate);
    vi.useFakeTimers();
    await settled();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/journeys/3?day=2');
    expect(plugins.listening().sort()).toEqual(['App:appUrlOpen', 'PushNotifications:pushNotificationActionPerformed']);

    plugins.emit('App:appUrlOpen', { url: 'selah://library' } satisfies URLOpenListenerEvent);
    plugins.emit('App:appUrlOpen', { url: 'https://evil.example/library' } satisfies URLOpenListenerEvent);
    expect(navigate).toHaveBeenLastCalledWith('/library');

    plugins.emit('PushNotifications:pushNotificationActionPerformed', tap('/personalized-journey/grief/plan/j-1'));
    await vi.advanceTimersByTimeAsync(500);
    expect(navigate.mock.calls).toEqual([['/journeys/3?day=2'], ['/library'], ['/personalized-journey/grief/plan/j-1']]);
    expect(plugins.PushNotifications.checkPermissions).toHaveBeenCalled();

    stop();
    await settled();
    expect(plugins.listening()).toEqual([]);
    plugins.emit('App:appUrlOpen', { url: 'selah://journeys/4' });
    await vi.advanceTimersByTimeAsync(500);
    expect(navigate).toHaveBeenCalledTimes(3);
    expect(plugins.loadedModules().sort()).toEqual(['@capacitor/app', '@capacitor/push-notifications']);
  });

  it('still opens deep links when the push plugin fails to load', async () => {
    nativeShell('android');
    configure();
    const plugins = mockPlugins({ pushFails: true });
    const navigate = vi.fn<(path: string) => void>();
    const stop = await (await import('./index')).routeNativeLinks(navigate);
    await settled();
    expect(plugins.listening()).toEqual(['App:appUrlOpen']);
    plugins.emit('App:appUrlOpen', { url: 'selah:///journeys/3' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/journeys/3');
    stop();
    await settled();
    expect(plugins.listening()).toEqual([]);
  });
});
