import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';

/** The email and password fields of /login and /registerpage. */
export function CredentialFields({
  email,
  password,
  onEmail,
  onPassword,
  passwordAutoComplete,
}: {
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  passwordAutoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation('auth');
  const hintId = useId();
  return (
    <>
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => onEmail(e.target.value)}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete={passwordAutoComplete}
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        {...(passwordAutoComplete === 'new-password' ? { 'aria-describedby': hintId } : {})}
      />
      {passwordAutoComplete === 'new-password' && (
        <p id={hintId} className="-mt-2 text-sm text-muted">
          {t('password.hint')}
        </p>
      )}
    </>
  );
}
