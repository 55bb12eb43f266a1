import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, ROOT, test, uniqueEmail } from './fixtures';
import { pathIs } from './helpers';

/**
 * The Android app, as far as a browser can stand in for it (issue 20). The shell's own build of the web app
 * (`vite build --mode native`, talking to this test's server) is served at https://localhost, the Android web
 * view's origin, and runs with Capacitor's real Android bridge (@capacitor/android's native-bridge.js) over a fake
 * native side that answers the plugins the app calls (secure storage, status bar, splash, app links, media
 * session). What is real: the bridge, the plugins' JavaScript, the app, the server's CORS and bearer sessions.
 */

const NATIVE_BUILD = path.join(ROOT, '.tmp/e2e-native');
const SHELL_ORIGIN = 'https://localhost';
const NATIVE_BRIDGE = path.join(ROOT, 'node_modules/@capacitor/android/capacitor/src/main/assets/native-bridge.js');

/** The fake native side: plugin calls from the bridge are recorded and answered; events can be sent back. */
const FAKE_NATIVE = `(() => {
  const methods = {
    SecureStoragePlugin: ['get', 'set', 'remove', 'clear', 'keys', 'getPlatform'],
    StatusBar: ['setStyle', 'setBackgroundColor', 'setOverlaysWebView', 'show', 'hide', 'getInfo'],
    SplashScreen: ['show', 'hide'],
    App: ['getLaunchUrl', 'getInfo', 'getState', 'exitApp', 'minimizeApp'],
    MediaSession: ['setMetadata', 'setPlaybackState', 'setPositionState', 'getPluginVersion'],
    PushNotifications: ['register', 'unregister', 'checkPermissions', 'requestPermissions', 'getDeliveredNotifications'],
    SocialLogin: ['initialize', 'login', 'logout', 'isLoggedIn'],
  };
  const callbacks = { MediaSession: ['setActionHandler'] };
  window.Capacitor = {
    PluginHeaders: Object.entries(methods).map(([name, list]) => ({
      name,
      methods: [
        ...list.map((method) => ({ name: method, rtype: 'promise' })),
        ...(callbacks[name] ?? []).map((method) => ({ name: method, rtype: 'callback' })),
        { name: 'addListener', rtype: 'callback' },
        { name: 'removeListener', rtype: 'promise' },
        { name: 'removeAllListeners', rtype: 'promise' },
      ],
    })),
  };
  // The Keychain outlives a reload of the web view: kept in this origin's storage under a name of its own.
  const KEYCHAIN = '__fake_native_keychain';
  const keychain = () => JSON.parse(localStorage.getItem(KEYCHAIN) || '{}');
  const listeners = {};
  const native = { calls: [], keychain, listeners };
  window.__native = native;
  const reply = (call, result) =>
    setTimeout(() => window.Capacitor.fromNative({ callbackId: call.callbackId, pluginId: call.pluginId, methodName: call.methodName, ...result }), 0);
  native.emit = (pluginId, eventName, data) => {
    for (const callbackId of listeners[pluginId + ':' + eventName] ?? []) {
      window.Capacitor.fromNative({ callbackId, pluginId, methodName: 'addListener', success: true, data, save: true });
    }
  };
  native.action = (action, data = {}) => {
    const call = native.calls.filter((c) => c.pluginId === 'MediaSession' && c.methodName === 'setActionHandler' && c.options.action === action).pop();
    if (call) window.Capacitor.fromNative({ callbackId: call.callbackId, pluginId: 'MediaSession', methodName: 'setActionHandler', success: true, data: { action, ...data }, save: true });
    return Boolean(call);
  };
  window.androidBridge = {
    postMessage(json) {
      const call = JSON.parse(json);
      if (call.type || call.pluginId === 'Console') return;
      native.calls.push(call);
      const { pluginId, methodName, options } = call;
      if (methodName === 'addListener') {
        (listeners[pluginId + ':' + options.eventName] ??= []).push(call.callbackId);
        return;
      }
      if (methodName === 'setActionHandler') return;
      if (pluginId === 'SecureStoragePlugin') {
        const kept = keychain();
        if (methodName === 'get') {
          return options.key in kept
            ? reply(call, { success: true, data: { value: kept[options.key] } })
            : reply(call, { success: false, error: { message: 'Item with given key does not exist' } });
        }
        if (methodName === 'set') kept[options.key] = options.value;
        if (methodName === 'remove') delete kept[options.key];
        localStorage.setItem(KEYCHAIN, JSON.stringify(kept));
        return reply(call, { success: true, data: { value: true } });
      }
      if (pluginId === 'PushNotifications' && methodName === 'checkPermissions') return reply(call, { success: true, data: { receive: 'prompt' } });
      reply(call, { success: true, data: {} });
    },
  };
})();`;

interface NativeCall {
  pluginId: string;
  methodName: string;
  options: Record<string, unknown>;
}

const nativeCalls = (page: Page): Promise<NativeCall[]> =>
  page.evaluate(() => (window as unknown as { __native: { calls: NativeCall[] } }).__native.calls);
const keychain = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => (window as unknown as { __native: { keychain(): Record<string, string> } }).__native.keychain());

// The shell's files come from inside the app and its server is on the internet; here the server is on this
// machine, which Chromium's Local Network Access would refuse to a page it did not load from the network.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,BlockInsecurePrivateNetworkRequests',
    ],
  },
});

