import { afterEach, describe, expect, it, vi } from 'vitest';

const SERVER = 'https://selah.example';
const PAGE = 'https://app.selah.example';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** server.ts as the web build loads it: a browser page, and (as in any web build) maybe a setting it ignores. */
async function onTheWeb(serverUrl = SERVER) {
  vi.stubGlobal('window', { location: { origin: PAGE } });
  vi.stubEnv('VITE_SERVER_URL', serverUrl);
  return import('./server');
}

/** server.ts as the native shell's build loads it: the setting is read when native-config.ts loads. */
async function inTheShell(serverUrl = SERVER, platform = 'ios') {
  vi.stubGlobal('window', {
    location: { origin: 'capacitor://localhost' },
    Capacitor: { isNativePlatform: () => true, getPlatform: () => platform },
  });
  vi.stubEnv('VITE_SERVER_URL', serverUrl);
  return import('./server');
}

describe('the server on the web', () => {
  it('is this page’s own origin: addresses stay relative', async () => {
    const { serverOrigin, serverUrl } = await onTheWeb();
    expect(serverOrigin()).toBe('');
    expect(serverUrl('/api/x')).toBe('/api/x');
    expect(serverUrl('/media/prayers/p-1.mp3')).toBe('/media/prayers/p-1.mp3');
    expect(serverUrl('https://other.example/x')).toBe('https://other.example/x');
  });

  it('answers the API at the page’s origin', async () => {
    expect((await onTheWeb()).apiOrigin()).toBe(PAGE);
  });

  it('sends the session cookie (same-origin) and loads media without CORS', async () => {
    const { mediaCrossOrigin, requestCredentials } = await onTheWeb();
    expect(requestCredentials()).toBe('same-origin');
    expect(mediaCrossOrigin()).toBeNull();
  });
});

describe('the server in the native shell', () => {
  it('puts the configured server in front of a path', async () => {
    const { serverOrigin, serverUrl } = await inTheShell();
    expect(serverOrigin()).toBe(SERVER);
    expect(serverUrl('/api/x')).toBe(`${SERVER}/api/x`);
    expect(serverUrl('/media/prayers/p-1.mp3?v=2')).toBe(`${SERVER}/media/prayers/p-1.mp3?v=2`);
    expect(serverUrl('/')).toBe(`${SERVER}/`);
  });

  it('trims the setting’s spaces and trailing slashes', async () => {
    const { serverOrigin, serverUrl } = await inTheShell(`  ${SERVER}//  `);
    expect(serverOrigin()).toBe(SERVER);
    expect(serverUrl('/api/x')).toBe(`${SERVER}/api/x`);
  });

  it('leaves other addresses unchanged: another origin, a protocol-relative one, blob: and data:', async () => {
    const { serverUrl } = await inTheShell();
    for (const address of [
      '//evil.example/x',
      'https://other.example/x',
      'blob:capacitor://localhost/0b1c',
      'data:audio/mpeg;base64,AAAA',
    ]) {
      expect(serverUrl(address)).toBe(address);
    }
  });

  it('answers the API at the configured server, not the shell’s own origin', async () => {
    expect((await inTheShell()).apiOrigin()).toBe(SERVER);
  });

  it('sends no cookies and loads media in CORS mode, on iOS and on Android', async () => {
    for (const platform of ['ios', 'android']) {
      vi.resetModules();
      const { mediaCrossOrigin, requestCredentials } = await inTheShell(SERVER, platform);
      expect(requestCredentials()).toBe('omit');
      expect(mediaCrossOrigin()).toBe('anonymous');
    }
  });

  it('keeps paths relative when the build had no server setting', async () => {
    const { apiOrigin, serverOrigin, serverUrl } = await inTheShell('');
    expect(serverOrigin()).toBe('');
    expect(serverUrl('/api/x')).toBe('/api/x');
    expect(apiOrigin()).toBe('capacitor://localhost');
  });
});

describe('the native build’s settings', () => {
  it('are read once, trimmed, when native-config.ts loads', async () => {
    vi.stubEnv('VITE_SERVER_URL', ' https://selah.example/ ');
    vi.stubEnv('VITE_GOOGLE_WEB_CLIENT_ID', ' web-client.apps.googleusercontent.com ');
    vi.stubEnv('VITE_GOOGLE_IOS_CLIENT_ID', 'ios-client.apps.googleusercontent.com');
    vi.stubEnv('VITE_REVENUECAT_IOS_API_KEY', ' appl_key ');
    const { nativeConfig } = await import('./native-config');
    expect(nativeConfig).toEqual({
      serverUrl: SERVER,
      googleWebClientId: 'web-client.apps.googleusercontent.com',
      googleIosClientId: 'ios-client.apps.googleusercontent.com',
      revenueCatIosApiKey: 'appl_key',
    });
    vi.stubEnv('VITE_SERVER_URL', 'https://later.example');
    expect((await import('./native-config')).nativeConfig.serverUrl).toBe(SERVER);
  });

  it('are empty when not set', async () => {
    for (const name of ['VITE_SERVER_URL', 'VITE_GOOGLE_WEB_CLIENT_ID', 'VITE_GOOGLE_IOS_CLIENT_ID', 'VITE_REVENUECAT_IOS_API_KEY']) {
      vi.stubEnv(name, undefined);
    }
    const { nativeConfig } = await import('./native-config');
    expect(nativeConfig).toEqual({ serverUrl: '', googleWebClientId: '', googleIosClientId: '', revenueCatIosApiKey: '' });
  });
});
