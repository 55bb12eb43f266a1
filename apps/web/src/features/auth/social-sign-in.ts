import { authClient } from '../../lib/auth-client';
import { rememberSocialSignIn, type SocialProvider } from '../../lib/social-sign-in';

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
