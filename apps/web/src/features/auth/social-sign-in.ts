import { ERROR_CODES } from '@selah/domain/error-codes';
import { authClient } from '../../lib/auth-client';
import { rememberSocialSignIn, takeSocialSignIn, type SocialProvider } from '../../lib/social-sign-in';
import { loadNativeSignIn } from '../../platform';

export type { SocialProvider };

/** Which page started the sign-in: a failure at the provider comes back to it (`?social=<provider>&error=...`). */
export type SocialSignInPage = 'login' | 'register';

const PAGE_PATHS: Record<SocialSignInPage, string> = { login: '/login', register: '/registerpage' };

/**
 * Starts Google or Apple sign-in. On the web the browser leaves for the provider and comes back to
 * /dashboard (or /registerpage?welcome=1 for a new account, which shows the welcome carousel), or after a
 * failure to the page that started it, with the provider's error in the address. The sign-in is remembered in
 * the tab (lib/social-sign-in.ts) for the login event and that error. Resolves with a failure when the
 * server refused to start it (its message is ours, not the provider's), or null when the redirect is under way.
 */
export async function startSocialSignIn(provider: SocialProvider, page: SocialSignInPage): Promise<{ message: string | null } | null> {
  rememberSocialSignIn(provider);
  const { data, error } = await authClient.signIn.social({
    provider,
    callbackURL: '/dashboard',
    newUserCallbackURL: '/registerpage?welcome=1',
    errorCallbackURL: `${PAGE_PATHS[page]}?social=${provider}`,
  });
  if (error) return { message: error.message ?? null };
  if (!data?.url && !('redirect' in (data ?? {}))) return { message: null };
  return null;
}

/** How a sign-in with the app's own Google or Apple sheet ended (the native shell only). */
export type NativeSignInOutcome =
  | { kind: 'signed-in'; isNewAccount: boolean }
  /** The person closed the sheet: nothing to say. */
  | { kind: 'cancelled' }
  /** `providerMessage`: the provider's own words, when it refused; `appleLinkFirst`: spec section 5's rule. */
  | { kind: 'failed'; providerMessage: string | null; appleLinkFirst: boolean };

/** A new account's user was created moments ago (the server's answer has no other sign of it). */
const NEW_ACCOUNT_WINDOW_MS = 2 * 60 * 1000;

/** Whether this app offers the provider: every browser; in the shell, Apple only on iOS, Google once configured. */
export async function offersSocialSignIn(provider: SocialProvider): Promise<boolean> {
  const native = await loadNativeSignIn();
  return native === null || native.offers(provider);
}

/**
 * In the native shell: the platform's sheet gives an id token and a nonce, and the server signs in with them
 * (better-auth's id-token sign-in); the session token it hands out is kept by the auth client. Apple for an
 * email that has an account with other providers is refused by the server (APPLE_LINK_REQUIRES_SIGN_IN).
 */
export async function signInNatively(provider: SocialProvider): Promise<NativeSignInOutcome> {
  const native = await loadNativeSignIn();
  if (!native) return { kind: 'failed', providerMessage: null, appleLinkFirst: false };
  let idToken;
  try {
    idToken = await native.signIn(provider);
  } catch (error) {
    // The provider's own words (platform/native-sign-in.ts's NativeSignInError, kept out of the start-up code).
    const providerMessage = error instanceof Error && error.name === 'NativeSignInError' ? error.message.trim() || null : null;
    return { kind: 'failed', providerMessage, appleLinkFirst: false };
  }
  if (!idToken) return { kind: 'cancelled' };
  rememberSocialSignIn(provider);
  const { data, error } = await authClient.signIn.social({
    provider,
    idToken: {
      token: idToken.token,
      nonce: idToken.nonce,
      ...(idToken.accessToken ? { accessToken: idToken.accessToken } : {}),
      ...(idToken.user ? { user: idToken.user } : {}),
    },
  });
  if (error || !data || !('user' in data)) {
    takeSocialSignIn();
    return { kind: 'failed', providerMessage: null, appleLinkFirst: error?.code === ERROR_CODES.appleLinkRequiresSignIn };
  }
  const createdAt = Date.parse(String((data.user as { createdAt?: unknown }).createdAt ?? ''));
  return { kind: 'signed-in', isNewAccount: Number.isFinite(createdAt) && Math.abs(Date.now() - createdAt) < NEW_ACCOUNT_WINDOW_MS };
}
