import type { EventSourceFetchInit, EventSourceInit, FetchLike } from 'eventsource';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TOKEN_KEY } from './session-token';

const SERVER = 'https://selah.example';
const TOKEN = 'pE3kq9Vt2sXwYbZ7nRmL0aHcJdFgU1oI';

afterEach(() => {
  vi.doUnmock('eventsource');
  vi.doUnmock('capacitor-secure-storage-plugin');
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** An EventSource replaced at its interface: it records how it was opened and opens nothing. */
function fakeEventSourceClass() {
  const opened: { url: string | URL; init: EventSourceInit | undefined }[] = [];
  class FakeEventSource {
    readonly readyState = 0;
    constructor(url: string | URL, init?: EventSourceInit) {
      opened.push({ url, init });
    }
    addEventListener(): void {}
    close(): void {}
  }
  return { FakeEventSource, opened };
}

/** The `eventsource` package, replaced: `loaded` tells whether the app imported it. */
function mockPackage() {
  const { FakeEventSource, opened } = fakeEventSourceClass();
  const loaded = vi.fn();
  vi.doMock('eventsource', () => {
    loaded();
    return { EventSource: FakeEventSource };
  });
  return { FakeEventSource, opened, loaded };
}

function mockSecureStorage(token: string | null) {
  vi.doMock('capacitor-secure-storage-plugin', () => ({
    SecureStoragePlugin: {
      get: ({ key }: { key: string }) =>
        key === SESSION_TOKEN_KEY && token !== null ? Promise.resolve({ value: token }) : Promise.reject(new Error('Item does not exist')),
      set: () => Promise.resolve({ value: true }),
      remove: () => Promise.resolve({ value: true }),
    },
  }));
}

/** What the package's own fetch call looks like (it sets these itself). */
const packageInit = (): EventSourceFetchInit => ({
  signal: new AbortController().signal,
  headers: { Accept: 'text/event-stream', 'Last-Event-ID': '41' },
  mode: 'cors',
  cache: 'no-store',
  redirect: 'follow',
});

describe('the event stream on the web', () => {
  it('is the browser’s EventSource on the relative path, and the package is not loaded', async () => {
    vi.stubGlobal('window', {});
    const browser = fakeEventSourceClass();
    vi.stubGlobal('EventSource', browser.FakeEventSource);
    const { loaded } = mockPackage();
    const { openEventStream, STREAM_CLOSED } = await import('./event-stream');
    const stream = await openEventStream('/api/events');
    expect(stream).toBeInstanceOf(browser.FakeEventSource);
    expect(browser.opened).toEqual([{ url: '/api/events', init: undefined }]);
    expect(loaded).not.toHaveBeenCalled();
    expect(STREAM_CLOSED).toBe(2);
  });
});

describe('the event stream in the native shell', () => {
  async function inTheShell(token: string | null) {
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } });
    vi.stubEnv('VITE_SERVER_URL', SERVER);
    const browser = fakeEventSourceClass();
    vi.stubGlobal('EventSource', browser.FakeEventSource);
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('')));
    vi.stubGlobal('fetch', fetch);
    mockSecureStorage(token);
    const pkg = mockPackage();
    const { openEventStream } = await import('./event-stream');
    return { openEventStream, fetch, browser, pkg };
  }

  /** The fetch the app handed the package. */
  const fetchOf = (init: EventSourceInit | undefined): FetchLike => {
    expect(init?.fetch).toBeTypeOf('function');
    return init?.fetch as FetchLike;
  };

  it('is the package’s EventSource on the server’s absolute address', async () => {
    const { openEventStream, browser, pkg } = await inTheShell(TOKEN);
    const stream = await openEventStream('/api/events');
    expect(stream).toBeInstanceOf(pkg.FakeEventSource);
    expect(pkg.loaded).toHaveBeenCalledOnce();
    expect(pkg.opened).toHaveLength(1);
    expect(pkg.opened[0]?.url).toBe(`${SERVER}/api/events`);
    expect(browser.opened).toEqual([]);
  });

  it('fetches with the token as Authorization: Bearer, no cookies, and the package’s own headers', async () => {
    const { openEventStream, fetch, pkg } = await inTheShell(TOKEN);
    await openEventStream('/api/events');
    const init = packageInit();
    await fetchOf(pkg.opened[0]?.init)(`${SERVER}/api/events`, init);
    expect(fetch).toHaveBeenCalledExactlyOnceWith(`${SERVER}/api/events`, {
      ...init,
      credentials: 'omit',
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '41', authorization: `Bearer ${TOKEN}` },
    });
  });

  it('uses the bearer header and no cookies on every reconnection', async () => {
    const { openEventStream, fetch, pkg } = await inTheShell(TOKEN);
    await openEventStream('/api/events');
    const streamFetch = fetchOf(pkg.opened[0]?.init);
    await streamFetch(`${SERVER}/api/events`, packageInit());
    await streamFetch(`${SERVER}/api/events`, { ...packageInit(), credentials: 'include' });
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const [, init] of fetch.mock.calls) {
      expect(init?.credentials).toBe('omit');
      expect(init?.headers).toMatchObject({ authorization: `Bearer ${TOKEN}` });
    }
  });

  it('sends no Authorization header when signed out', async () => {
    const { openEventStream, fetch, pkg } = await inTheShell(null);
    await openEventStream('/api/events');
    await fetchOf(pkg.opened[0]?.init)(`${SERVER}/api/events`, packageInit());
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('omit');
    expect(init?.headers).toEqual({ Accept: 'text/event-stream', 'Last-Event-ID': '41' });
  });
});
