import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { isNativeShell, nativePlatform } from '../../platform';
import { AppleMark, GoogleMark } from './social-icons';
import { offersSocialSignIn, signInNatively, startSocialSignIn, type SocialProvider, type SocialSignInPage } from './social-sign-in';

/** The provider's own message is shown at most this long. */
const MAX_PROVIDER_MESSAGE = 300;

/**
 * Continue with Google and the Apple button, on /login and /registerpage (`page`). `busy` is the page's busy
 * state; the button of a provider under way reads Connecting... On the web the browser leaves for the provider:
 * a sign-in the server refuses to start shows the spec's fixed message (the refusal is ours, not the provider's);
 * a failure at the provider comes back to the page in its address (useSocialSignInFailure). In the native app
 * the platform's own sheet signs in (social-sign-in.ts, signInNatively): on /login a refusal shows the
 * provider's message, else the fixed one (spec section 8); Apple for an email with another account shows the
 * spec's linking message. Apple is not offered in the Android app.
 */
export function SocialButtons({
  page,
  appleLabel,
  busy,
  onBusyChange,
}: {
  page: SocialSignInPage;
  appleLabel: 'signInWithApple' | 'continueWithApple';
  busy: string | null;
  onBusyChange: (provider: SocialProvider | null) => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const native = isNativeShell();
  const [offered, setOffered] = useState<Record<SocialProvider, boolean>>({ google: true, apple: nativePlatform() !== 'android' });
  useEffect(() => {
    if (!native) return;
    let active = true;
    void Promise.all([offersSocialSignIn('google'), offersSocialSignIn('apple')]).then(([google, apple]) => {
      if (active) setOffered({ google, apple });
    });
    return () => {
      active = false;
    };
  }, [native]);

  const fixedFailure = (provider: SocialProvider) => t(provider === 'google' ? 'social.googleFailed' : 'social.appleFailed');

  const onNative = async (provider: SocialProvider) => {
    const outcome = await signInNatively(provider).catch(() => ({ kind: 'failed', providerMessage: null, appleLinkFirst: false }) as const);
    if (outcome.kind === 'signed-in') {
      await refresh();
      void navigate(outcome.isNewAccount ? '/registerpage?welcome=1' : '/dashboard', { replace: true });
      return;
    }
    onBusyChange(null);
    if (outcome.kind === 'cancelled') return;
    if (outcome.appleLinkFirst) notify.error(t('social.appleLinkFirst'));
    else notify.error((page === 'login' && outcome.providerMessage?.slice(0, MAX_PROVIDER_MESSAGE)) || fixedFailure(provider));
  };

  const onSocial = async (provider: SocialProvider) => {
    onBusyChange(provider);
    if (native) {
      await onNative(provider);
      return;
    }
    const failure = await startSocialSignIn(provider, page);
    if (failure) {
      notify.error(fixedFailure(provider));
      onBusyChange(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {offered.google ? (
        <Button variant="secondary" onClick={() => void onSocial('google')} disabled={busy !== null}>
          <GoogleMark />
          {busy === 'google' ? t('social.connecting') : t('social.continueWithGoogle')}
        </Button>
      ) : null}
      {offered.apple ? (
        <Button
          variant="secondary"
          onClick={() => void onSocial('apple')}
          disabled={busy !== null}
          className="!bg-ink !text-white hover:!bg-ink/90"
        >
          <AppleMark />
          {busy === 'apple' ? t('social.connecting') : t(`social.${appleLabel}`)}
        </Button>
      ) : null}
    </div>
  );
}
