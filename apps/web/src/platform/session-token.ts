/**
 * The native shell's session: better-auth's bearer token (the server hands it out in the set-auth-token header
 * to the shell's origins only), kept in the platform's secure storage (the iOS Keychain, Android's Keystore)
 * through capacitor-secure-storage-plugin, loaded on demand. The web has no token: its session is an HttpOnly
 * cookie. The token is read from storage once and then kept in memory, so a request waits for storage only at
 * start.
 */
import { isNativeShell } from './shell';

/** Where the token is kept; the plugin's calls, or a fake in tests. */
export interface TokenStorage {
  read(): Promise<string | null>;
  write(token: string): Promise<void>;
  erase(): Promise<void>;
}

/** The plugin's methods this file calls (its `get` rejects when nothing is stored). */
export interface SecureStoragePlugin {
  get(options: { key: string }): Promise<{ value: string }>;
  set(options: { key: string; value: string }): Promise<{ value: boolean }>;
  remove(options: { key: string }): Promise<{ value: boolean }>;
}

export const SESSION_TOKEN_KEY = 'selah.session-token';

/** A session token as the bearer plugin writes it: printable, no spaces, not absurdly long. */
const isToken = (value: unknown): value is string => typeof value === 'string' && /^[\x21-\x7e]{16,2048}$/.test(value);

export function secureTokenStorage(plugin: SecureStoragePlugin): TokenStorage {
  return {
    async read() {
      try {
        const { value } = await plugin.get({ key: SESSION_TOKEN_KEY });
        return isToken(value) ? value : null;
      } catch {
        return null;
      }
    },
    async write(token) {
      await plugin.set({ key: SESSION_TOKEN_KEY, value: token });
    },
    async erase() {
      try {
        await plugin.remove({ key: SESSION_TOKEN_KEY });
      } catch {
        // Nothing was stored.
      }
    },
  };
}

export interface SessionToken {
  /** The token to send as `Authorization: Bearer`, or undefined when signed out (and always on the web). */
  get(): Promise<string | undefined>;
  /** Keeps the token a sign-in handed out (a value that is not a token is ignored). */
  set(token: string): Promise<void>;
  /** Forgets it (signed out, or the server no longer knows it). */
  clear(): Promise<void>;
}

export function createSessionToken(openStorage: () => Promise<TokenStorage>): SessionToken {
  let storage: Promise<TokenStorage> | null = null;
  const opened = () => {
    storage ??= openStorage().catch((error: unknown) => {
      storage = null;
      throw error;
    });
    return storage;
  };
  /** undefined until read from storage; null once known to be absent. */
  let current: string | null | undefined;
  let reading: Promise<string | null> | null = null;
  /** Bumped by every set and clear: a slow first read never overwrites what came after it. */
  let version = 0;
  /** The token last written to storage, or read from it. */
  let written: string | null = null;

  return {
    async get() {
      if (current === undefined) {
        const started = version;
        reading ??= opened().then((kept) => kept.read());
        // A storage that failed to open or read is asked again next time (undefined is "not read yet").
        const value = await reading.catch(() => undefined);
        reading = null;
        if (version === started && current === undefined) {
          current = value;
          written = value ?? null;
        }
      }
      return current ?? undefined;
    },
    async set(token) {
      if (!isToken(token)) return;
      version += 1;
      current = token;
      // The same token is not written again, unless its write failed (then it is tried again).
      if (token === written) return;
      await (await opened()).write(token);
      written = token;
    },
    async clear() {
      version += 1;
      current = null;
      written = null;
      await (await opened()).erase();
    },
  };
}

async function openSecureStorage(): Promise<TokenStorage> {
  const { SecureStoragePlugin } = await import('capacitor-secure-storage-plugin');
  return secureTokenStorage(SecureStoragePlugin);
}

const none: SessionToken = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

let shared: SessionToken | null = null;

/** This device's session token: the secure storage's in the shell, none on the web. */
export function sessionToken(): SessionToken {
  shared ??= isNativeShell() ? createSessionToken(openSecureStorage) : none;
  return shared;
}
