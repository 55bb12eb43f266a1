import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { authClient } from '../../lib/auth-client';
import { notify } from '../../lib/toast';
import { AuthLayout } from './AuthLayout';
import { passwordRuleMessage } from './password-rules';

/** Where the reset email's link lands: /reset-password?token=... (or ?error=INVALID_TOKEN). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const linkIsUsable = Boolean(token) && !params.get('error');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (password !== confirm) {
      setProblem(t('resetPage.mismatch'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    setBusy(false);
    if (error) {
      const rule = passwordRuleMessage(error.code);
      if (error.code === 'INVALID_TOKEN') setProblem(t('resetPage.invalidLink'));
      else if (rule) setProblem(t(rule));
      else notify.error(t('resetPage.failed'));
      return;
    }
    notify.success(t('resetPage.success'));
    void navigate('/login', { replace: true });
  };

  return (
    <AuthLayout title={t('resetPage.title')} description={t('resetPage.description')}>
      {linkIsUsable ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            label={t('resetPage.newPassword')}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={6}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('resetPage.confirmPassword')}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <Button type="submit" disabled={busy || !password || !confirm}>
            {busy ? t('resetPage.saving') : t('resetPage.submit')}
          </Button>
        </form>
      ) : (
        <p role="alert" className="text-center text-danger">
          {t('resetPage.invalidLink')}
        </p>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-primary hover:underline">
          {t('resetPage.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
