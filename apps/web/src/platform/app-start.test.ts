import type { PluginListenerHandle } from '@capacitor/core';
import type { URLOpenListenerEvent } from '@capacitor/app';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type AppCalls, CANVAS_COLOR, deepLinkPath, routeIntoApp, type SplashCalls, showApp, type StatusBarCalls } from './app-start';

const SERVER = 'https://selah.example';

/** Lets every promise callback already queued run (no timers, no waiting on the clock). */
const settled = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** console.warn, silenced and recorded for this test only (a warning is expected). */
function expectWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

describe('the page a deep link opens', () => {
  it('is the path the app scheme names, with or without a host', () => {
    expect(deepLinkPath('selah://journeys/3', SERVER)).toBe('/journeys/3');
    expect(deepLinkPath('selah:///journeys/3', SERVER)).toBe('/journeys/3');
    expect(deepLinkPath('selah://library', SERVER)).toBe('/library');
    expect(deepLinkPath('selah://library/', SERVER)).toBe('/library');
    expect(deepLinkPath('selah://personalized-journey/grief/plan/j-1', SERVER)).toBe('/personalized-journey/grief/plan/j-1');
  });

  it('keeps the query and drops the fragment', () => {
    expect(deepLinkPath('selah://journeys/3?day=2', SERVER)).toBe('/journeys/3?day=2');
    expect(deepLinkPath('selah:///library?tab=saved&sort=new', SERVER)).toBe('/library?tab=saved&sort=new');
    expect(deepLinkPath('selah://journeys/3#top', SERVER)).toBe('/journeys/3');
  });

  it('is /dashboard for the bare scheme', () => {
    expect(deepLinkPath('selah://', SERVER)).toBe('/dashboard');
    expect(deepLinkPath('selah:///', SERVER)).toBe('/dashboard');
  });

  it('is the path of an https link at the server’s own origin', () => {
    expect(deepLinkPath(`${SERVER}/journeys/3`, SERVER)).toBe('/journeys/3');
    expect(deepLinkPath(`${SERVER}/journeys/3?day=2`, SERVER)).toBe('/journeys/3?day=2');
    expect(deepLinkPath(`${SERVER}/`, SERVER)).toBe('/dashboard');
    expect(deepLinkPath(SERVER, SERVER)).toBe('/dashboard');
  });

  it('is nothing for a link at another origin, or when no server is configured', () => {
    expect(deepLinkPath('https://evil.example/journeys/3', SERVER)).toBeNull();
    expect(deepLinkPath('https://selah.example.evil.example/journeys/3', SERVER)).toBeNull();
    expect(deepLinkPath('http://selah.example/journeys/3', SERVER)).toBeNull();
    expect(deepLinkPath('https://selah.example:8443/journeys/3', SERVER)).toBeNull();
    expect(deepLinkPath('https://selah.example/journeys/3', '')).toBeNull();
  });

  it('is nothing for the server’s own paths: /api, /media, /locales, /health', () => {
    for (const path of ['/api/auth/sign-out', '/api', '/media/prayers/p-1.mp3', '/locales/en/auth.json', '/health']) {
      expect(deepLinkPath(`selah://${path.slice(1)}`, SERVER)).toBeNull();
      expect(deepLinkPath(`selah://${path}`, SERVER)).toBeNull();
      expect(deepLinkPath(`${SERVER}${path}`, SERVER)).toBeNull();
    }
    expect(deepLinkPath('selah://api?x=1', SERVER)).toBeNull();
    // Only whole segments count: a page that merely starts with those letters opens.
    expect(deepLinkPath('selah://healthy-habits', SERVER)).toBe('/healthy-habits');
  });

  it('is nothing for a protocol-relative path, another scheme, or garbage', () => {
    for (const link of [
      '//evil.com',
      '//evil.com/journeys/3',
      'selah:////evil.com/x',
      '/journeys/3',
      'journeys/3',
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'intent://journeys/3#Intent;scheme=selah;end',
      'not a link at all',
      '',
    ]) {
      expect(deepLinkPath(link, SERVER), link).toBeNull();
    }
  });

  it('passes on characters outside a URL path only percent-encoded', () => {
    expect(deepLinkPath('selah://journeys/<script>', SERVER)).toBe('/journeys/%3Cscript%3E');
    expect(deepLinkPath('selah://journeys/3 4', SERVER)).toBe('/journeys/3%204');
    expect(deepLinkPath(`${SERVER}/journeys/"x"`, SERVER)).toBe('/journeys/%22x%22');
  });
});

/** The status bar and splash plugins at their interface. */
function fakeStartPlugins() {
  const statusBar = {
    setStyle: vi.fn<StatusBarCalls['setStyle']>(() => Promise.resolve()),
    setBackgroundColor: vi.fn<StatusBarCalls['setBackgroundColor']>(() => Promise.resolve()),
    setOverlaysWebView: vi.fn<StatusBarCalls['setOverlaysWebView']>(() => Promise.resolve()),
  } satisfies StatusBarCalls;
  const splash = { hide: vi.fn<SplashCalls['hide']>(() => Promise.resolve()) } satisfies SplashCalls;
  return { statusBar, splash };
}

