import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TOKEN_KEY } from './session-token';

const SERVER = 'https://selah.example';
const TOKEN = 'pE3kq9Vt2sXwYbZ7nRmL0aHcJdFgU1oI';

afterEach(() => {
  vi.doUnmock('capacitor-secure-storage-plugin');
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The secure storage plugin at its interface: `get` rejects when nothing is stored. */
function mockSecureStorage(token: string | null) {
  const plugin = {
    get: vi.fn(({ key }: { key: string }) =>
      key === SESSION_TOKEN_KEY && token !== null ? Promise.resolve({ value: token }) : Promise.reject(new Error('Item does not exist')),
    ),
    set: vi.fn(() => Promise.resolve({ value: true })),
    remove: vi.fn(() => Promise.resolve({ value: true })),
  };
  const loaded = vi.fn();
  vi.doMock('capacitor-secure-storage-plugin', () => {
    loaded();
    return { SecureStoragePlugin: plugin };
  });
  return { plugin, loaded };
}

/** fetch, answering 200; no request leaves the test. */
function stubFetch() {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('{}', { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The one request fetch was asked for: its address and init (headers as a Headers object). */
function sent(fetch: ReturnType<typeof stubFetch>) {
  expect(fetch).toHaveBeenCalledOnce();
  const [url, init] = fetch.mock.calls[0] ?? [];
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

async function onTheWeb() {
  vi.stubGlobal('window', { location: { origin: 'https://selah.example' } });
  vi.stubEnv('VITE_SERVER_URL', SERVER);
  return import('./http');
}

async function inTheShell() {
  vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'ios' } });
  vi.stubEnv('VITE_SERVER_URL', `${SERVER}/`);
  return import('./http');
}

describe('a request to the server on the web', () => {
  it('goes to the relative address with the session cookie and no Authorization header', async () => {
    const { loaded } = mockSecureStorage(TOKEN);
    const fetch = stubFetch();
    const { serverFetch } = await onTheWeb();
    const response = await serverFetch('/api/me');
    expect(response.status).toBe(200);
    const { url, init, headers } = sent(fetch);
    expect(url).toBe('/api/me');
    expect(init.credentials).toBe('same-origin');
    expect(headers.has('authorization')).toBe(false);
    expect(loaded).not.toHaveBeenCalled();
  });

  it('keeps the caller’s method, body and headers', async () => {
    mockSecureStorage(null);
    const fetch = stubFetch();
    const { serverFetch } = await onTheWeb();
    await serverFetch('/api/prayers', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe('/api/prayers');
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'same-origin' });
    expect([...headers]).toEqual([['content-type', 'application/json']]);
  });

  it('does not let the caller send cookies elsewhere: credentials are the platform’s', async () => {
    mockSecureStorage(null);
    const fetch = stubFetch();
    const { serverFetch } = await onTheWeb();
    await serverFetch('/api/me', { credentials: 'include' });
    expect(sent(fetch).init.credentials).toBe('same-origin');
  });
});

describe('a request to the server in the native shell', () => {
  it('goes to the server’s absolute address, without cookies, with the token as Authorization: Bearer', async () => {
    const { plugin } = mockSecureStorage(TOKEN);
    const fetch = stubFetch();
    const { serverFetch } = await inTheShell();
    await serverFetch('/api/me');
    const { url, init, headers } = sent(fetch);
    expect(url).toBe(`${SERVER}/api/me`);
    expect(init.credentials).toBe('omit');
    expect(headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(plugin.get).toHaveBeenCalledOnce();
  });

  it('keeps the caller’s headers beside the token (a Headers object, pairs or a record)', async () => {
    mockSecureStorage(TOKEN);
    const fetch = stubFetch();
    const { serverFetch } = await inTheShell();
    const given: HeadersInit[] = [
      new Headers({ 'content-type': 'application/json', 'x-selah-language': 'pl' }),
      [
        ['content-type', 'application/json'],
        ['x-selah-language', 'pl'],
      ],
      { 'content-type': 'application/json', 'x-selah-language': 'pl' },
    ];
    for (const headers of given) await serverFetch('/api/prayers', { method: 'POST', headers });
    expect(fetch).toHaveBeenCalledTimes(3);
    for (const [, init] of fetch.mock.calls) {
      expect(Object.fromEntries(new Headers(init?.headers))).toEqual({
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        'x-selah-language': 'pl',
      });
      expect(init?.method).toBe('POST');
    }
  });

  it('sends no Authorization header when signed out (no token stored)', async () => {
    mockSecureStorage(null);
    const fetch = stubFetch();
    const { serverFetch } = await inTheShell();
    await serverFetch('/api/auth/get-session');
    const { url, init, headers } = sent(fetch);
    expect(url).toBe(`${SERVER}/api/auth/get-session`);
    expect(init.credentials).toBe('omit');
    expect(headers.has('authorization')).toBe(false);
  });

  it('sends the token a sign-in kept meanwhile', async () => {
    mockSecureStorage(null);
    const fetch = stubFetch();
    const { serverFetch } = await inTheShell();
    const { keepBearerToken } = await import('./bearer');
    await serverFetch('/api/me');
    await keepBearerToken(TOKEN);
    await serverFetch('/api/me');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('leaves an address that is not the server’s unchanged', async () => {
    mockSecureStorage(TOKEN);
    const fetch = stubFetch();
    const { serverFetch } = await inTheShell();
    await serverFetch('https://other.example/x');
    expect(sent(fetch).url).toBe('https://other.example/x');
    // The token never goes to an address elsewhere.
    expect(sent(fetch).headers.has('authorization')).toBe(false);
  });
});
