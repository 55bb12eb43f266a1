import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { notify } from '../../lib/toast';
import { AppleMark, GoogleMark } from './social-icons';
import { startSocialSignIn, type SocialProvider, type SocialSignInPage } from './social-sign-in';

/**
 * Continue with Google and the Apple button, on /login and /registerpage (`page`). `busy` is the page's busy
 * state; the button of a provider under way reads Connecting... A sign-in the server refuses to start shows the
 * spec's fixed message (the refusal is ours, not the provider's); a failure at the provider comes back to the
 * page in its address (useSocialSignInFailure).
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

  const onSocial = async (provider: SocialProvider) => {
    onBusyChange(provider);
    const failure = await startSocialSignIn(provider, page);
    if (failure) {
      notify.error(t(provider === 'google' ? 'social.googleFailed' : 'social.appleFailed'));
      onBusyChange(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Button variant="secondary" onClick={() => void onSocial('google')} disabled={busy !== null}>
        <GoogleMark />
        {busy === 'google' ? t('social.connecting') : t('social.continueWithGoogle')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => void onSocial('apple')}
        disabled={busy !== null}
        className="!bg-ink !text-white hover:!bg-ink/90"
      >
        <AppleMark />
        {busy === 'apple' ? t('social.connecting') : t(`social.${appleLabel}`)}
      </Button>
    </div>
  );
}
