import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionToken, SESSION_TOKEN_KEY, secureTokenStorage, type SecureStoragePlugin, type TokenStorage } from './session-token';

const TOKEN = 'pE3kq9Vt2sXwYbZ7nRmL0aHcJdFgU1oI';
const OTHER = 'Zx8Cv7Bn6Mm5Ll4Kk3Jj2Hh1Gg0Ff9Dd';

/** Lets every promise callback already queued run (no timers, no waiting on the clock). */
const settled = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** The plugin at its interface: a key-value store whose `get` rejects when nothing is stored. */
function fakePlugin(stored: Record<string, string> = {}) {
  const values = new Map(Object.entries(stored));
  const plugin = {
    get: vi.fn<SecureStoragePlugin['get']>(({ key }) => {
      const value = values.get(key);
      return value === undefined ? Promise.reject(new Error('Item with given key does not exist')) : Promise.resolve({ value });
    }),
    set: vi.fn<SecureStoragePlugin['set']>(({ key, value }) => {
      values.set(key, value);
      return Promise.resolve({ value: true });
    }),
    remove: vi.fn<SecureStoragePlugin['remove']>(({ key }) => {
      if (!values.delete(key)) return Promise.reject(new Error('Item with given key does not exist'));
      return Promise.resolve({ value: true });
    }),
  } satisfies SecureStoragePlugin;
  return { plugin, values };
}

/** A TokenStorage whose first read answers only when told to. */
function fakeStorage(kept: string | null = null) {
  let answerRead: (token: string | null) => void = () => undefined;
  const storage = {
    read: vi.fn<TokenStorage['read']>(() => Promise.resolve(kept)),
    write: vi.fn<TokenStorage['write']>((token) => {
      kept = token;
      return Promise.resolve();
    }),
    erase: vi.fn<TokenStorage['erase']>(() => {
      kept = null;
      return Promise.resolve();
    }),
  } satisfies TokenStorage;
  const slowRead = () => storage.read.mockReturnValueOnce(new Promise((resolve) => (answerRead = resolve)));
  return { storage, slowRead, answer: (token: string | null) => answerRead(token), kept: () => kept };
}

describe('the secure storage of the token', () => {
  it('reads, writes and erases the token under its key', async () => {
    const { plugin, values } = fakePlugin();
    const storage = secureTokenStorage(plugin);
    await storage.write(TOKEN);
    expect(plugin.set).toHaveBeenCalledExactlyOnceWith({ key: SESSION_TOKEN_KEY, value: TOKEN });
    await expect(storage.read()).resolves.toBe(TOKEN);
    expect(plugin.get).toHaveBeenCalledExactlyOnceWith({ key: SESSION_TOKEN_KEY });
    await storage.erase();
    expect(plugin.remove).toHaveBeenCalledExactlyOnceWith({ key: SESSION_TOKEN_KEY });
    expect(values.size).toBe(0);
  });

  it('reads no token when nothing is stored (the plugin’s get rejects)', async () => {
    const { plugin } = fakePlugin();
    await expect(secureTokenStorage(plugin).read()).resolves.toBeNull();
    expect(plugin.get).toHaveBeenCalledOnce();
  });

  it('reads no token when what is stored is not one', async () => {
    for (const value of ['', 'short', 'has a space in it, long enough', 'x'.repeat(2049), 'tab\tinside-a-long-enough-token']) {
      const { plugin } = fakePlugin({ [SESSION_TOKEN_KEY]: value });
      await expect(secureTokenStorage(plugin).read()).resolves.toBeNull();
    }
  });

  it('erases without an error when nothing was stored', async () => {
    const { plugin } = fakePlugin();
    await expect(secureTokenStorage(plugin).erase()).resolves.toBeUndefined();
    expect(plugin.remove).toHaveBeenCalledOnce();
  });

  it('passes on a failed write', async () => {
    const { plugin } = fakePlugin();
    plugin.set.mockRejectedValueOnce(new Error('Keychain is locked'));
    await expect(secureTokenStorage(plugin).write(TOKEN)).rejects.toThrow('Keychain is locked');
  });
});

