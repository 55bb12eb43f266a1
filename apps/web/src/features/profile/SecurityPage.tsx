import { KeyRound, LogOut, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { authClient } from '../../lib/auth-client';
import { notify } from '../../lib/toast';
import { useDeleteMe } from './api/delete-me';
import { useMe } from './api/get-me';
import { ExportCard } from './ExportCard';
import { CenteredSpinner } from './ProfilePage';

export default function SecurityPage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const me = useMe();
  const deleteMe = useDeleteMe();
  const [sendingReset, setSendingReset] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [password, setPassword] = useState('');

  if (me.isPending) return <CenteredSpinner />;
  if (me.isError || !me.data) return <p className="px-5 pt-10 text-center text-muted">{t('loadFailed')}</p>;
  const { email, hasPassword } = me.data;

  const onChangePassword = async () => {
    setSendingReset(true);
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    setSendingReset(false);
    if (error) notify.error(t('security.resetFailed'));
    else notify.success(t('security.resetSent'));
  };

  const onSignOut = async () => {
    await signOut();
    void navigate('/login', { replace: true });
  };

  // A password of spaces only is no password (the one typed is still sent as it is: spaces can be part of it).
  const passwordMissing = hasPassword && password.trim().length === 0;

  const onDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (passwordMissing) return;
    try {
      await deleteMe.mutateAsync(hasPassword ? password : undefined);
      notify.success(t('security.deleted'));
      void navigate('/', { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === ERROR_CODES.invalidPassword) notify.error(t('security.wrongPassword'));
      else if (code === ERROR_CODES.sessionExpired) notify.error(t('security.recentLoginRequired'));
      else notify.error(t('security.deleteFailed'));
    }
  };

  return (
    <main>
      <PageHeader title={t('security.title')} back="/userprofile" backLabel={t('backToProfile')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-5">
        <Card>
          <div className="flex items-start gap-4">
            <KeyRound aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-ink">{t('security.changePassword')}</h2>
              <p className="mt-1 text-sm wrap-anywhere text-muted">{t('security.changePasswordHint', { email })}</p>
              <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={onChangePassword} disabled={sendingReset}>
                {sendingReset ? t('security.sending') : t('security.sendResetEmail')}
              </Button>
            </div>
          </div>
        </Card>
        <Card>
          <div className="flex items-start gap-4">
            <LogOut aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-ink">{t('security.signOut')}</h2>
              <p className="mt-1 text-sm text-muted">{t('security.signOutHint')}</p>
              <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={onSignOut}>
                {t('security.signOut')}
              </Button>
            </div>
          </div>
        </Card>
        <ExportCard />
        <Card className="border-danger/30">
          <div className="flex items-start gap-4">
            <Trash2 aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-danger" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-ink">{t('security.deleteTitle')}</h2>
              <p className="mt-1 text-sm text-muted">{t('security.deleteWarning')}</p>
              {confirmingDelete ? (
                <form onSubmit={onDelete} className="mt-4 flex flex-col gap-3">
                  {hasPassword ? (
                    <TextField
                      label={t('security.deletePasswordLabel')}
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  ) : null}
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Button type="submit" variant="danger" disabled={deleteMe.isPending || passwordMissing}>
                      {deleteMe.isPending ? t('security.deleting') : t('security.deleteConfirm')}
                    </Button>
                    <Button variant="ghost" onClick={() => setConfirmingDelete(false)} disabled={deleteMe.isPending}>
                      {t('security.cancel')}
                    </Button>
                  </div>
                </form>
              ) : (
                <Button variant="secondary" className="mt-4 w-full !text-danger sm:w-auto" onClick={() => setConfirmingDelete(true)}>
                  {t('security.deleteTitle')}
                </Button>
              )}
            </div>
          </div>
        </Card>
      </div>
    </main>
  );
}