/** The server's address as the shell's build knows it. */
let server = '';

test.beforeAll(async ({ baseURL }, testInfo) => {
  testInfo.setTimeout(240_000);
  server = baseURL!;
  execFileSync('npx', ['vite', 'build', '--mode', 'native', '--outDir', NATIVE_BUILD, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(ROOT, 'apps/web'),
    env: { ...process.env, VITE_SERVER_URL: server },
    stdio: 'inherit',
  });
});

/** Opens the shell: its files from the native build at https://localhost, with the bridge and the fake native side. */
async function openShell(page: Page, at: string): Promise<void> {
  await page.addInitScript(FAKE_NATIVE);
  await page.addInitScript(readFileSync(NATIVE_BRIDGE, 'utf8'));
  await page.route(`${SHELL_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(NATIVE_BUILD, path.normalize(pathname));
    const isFile = file.startsWith(NATIVE_BUILD) && path.extname(pathname) !== '' && existsSync(file);
    await route.fulfill({ path: isFile ? file : path.join(NATIVE_BUILD, 'index.html') });
  });
  await page.goto(`${SHELL_ORIGIN}${at}`);
}

test('the Android app signs up with a bearer session kept in the Keychain, stays signed in, plays, follows links', async ({
  page,
  consoleGuard,
}) => {
  void consoleGuard;
  const toServer: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(server)) toServer.push(request);
  });

  await openShell(page, '/registerpage');
  // The app start: status bar and splash through their plugins.
  await expect
    .poll(async () => (await nativeCalls(page)).map((call) => `${call.pluginId}.${call.methodName}`))
    .toEqual(
      expect.arrayContaining(['StatusBar.setStyle', 'StatusBar.setOverlaysWebView', 'StatusBar.setBackgroundColor', 'SplashScreen.hide']),
    );
  // Android has no Apple sheet, and this build has no Google client id: email only.
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Apple/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);

  await page.getByLabel('Email').fill(uniqueEmail('shell'));
  await page.getByLabel('Password').fill('a quiet shell 7');
  await page.getByRole('button', { name: 'Register' }).click();
  // The session token went into the Keychain, and the API is called with it, across origins, without cookies.
  await expect.poll(async () => Object.keys(await keychain(page))).toEqual(['selah.session-token']);
  const token = (await keychain(page))['selah.session-token']!;
  await page.goto(`${SHELL_ORIGIN}/dashboard`);
  await expect(page.getByRole('region', { name: 'Popular Prayers' })).toBeVisible();
  const me = toServer.filter((request) => new URL(request.url()).pathname === '/api/me').pop();
  expect(me, 'the dashboard asked for the profile').toBeDefined();
  const headers = await me!.allHeaders();
  expect(headers.authorization).toBe(`Bearer ${token}`);
  expect(headers.cookie).toBeUndefined();
  expect(headers.origin).toBe(SHELL_ORIGIN);
  // The live events carry the token too.
  await expect
    .poll(async () => {
      const stream = toServer.find((request) => new URL(request.url()).pathname === '/api/events');
      return stream ? (await stream.allHeaders()).authorization : undefined;
    })
    .toBe(`Bearer ${token}`);

  // A reload (the app started again): still signed in, from the Keychain.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Popular Prayers' })).toBeVisible();
  await page.goto(`${SHELL_ORIGIN}/userprofile`);
  await expect(page).toHaveURL(pathIs('/userprofile'));
  await expect(page.getByRole('link', { name: /Security/ })).toBeVisible();

  // A prayer plays from the server (CORS-mode audio), and the lock screen's session hears of it.
  await page.goto(`${SHELL_ORIGIN}/dashboard`);
  await page.getByRole('button', { name: /^Morning Offering en .*, Play$/ }).click();
  const slider = page.getByRole('slider', { name: 'Playback position' });
  await expect.poll(async () => Number(await slider.inputValue()), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect
    .poll(async () => (await nativeCalls(page)).filter((call) => call.pluginId === 'MediaSession').map((call) => call.methodName))
    .toEqual(expect.arrayContaining(['setMetadata', 'setPlaybackState', 'setActionHandler', 'setPositionState']));
  const states = (await nativeCalls(page))
    .filter((call) => call.methodName === 'setPlaybackState')
    .map((call) => call.options.playbackState);
  expect(states).toContain('playing');
  // The lock screen's pause button pauses the player.
  expect(await page.evaluate(() => (window as unknown as { __native: { action(name: string): boolean } }).__native.action('pause'))).toBe(
    true,
  );
  await expect
    .poll(async () => (await nativeCalls(page)).filter((call) => call.methodName === 'setPlaybackState').pop()?.options.playbackState)
    .toBe('paused');

  // A deep link opens its page.
  await page.evaluate(() =>
    (window as unknown as { __native: { emit(plugin: string, event: string, data: unknown): void } }).__native.emit('App', 'appUrlOpen', {
      url: 'selah://search',
    }),
  );
  await expect(page).toHaveURL(pathIs('/search'));

  // Signing out forgets the token.
  await page.goto(`${SHELL_ORIGIN}/security`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(pathIs('/login'));
  await expect.poll(async () => keychain(page)).toEqual({});
});
