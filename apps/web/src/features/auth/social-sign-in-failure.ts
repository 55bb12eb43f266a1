import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isSocialProvider, takeSocialSignIn } from '../../lib/social-sign-in';
import { notify } from '../../lib/toast';
import type { SocialSignInPage } from './social-sign-in';

/** The provider's own message is shown at most this long (it comes from the address). */
const MAX_PROVIDER_MESSAGE = 300;

/**
 * A Google or Apple sign-in that failed at the provider comes back to the page that started it as
 * `?social=<provider>&error=<code>&error_description=<message>` (better-auth's error redirect). The failure is
 * said once and the address cleaned (spec section 8): on /login the provider's own message when there is one
 * (and this tab started that sign-in, so no made-up address puts words on the screen), else "Failed to sign in
 * with Google" / "... Apple"; on /registerpage always the fixed message.
 */
export function useSocialSignInFailure(page: SocialSignInPage): void {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const provider = params.get('social');
  const error = params.get('error');
  const description = params.get('error_description');
  useEffect(() => {
    if (handled.current || !isSocialProvider(provider)) return;
    handled.current = true;
    const started = takeSocialSignIn();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['social', 'error', 'error_description']) next.delete(key);
        return next;
      },
      { replace: true },
    );
    if (!error) return;
    const own = page === 'login' && started === provider ? (description ?? '').trim().slice(0, MAX_PROVIDER_MESSAGE) : '';
    notify.error(own || t(provider === 'google' ? 'social.googleFailed' : 'social.appleFailed'));
  }, [page, provider, error, description, setParams, t]);
}
