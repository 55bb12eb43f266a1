import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { notify } from '../../lib/toast';
import { AppleMark, GoogleMark } from './social-icons';
import { startSocialSignIn, type SocialProvider } from './social-sign-in';

/**
 * Continue with Google and the Apple button, on /login and /registerpage. `busy` is the page's busy state;
 * the button of a provider under way reads Connecting... and a failure shows the spec's message.
 */
export function SocialButtons({
  appleLabel,
  busy,
  onBusyChange,
}: {
  appleLabel: 'signInWithApple' | 'continueWithApple';
  busy: string | null;
  onBusyChange: (provider: SocialProvider | null) => void;
}) {
  const { t } = useTranslation('auth');

  const onSocial = async (provider: SocialProvider) => {
    onBusyChange(provider);
    const failure = await startSocialSignIn(provider);
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
