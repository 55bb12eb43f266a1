import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_TOAST_DURATION_MS } from '../lib/toast';

type Connection = 'online' | 'offline' | 'back';

/**
 * Says so while the device is offline (the offline worker still opens the app, but prayers need the server), and
 * briefly when it is back, when what failed to load on the screen loads again. TanStack Query does that by itself
 * only after it saw the device go offline, which it never does when the app was opened offline.
 *
 * A bar at the top of the page, in its flow: it moves the page down instead of lying over its greeting or
 * title (a toast there covered them), and scrolls away with it.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>(() => (navigator.onLine ? 'online' : 'offline'));
  useEffect(() => {
    const offline = () => setConnection('offline');
    const online = () => {
      setConnection('back');
      void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [queryClient]);
  // "Back online" stays as long as a success toast would.
  useEffect(() => {
    if (connection !== 'back') return;
    const timer = setTimeout(() => setConnection('online'), SUCCESS_TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [connection]);

  // The live region is always there (empty while online), so screen readers announce what appears in it.
  return (
    <div role="status" aria-live="polite" data-testid="connection-notice">
      {connection === 'online' ? null : (
        // No icon: the start-up's JavaScript is near its budget (docs/BENCHMARKS.md), and the words say it all.
        <p
          className={`px-4 pt-[max(env(safe-area-inset-top),0.5rem)] pb-2 text-center text-sm font-medium text-white ${
            connection === 'offline' ? 'bg-ink' : 'bg-primary'
          }`}
        >
          {t(connection === 'offline' ? 'connection.offline' : 'connection.online')}
        </p>
      )}
    </div>
  );
}