describe('the session token', () => {
  it('reads the storage once, then answers from memory', async () => {
    const { storage } = fakeStorage(TOKEN);
    const openStorage = vi.fn(() => Promise.resolve(storage));
    const token = createSessionToken(openStorage);
    expect(openStorage).not.toHaveBeenCalled();
    await expect(token.get()).resolves.toBe(TOKEN);
    await expect(token.get()).resolves.toBe(TOKEN);
    expect(openStorage).toHaveBeenCalledOnce();
    expect(storage.read).toHaveBeenCalledOnce();
  });

  it('shares one read between calls made while it is under way', async () => {
    const { storage, slowRead, answer } = fakeStorage();
    slowRead();
    const token = createSessionToken(() => Promise.resolve(storage));
    const first = token.get();
    const second = token.get();
    await settled();
    expect(storage.read).toHaveBeenCalledOnce();
    answer(TOKEN);
    await expect(Promise.all([first, second])).resolves.toEqual([TOKEN, TOKEN]);
    expect(storage.read).toHaveBeenCalledOnce();
  });

  it('answers undefined when nothing is stored, and remembers that', async () => {
    const { storage } = fakeStorage(null);
    const token = createSessionToken(() => Promise.resolve(storage));
    await expect(token.get()).resolves.toBeUndefined();
    await expect(token.get()).resolves.toBeUndefined();
    expect(storage.read).toHaveBeenCalledOnce();
  });

  it('reads as no token when the plugin has nothing stored', async () => {
    const { plugin } = fakePlugin();
    const token = createSessionToken(() => Promise.resolve(secureTokenStorage(plugin)));
    await expect(token.get()).resolves.toBeUndefined();
  });

  it('keeps a token it is given, in memory and in storage', async () => {
    const { storage, kept } = fakeStorage();
    const token = createSessionToken(() => Promise.resolve(storage));
    await token.set(TOKEN);
    expect(kept()).toBe(TOKEN);
    await expect(token.get()).resolves.toBe(TOKEN);
    // Known from the set: storage is not read.
    expect(storage.read).not.toHaveBeenCalled();
    await token.set(OTHER);
    await expect(token.get()).resolves.toBe(OTHER);
    expect(storage.write.mock.calls).toEqual([[TOKEN], [OTHER]]);
  });

  it('does not write the same token again', async () => {
    const { storage } = fakeStorage();
    const token = createSessionToken(() => Promise.resolve(storage));
    await token.set(TOKEN);
    await token.set(TOKEN);
    expect(storage.write).toHaveBeenCalledOnce();
  });

  it('ignores values that are not tokens: spaces, too short, too long, non-printable', async () => {
    const { storage } = fakeStorage(TOKEN);
    const openStorage = vi.fn(() => Promise.resolve(storage));
    const token = createSessionToken(openStorage);
    const notTokens = [
      '',
      'a'.repeat(15),
      'a'.repeat(2049),
      'has spaces but is long enough',
      ' leading-space-0123456789',
      'line\nbreak-0123456789abcdef',
      'nul\u0000character-0123456789',
      'delete\u007fcharacter-0123456789',
      'accentué-0123456789abcdef',
      undefined as unknown as string,
      42 as unknown as string,
    ];
    for (const value of notTokens) await token.set(value);
    expect(storage.write).not.toHaveBeenCalled();
    expect(openStorage).not.toHaveBeenCalled();
    await expect(token.get()).resolves.toBe(TOKEN);
  });

  it('takes tokens at the limits: 16 and 2048 printable characters', async () => {
    const { storage } = fakeStorage();
    const token = createSessionToken(() => Promise.resolve(storage));
    const shortest = '!'.repeat(8) + '~'.repeat(8);
    await token.set(shortest);
    await expect(token.get()).resolves.toBe(shortest);
    const longest = 'a'.repeat(2048);
    await token.set(longest);
    await expect(token.get()).resolves.toBe(longest);
    expect(storage.write.mock.calls).toEqual([[shortest], [longest]]);
  });

  it('forgets the token when cleared, in memory and in storage', async () => {
    const { storage, kept } = fakeStorage(TOKEN);
    const token = createSessionToken(() => Promise.resolve(storage));
    await expect(token.get()).resolves.toBe(TOKEN);
    await token.clear();
    expect(storage.erase).toHaveBeenCalledOnce();
    expect(kept()).toBeNull();
    await expect(token.get()).resolves.toBeUndefined();
    expect(storage.read).toHaveBeenCalledOnce();
  });

  it('takes a new token after a clear', async () => {
    const { storage } = fakeStorage();
    const token = createSessionToken(() => Promise.resolve(storage));
    await token.set(TOKEN);
    await token.clear();
    await token.set(TOKEN);
    await expect(token.get()).resolves.toBe(TOKEN);
    expect(storage.write).toHaveBeenCalledTimes(2);
  });

  it('never lets a slow first read overwrite a token set meanwhile', async () => {
    const { storage, slowRead, answer } = fakeStorage();
    slowRead();
    const token = createSessionToken(() => Promise.resolve(storage));
    const reading = token.get();
    await settled();
    expect(storage.read).toHaveBeenCalledOnce();
    await token.set(TOKEN);
    answer(OTHER);
    // The read started before the set: what it found is dropped, the set's token stays.
    await expect(reading).resolves.toBe(TOKEN);
    await expect(token.get()).resolves.toBe(TOKEN);
    expect(storage.read).toHaveBeenCalledOnce();
  });

  it('never lets a slow first read bring back a token cleared meanwhile', async () => {
    const { storage, slowRead, answer } = fakeStorage();
    slowRead();
    const token = createSessionToken(() => Promise.resolve(storage));
    const reading = token.get();
    await settled();
    expect(storage.read).toHaveBeenCalledOnce();
    await token.clear();
    answer(TOKEN);
    await expect(reading).resolves.toBeUndefined();
    await expect(token.get()).resolves.toBeUndefined();
  });

  it('opens a storage that failed to open again on the next call', async () => {
    const { storage } = fakeStorage();
    const openStorage = vi.fn<() => Promise<TokenStorage>>().mockRejectedValueOnce(new Error('chunk failed to load'));
    openStorage.mockResolvedValue(storage);
    const token = createSessionToken(openStorage);
    await expect(token.set(TOKEN)).rejects.toThrow('chunk failed to load');
    await token.set(OTHER);
    expect(openStorage).toHaveBeenCalledTimes(2);
    expect(storage.write).toHaveBeenCalledExactlyOnceWith(OTHER);
    await token.clear();
    expect(openStorage).toHaveBeenCalledTimes(2);
    expect(storage.erase).toHaveBeenCalledOnce();
  });

  it('answers no token, without an error, when the storage fails to open for a read', async () => {
    const openStorage = vi.fn<() => Promise<TokenStorage>>().mockRejectedValueOnce(new Error('chunk failed to load'));
    const token = createSessionToken(openStorage);
    await expect(token.get()).resolves.toBeUndefined();
    expect(openStorage).toHaveBeenCalledOnce();
  });

  it('answers no token, without an error, when the read fails', async () => {
    const { storage } = fakeStorage();
    storage.read.mockRejectedValueOnce(new Error('Keychain is locked'));
    const token = createSessionToken(() => Promise.resolve(storage));
    await expect(token.get()).resolves.toBeUndefined();
  });

  it('reads again after a failed read or open: the person stays signed in', async () => {
    const { storage } = fakeStorage(TOKEN);
    storage.read.mockRejectedValueOnce(new Error('Keychain is locked'));
    const openStorage = vi.fn<() => Promise<TokenStorage>>().mockRejectedValueOnce(new Error('chunk failed to load'));
    openStorage.mockResolvedValue(storage);
    const token = createSessionToken(openStorage);
    await expect(token.get()).resolves.toBeUndefined();
    await expect(token.get()).resolves.toBeUndefined();
    await expect(token.get()).resolves.toBe(TOKEN);
    await expect(token.get()).resolves.toBe(TOKEN);
    expect(storage.read).toHaveBeenCalledTimes(2);
  });

  it('writes the same token again when its write failed', async () => {
    const { storage, kept } = fakeStorage();
    storage.write.mockRejectedValueOnce(new Error('Keychain is locked'));
    const token = createSessionToken(() => Promise.resolve(storage));
    await expect(token.set(TOKEN)).rejects.toThrow('Keychain is locked');
    await expect(token.get()).resolves.toBe(TOKEN);
    await token.set(TOKEN);
    expect(storage.write).toHaveBeenCalledTimes(2);
    expect(kept()).toBe(TOKEN);
    await token.set(TOKEN);
    expect(storage.write).toHaveBeenCalledTimes(2);
  });

  it('does not write again the token it read', async () => {
    const { storage } = fakeStorage(TOKEN);
    const token = createSessionToken(() => Promise.resolve(storage));
    await token.get();
    await token.set(TOKEN);
    expect(storage.write).not.toHaveBeenCalled();
    await token.clear();
    await token.set(TOKEN);
    expect(storage.write).toHaveBeenCalledOnce();
  });
});

