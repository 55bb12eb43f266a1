import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SUCCESS_TOAST_DURATION_MS } from '../lib/toast';

/** One toast for the connection, so going offline and back replaces it instead of stacking. */
const CONNECTION_TOAST_ID = 'connection';

/**
 * Says so while the device is offline (the offline worker still opens the app, but prayers need the server), and
 * briefly when it is back, when what failed to load on the screen loads again. TanStack Query does that by itself
 * only after it saw the device go offline, which it never does when the app was opened offline.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const offline = () => toast(t('connection.offline'), { id: CONNECTION_TOAST_ID, duration: Infinity });
    const online = () => {
      toast.success(t('connection.online'), { id: CONNECTION_TOAST_ID, duration: SUCCESS_TOAST_DURATION_MS });
      void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t, queryClient]);
  return null;
}
