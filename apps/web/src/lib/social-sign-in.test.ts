import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSocialProvider, rememberSocialSignIn, takeSocialSignIn } from './social-sign-in';

/** A session storage for the node test environment. */
function fakeStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('sessionStorage', fakeStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('the social sign-in under way', () => {
  it('is taken once, with its provider', () => {
    rememberSocialSignIn('apple', 1_000);
    expect(takeSocialSignIn(2_000)).toBe('apple');
    expect(takeSocialSignIn(2_000)).toBeNull();
  });

  it('is forgotten after a quarter of an hour', () => {
    rememberSocialSignIn('google', 0);
    expect(takeSocialSignIn(15 * 60 * 1000 + 1)).toBeNull();
    expect(takeSocialSignIn(0)).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('selah.social-sign-in', 'not json');
    expect(takeSocialSignIn()).toBeNull();
    sessionStorage.setItem('selah.social-sign-in', JSON.stringify({ provider: 'facebook', at: Date.now() }));
    expect(takeSocialSignIn()).toBeNull();
  });

  it('knows the providers', () => {
    expect(isSocialProvider('google')).toBe(true);
    expect(isSocialProvider('apple')).toBe(true);
    expect(isSocialProvider('password')).toBe(false);
    expect(isSocialProvider(null)).toBe(false);
  });
});
