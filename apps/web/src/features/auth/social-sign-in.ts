import { authClient } from '../../lib/auth-client';

export type SocialProvider = 'google' | 'apple';

/**
 * Starts Google or Apple sign-in. On the web the browser leaves for the provider and comes back to
 * /dashboard (or /registerpage?welcome=1 for a new account, which shows the welcome carousel).
 * Resolves with an error message from the server, or null when the redirect is under way.
 */
export async function startSocialSignIn(provider: SocialProvider): Promise<{ message: string | null } | null> {
  const { data, error } = await authClient.signIn.social({
    provider,
    callbackURL: '/dashboard',
    newUserCallbackURL: '/registerpage?welcome=1',
    errorCallbackURL: '/login',
  });
  if (error) return { message: error.message ?? null };
  if (!data?.url && !('redirect' in (data ?? {}))) return { message: null };
  return null;
}
