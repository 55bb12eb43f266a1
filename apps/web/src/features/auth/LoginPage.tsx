import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { Button } from '../../components/Button';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { authClient } from '../../lib/auth-client';
import { takeSocialSignIn } from '../../lib/social-sign-in';
import { notify } from '../../lib/toast';
import { CredentialFields } from './CredentialFields';
import { AuthLayout, OrSeparator } from './AuthLayout';
import { SocialButtons } from './SocialButtons';
import type { SocialProvider } from './social-sign-in';
import { useSocialSignInFailure } from './social-sign-in-failure';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { user, refresh } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'password' | 'reset' | SocialProvider | null>(null);
  useSocialSignInFailure('login');

  if (user && busy === null) return <Navigate to="/dashboard" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('password');
    // A Google or Apple sign-in left unfinished in this tab is not the one being made now.
    takeSocialSignIn();
    const { error } = await authClient.signIn.email({ email: email.trim(), password });
    if (error) {
      // A waiting account (repeated failures) is told to wait; anything else is the spec's one message.
      notify.error(t(error.code === ERROR_CODES.tooManyAttempts ? 'login.tooManyAttempts' : 'login.failed'));
      setBusy(null);
      return;
    }
    track({ name: 'login', params: { method: 'password' } });
    await refresh();
    void navigate('/dashboard', { replace: true });
  };

  const onForgotPassword = async () => {
    const address = email.trim();
    if (!address) {
      notify.error(t('reset.emptyEmail'));
      return;
    }
    setBusy('reset');
    const { error } = await authClient.requestPasswordReset({ email: address, redirectTo: '/reset-password' });
    setBusy(null);
    if (error) notify.error(t('reset.failed'));
    else notify.success(t('reset.sent'));
  };

  return (
    <AuthLayout title={t('login.title')} description={t('login.description')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <CredentialFields
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
          passwordAutoComplete="current-password"
        />
        <div className="-mt-1 flex justify-end">
          <button
            type="button"
            onClick={onForgotPassword}
            disabled={busy !== null}
            className="text-sm font-semibold text-primary hover:underline disabled:opacity-60"
          >
            {t('login.forgot')}
          </button>
        </div>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'password' ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <OrSeparator label={t('or')} />
      <SocialButtons page="login" appleLabel="signInWithApple" busy={busy} onBusyChange={setBusy} />
      <p className="mt-6 text-center text-sm text-muted">
        {t('login.noAccount')}{' '}
        <Link to="/registerpage" className="font-semibold text-primary hover:underline">
          {t('login.toRegister')}
        </Link>
      </p>
    </AuthLayout>
  );
}
