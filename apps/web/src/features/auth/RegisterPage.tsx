import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { meKeys } from '@selah/domain/contract/query-keys';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { authClient } from '../../lib/auth-client';
import { takeSocialSignIn } from '../../lib/social-sign-in';
import { notify } from '../../lib/toast';
import { CredentialFields } from './CredentialFields';
import { passwordRuleMessage } from './password-rules';
import { AuthLayout, OrSeparator } from './AuthLayout';
import { RegistrationCarousel } from './RegistrationCarousel';
import { SocialButtons } from './SocialButtons';
import type { SocialProvider } from './social-sign-in';
import { useSocialSignInFailure } from './social-sign-in-failure';

type Setup = { complete: boolean } | null;

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { user, refresh } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'password' | SocialProvider | null>(null);
  // A new Google or Apple account comes back here with ?welcome=1: its setup is already done.
  const [setup, setSetup] = useState<Setup>(() => (params.get('welcome') === '1' ? { complete: true } : null));
  useSocialSignInFailure('register');

  if (user && busy === null && setup === null) return <Navigate to="/dashboard" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('password');
    setSetup({ complete: false });
    // A Google or Apple sign-in left unfinished in this tab is not the one being made now.
    takeSocialSignIn();
    const { error } = await authClient.signUp.email({ email: email.trim(), password, name: '' });
    if (error) {
      // The carousel finishes after a failed registration too; the form stays filled in.
      setSetup(null);
      setBusy(null);
      // A password the rules refuse says why (beyond the spec's one message, which gives no way forward).
      const rule = passwordRuleMessage(error.code);
      notify.error(t(rule ?? 'register.failed'));
      return;
    }
    await refresh();
    // The profile row was created with the account; reading it once warms the cache for the next screens.
    await queryClient.prefetchQuery({ queryKey: meKeys.all, queryFn: () => api('GET /api/me') });
    setSetup({ complete: true });
  };

  return (
    <>
      <AuthLayout title={t('register.title')} description={t('register.description')}>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <CredentialFields
            email={email}
            password={password}
            onEmail={setEmail}
            onPassword={setPassword}
            passwordAutoComplete="new-password"
          />
          <Button type="submit" disabled={busy !== null}>
            {busy === 'password' ? t('register.submitting') : t('register.submit')}
          </Button>
        </form>
        <OrSeparator label={t('or')} />
        <SocialButtons page="register" appleLabel="continueWithApple" busy={busy} onBusyChange={setBusy} />
        <p className="mt-6 text-center text-sm text-muted">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            {t('register.toLogin')}
          </Link>
        </p>
      </AuthLayout>
      {setup ? <RegistrationCarousel complete={setup.complete} onFinish={() => void navigate('/dashboard', { replace: true })} /> : null}
    </>
  );
}