describe('this device’s session token', () => {
  const secureStorage = { loaded: vi.fn() };

  afterEach(() => {
    vi.doUnmock('capacitor-secure-storage-plugin');
    vi.unstubAllGlobals();
    vi.resetModules();
    secureStorage.loaded.mockClear();
  });

  function mockSecureStorage(stored: Record<string, string> = {}) {
    const { plugin, values } = fakePlugin(stored);
    vi.doMock('capacitor-secure-storage-plugin', () => {
      secureStorage.loaded();
      return { SecureStoragePlugin: plugin };
    });
    return { plugin, values };
  }

  it('is none on the web: no token, nothing stored, no plugin loaded', async () => {
    vi.stubGlobal('window', {});
    const { plugin } = mockSecureStorage({ [SESSION_TOKEN_KEY]: TOKEN });
    const { sessionToken } = await import('./session-token');
    expect(sessionToken()).toBe(sessionToken());
    await expect(sessionToken().get()).resolves.toBeUndefined();
    await sessionToken().set(OTHER);
    await expect(sessionToken().get()).resolves.toBeUndefined();
    await sessionToken().clear();
    expect(secureStorage.loaded).not.toHaveBeenCalled();
    expect(plugin.get).not.toHaveBeenCalled();
    expect(plugin.set).not.toHaveBeenCalled();
    expect(plugin.remove).not.toHaveBeenCalled();
  });

  it('is the secure storage’s in the shell, one for the app run', async () => {
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } });
    const { plugin, values } = mockSecureStorage({ [SESSION_TOKEN_KEY]: TOKEN });
    const { sessionToken } = await import('./session-token');
    expect(sessionToken()).toBe(sessionToken());
    expect(secureStorage.loaded).not.toHaveBeenCalled();
    await expect(sessionToken().get()).resolves.toBe(TOKEN);
    expect(secureStorage.loaded).toHaveBeenCalledOnce();
    expect(plugin.get).toHaveBeenCalledExactlyOnceWith({ key: SESSION_TOKEN_KEY });

    await sessionToken().set(OTHER);
    expect(values.get(SESSION_TOKEN_KEY)).toBe(OTHER);
    await sessionToken().clear();
    expect(values.has(SESSION_TOKEN_KEY)).toBe(false);
    await expect(sessionToken().get()).resolves.toBeUndefined();
  });
});

