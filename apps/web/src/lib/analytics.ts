import type { AnalyticsEvent } from '@selah/domain/analytics';
import { serverFetch } from '../platform/http';

/** Sends an analytics event to the server (and the console in development); failures are only logged. */
export function track(event: AnalyticsEvent): void {
  if (import.meta.env.DEV) console.info('[analytics]', event.name, event.params);
  serverFetch('/api/analytics/events', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  }).catch((error: unknown) => console.warn('analytics event not sent', error));
}
