import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { applyLanguage } from '../../lib/i18n';
import { meQueryOptions } from './api/get-me';

/**
 * The profile's language wins over the detected one (address, cookie, local storage, browser): after a sign-in,
 * and on load when already signed in, the interface switches to the language saved in the profile (and keeps
 * it in the cookie and local storage). Once per signed-in user and page load: a change made later in
 * /account-settings applies itself.
 */
export function useProfileLanguage(): void {
  const { user } = useAuth();
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const me = useQuery({ ...meQueryOptions(), enabled: user !== null });
  const userId = user?.id ?? null;
  const saved = me.data?.language;
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (userId === null) {
      appliedFor.current = null;
      return;
    }
    if (saved === undefined || appliedFor.current === userId) return;
    appliedFor.current = userId;
    if (i18n.resolvedLanguage !== saved) void applyLanguage(saved);
  }, [userId, saved, i18n]);
}