describe('the bearer token for start-up code (bearer.ts)', () => {
  const secureStorage = { loaded: vi.fn() };

  afterEach(() => {
    vi.doUnmock('capacitor-secure-storage-plugin');
    vi.unstubAllGlobals();
    vi.resetModules();
    secureStorage.loaded.mockClear();
  });

  function mockSecureStorage(stored: Record<string, string> = {}) {
    const { plugin, values } = fakePlugin(stored);
    vi.doMock('capacitor-secure-storage-plugin', () => {
      secureStorage.loaded();
      return { SecureStoragePlugin: plugin };
    });
    return { plugin, values };
  }

  it('is none on the web, keeps and forgets nothing, and loads no storage', async () => {
    vi.stubGlobal('window', {});
    const { plugin } = mockSecureStorage({ [SESSION_TOKEN_KEY]: TOKEN });
    const { bearerToken, forgetBearerToken, keepBearerToken } = await import('./bearer');
    await expect(bearerToken()).resolves.toBeUndefined();
    await keepBearerToken(OTHER);
    await expect(bearerToken()).resolves.toBeUndefined();
    await forgetBearerToken();
    expect(secureStorage.loaded).not.toHaveBeenCalled();
    expect(plugin.set).not.toHaveBeenCalled();
    expect(plugin.remove).not.toHaveBeenCalled();
  });

  it('is the stored token in the shell, kept and forgotten in secure storage', async () => {
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'ios' } });
    const { values } = mockSecureStorage({ [SESSION_TOKEN_KEY]: TOKEN });
    const { bearerToken, forgetBearerToken, keepBearerToken } = await import('./bearer');
    await expect(bearerToken()).resolves.toBe(TOKEN);
    await keepBearerToken(OTHER);
    await expect(bearerToken()).resolves.toBe(OTHER);
    expect(values.get(SESSION_TOKEN_KEY)).toBe(OTHER);
    await keepBearerToken('not a token');
    await expect(bearerToken()).resolves.toBe(OTHER);
    await forgetBearerToken();
    await expect(bearerToken()).resolves.toBeUndefined();
    expect(values.has(SESSION_TOKEN_KEY)).toBe(false);
    expect(secureStorage.loaded).toHaveBeenCalledOnce();
  });
});
