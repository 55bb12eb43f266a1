/**
 * A Google or Apple sign-in under way in this tab. On the web the browser leaves for the provider and comes back
 * later, to a fresh page: what was started is kept in the tab's session storage until it is taken, so the app
 * can send the login event with its method once signed in, and the login page can tell a failure of a sign-in
 * it started (whose provider message it may show) from an address someone made up.
 */
export type SocialProvider = 'google' | 'apple';

const KEY = 'selah.social-sign-in';
/** A sign-in not back within this long is forgotten (the person went back without finishing it). */
const MAX_AGE_MS = 15 * 60 * 1000;

export function isSocialProvider(value: unknown): value is SocialProvider {
  return value === 'google' || value === 'apple';
}

export function rememberSocialSignIn(provider: SocialProvider, now: number = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ provider, at: now }));
  } catch {
    // Storage refused (private mode): the sign-in still works, without the login event's method.
  }
}

/** The sign-in started in this tab within the last quarter of an hour, if any, and forgets it. */
export function takeSocialSignIn(now: number = Date.now()): SocialProvider | null {
  try {
    const value = sessionStorage.getItem(KEY);
    if (value === null) return null;
    sessionStorage.removeItem(KEY);
    const { provider, at } = JSON.parse(value) as { provider?: unknown; at?: unknown };
    return isSocialProvider(provider) && typeof at === 'number' && now - at >= 0 && now - at <= MAX_AGE_MS ? provider : null;
  } catch {
    return null;
  }
}