describe('showing the app', () => {
  it('on Android: dark text, the bar beside the page in the canvas colour, then the splash hidden', async () => {
    const plugins = fakeStartPlugins();
    await showApp('android', plugins);
    expect(plugins.statusBar.setStyle).toHaveBeenCalledExactlyOnceWith({ style: 'LIGHT' });
    expect(plugins.statusBar.setOverlaysWebView).toHaveBeenCalledExactlyOnceWith({ overlay: false });
    expect(plugins.statusBar.setBackgroundColor).toHaveBeenCalledExactlyOnceWith({ color: CANVAS_COLOR });
    expect(CANVAS_COLOR).toBe('#f6f2ea');
    expect(plugins.splash.hide).toHaveBeenCalledExactlyOnceWith({ fadeOutDuration: 200 });
    expect(plugins.splash.hide.mock.invocationCallOrder[0]).toBeGreaterThan(
      plugins.statusBar.setBackgroundColor.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('on iOS: only the style, then the splash hidden', async () => {
    const plugins = fakeStartPlugins();
    await showApp('ios', plugins);
    expect(plugins.statusBar.setStyle).toHaveBeenCalledExactlyOnceWith({ style: 'LIGHT' });
    expect(plugins.statusBar.setOverlaysWebView).not.toHaveBeenCalled();
    expect(plugins.statusBar.setBackgroundColor).not.toHaveBeenCalled();
    expect(plugins.splash.hide).toHaveBeenCalledExactlyOnceWith({ fadeOutDuration: 200 });
  });

  it('hides the splash after the status bar has answered', async () => {
    const plugins = fakeStartPlugins();
    let answer: () => void = () => undefined;
    plugins.statusBar.setStyle.mockReturnValueOnce(new Promise<void>((resolve) => (answer = resolve)));
    const showing = showApp('ios', plugins);
    await settled();
    expect(plugins.splash.hide).not.toHaveBeenCalled();
    answer();
    await showing;
    expect(plugins.splash.hide).toHaveBeenCalledOnce();
  });

  it('still hides the splash when a status bar call fails, and logs each failure', async () => {
    const warn = expectWarnings();
    const plugins = fakeStartPlugins();
    const styleFailure = new Error('StatusBar does not have web implementation');
    const colourFailure = new Error('not implemented');
    plugins.statusBar.setStyle.mockRejectedValueOnce(styleFailure);
    plugins.statusBar.setBackgroundColor.mockRejectedValueOnce(colourFailure);
    await expect(showApp('android', plugins)).resolves.toBeUndefined();
    expect(plugins.statusBar.setOverlaysWebView).toHaveBeenCalledOnce();
    expect(plugins.splash.hide).toHaveBeenCalledOnce();
    expect(warn.mock.calls).toEqual([
      ['status bar', styleFailure],
      ['status bar', colourFailure],
    ]);
  });

  it('resolves, with a warning, when hiding the splash fails', async () => {
    const warn = expectWarnings();
    const plugins = fakeStartPlugins();
    const failure = new Error('SplashScreen not available');
    plugins.splash.hide.mockRejectedValueOnce(failure);
    await expect(showApp('ios', plugins)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledExactlyOnceWith('splash screen', failure);
  });
});

/** The App plugin at its interface: appUrlOpen listeners, and the URL the app was launched with. */
function fakeApp({ launchUrl }: { launchUrl?: string } = {}) {
  const listeners = new Set<(event: URLOpenListenerEvent) => void>();
  const remove = vi.fn<PluginListenerHandle['remove']>();
  const addListener = vi.fn((eventName: 'appUrlOpen', listener: (event: URLOpenListenerEvent) => void): Promise<PluginListenerHandle> => {
    listeners.add(listener);
    remove.mockImplementation(() => {
      listeners.delete(listener);
      return Promise.resolve();
    });
    return Promise.resolve({ remove });
  });
  const app = {
    addListener,
    getLaunchUrl: vi.fn<AppCalls['getLaunchUrl']>(() => Promise.resolve(launchUrl === undefined ? undefined : { url: launchUrl })),
  };
  const open = (url: string) => listeners.forEach((listener) => listener({ url }));
  return { app: app as unknown as AppCalls & typeof app, open, remove, listening: () => listeners.size };
}

/** native-push's onTap at its interface: a tap calls the navigate it was given. */
function fakePush() {
  let navigateTo: ((path: string) => void) | null = null;
  const stop = vi.fn(() => {
    navigateTo = null;
  });
  const onTap = vi.fn((navigate: (path: string) => void) => {
    navigateTo = navigate;
    return stop;
  });
  return { push: { onTap }, stop, tap: (path: string) => navigateTo?.(path) };
}

describe('routing into the app', () => {
  it('opens the page of a deep link opened while the app runs', async () => {
    const { app, open } = fakeApp();
    const navigate = vi.fn<(path: string) => void>();
    routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate });
    await settled();
    expect(app.addListener).toHaveBeenCalledExactlyOnceWith('appUrlOpen', expect.any(Function));
    open('selah://journeys/3?day=2');
    open(`${SERVER}/library`);
    expect(navigate.mock.calls).toEqual([['/journeys/3?day=2'], ['/library']]);
  });

  it('opens the page of the link that launched the app', async () => {
    const { app } = fakeApp({ launchUrl: 'selah:///journeys/3' });
    const navigate = vi.fn<(path: string) => void>();
    routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate });
    await settled();
    expect(app.getLaunchUrl).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/journeys/3');
  });

  it('opens the launch link once when it arrives both as the launch URL and as an event (iOS)', async () => {
    vi.useFakeTimers();
    const { app, open } = fakeApp({ launchUrl: 'selah://journeys/3' });
    const navigate = vi.fn<(path: string) => void>();
    routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate });
    await vi.runAllTimersAsync();
    open('selah://journeys/3');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/journeys/3');
    // The same link opened again later is a new opening.
    await vi.advanceTimersByTimeAsync(5000);
    open('selah://journeys/3');
    expect(navigate).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('does not navigate for a bad link, another site, or a launch without a link', async () => {
    const { app, open } = fakeApp({ launchUrl: 'https://evil.example/journeys/3' });
    const navigate = vi.fn<(path: string) => void>();
    routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate });
    await settled();
    for (const link of ['//evil.com', 'javascript:alert(1)', 'selah://api/auth/sign-out', 'garbage', '']) open(link);
    expect(navigate).not.toHaveBeenCalled();

    const launchedPlain = fakeApp();
    routeIntoApp({ app: launchedPlain.app, push: null, serverOrigin: SERVER, navigate });
    await settled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('routes notification taps through push.onTap', async () => {
    const { app } = fakeApp();
    const { push, tap } = fakePush();
    const navigate = vi.fn<(path: string) => void>();
    routeIntoApp({ app, push, serverOrigin: SERVER, navigate });
    expect(push.onTap).toHaveBeenCalledExactlyOnceWith(navigate);
    tap('/personalized-journey/grief/plan/j-1');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/personalized-journey/grief/plan/j-1');
  });

  it('stops listening, to links and taps, with the function it returns', async () => {
    const { app, open, remove, listening } = fakeApp();
    const { push, stop: stopTaps, tap } = fakePush();
    const navigate = vi.fn<(path: string) => void>();
    const stop = routeIntoApp({ app, push, serverOrigin: SERVER, navigate });
    await settled();
    expect(listening()).toBe(1);
    stop();
    expect(stopTaps).toHaveBeenCalledOnce();
    await settled();
    expect(remove).toHaveBeenCalledOnce();
    expect(listening()).toBe(0);
    tap('/library');
    open('selah://journeys/3');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('navigates nowhere after the stop, even for a link the plugin delivers late', async () => {
    let answerLaunch: (launch: { url: string }) => void = () => undefined;
    let listener: ((event: URLOpenListenerEvent) => void) | null = null;
    const app = fakeApp().app;
    app.getLaunchUrl.mockReturnValueOnce(new Promise((resolve) => (answerLaunch = resolve)));
    app.addListener.mockImplementationOnce((_eventName, added) => {
      listener = added;
      // The handle comes after the stop: it is removed as soon as it does.
      return Promise.resolve({ remove: () => Promise.resolve() });
    });
    const navigate = vi.fn<(path: string) => void>();
    const stop = routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate });
    stop();
    answerLaunch({ url: 'selah://journeys/3' });
    await settled();
    (listener as ((event: URLOpenListenerEvent) => void) | null)?.({ url: 'selah://library' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('removes a listener that is added only after the stop', async () => {
    let handOver: (handle: PluginListenerHandle) => void = () => undefined;
    const { app } = fakeApp();
    app.addListener.mockReturnValueOnce(new Promise((resolve) => (handOver = resolve)));
    const stop = routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate: vi.fn() });
    stop();
    const remove = vi.fn(() => Promise.resolve());
    handOver({ remove });
    await settled();
    expect(remove).toHaveBeenCalledOnce();
  });

  it('goes on with taps and the launch link when listening for links fails (with a warning)', async () => {
    const warn = expectWarnings();
    const { app } = fakeApp({ launchUrl: 'selah://journeys/3' });
    const failure = new Error('App plugin is not implemented');
    app.addListener.mockRejectedValueOnce(failure);
    const { push, tap } = fakePush();
    const navigate = vi.fn<(path: string) => void>();
    const stop = routeIntoApp({ app, push, serverOrigin: SERVER, navigate });
    await settled();
    expect(warn).toHaveBeenCalledExactlyOnceWith('deep links', failure);
    tap('/library');
    expect(navigate.mock.calls).toEqual([['/journeys/3'], ['/library']]);
    expect(stop).not.toThrow();
    await settled();
  });

  it('ignores a launch URL the plugin cannot give', async () => {
    const { app, open } = fakeApp();
    app.getLaunchUrl.mockRejectedValueOnce(new Error('not implemented'));
    const navigate = vi.fn<(path: string) => void>();
    routeIntoApp({ app, push: null, serverOrigin: SERVER, navigate });
    await settled();
    open('selah://journeys/3');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/journeys/3');
  });
});
