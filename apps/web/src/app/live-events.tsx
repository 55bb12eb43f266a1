import { feedKeys, personalizedJourneyKeys, recordKeys } from '@selah/domain/contract/query-keys';
import { STREAM_REPLACED_EVENT } from '@selah/domain/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../lib/auth';
import { openEventStream, STREAM_CLOSED, type EventStream } from '../platform/event-stream';
import { isNativeShell } from '../platform/shell';
import { applyRecordChange, parseRecordEvent } from '../features/library/data';
import { applyPersonalizedJourneyChange, parsePersonalizedJourneyEvent, PERSONALIZED_JOURNEY_EVENT } from '../features/personalized/data';

/** Server-Sent Events of the signed-in user (contract in @selah/domain/records). */
export const LIVE_EVENTS_URL = '/api/events';

/** After an HTTP error the browser gives up on an EventSource; we open a new one after this, doubling up to the max. */
export const LIVE_RETRY_MIN_MS = 2_000;
export const LIVE_RETRY_MAX_MS = 60_000;

/**
 * While a user is signed in, listens to GET /api/events and applies each changed record to the cached
 * library, feed and search (see record-events.ts), so pending -> processing -> completed shows without
 * polling; `personalized-journey` events do the same for personalized journeys (personalized-events.ts).
 * EventSource reconnects by itself after a dropped connection; the first `open` after an error refetches
 * the library, the feed and the personalized journeys to catch up on what was missed. Closed on sign-out
 * and unmount.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === null || (typeof EventSource === 'undefined' && !isNativeShell())) return;
    let source: EventStream | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = LIVE_RETRY_MIN_MS;
    let missedEvents = false;
    let stopped = false;

    const connect = async () => {
      // The browser's EventSource on the web; in the native shell one that sends the bearer token.
      const events = await openEventStream(LIVE_EVENTS_URL);
      if (stopped) {
        events.close();
        return;
      }
      source = events;
      events.addEventListener('open', () => {
        retryDelay = LIVE_RETRY_MIN_MS;
        if (!missedEvents) return;
        missedEvents = false;
        void queryClient.invalidateQueries({ queryKey: recordKeys.all });
        void queryClient.invalidateQueries({ queryKey: feedKeys.all });
        void queryClient.invalidateQueries({ queryKey: personalizedJourneyKeys.all });
        void queryClient.invalidateQueries({ queryKey: personalizedJourneyKeys.details });
      });
      events.addEventListener('record', (event: MessageEvent<string>) => {
        const record = parseRecordEvent(event.data);
        if (record) applyRecordChange(queryClient, record);
      });
      events.addEventListener(PERSONALIZED_JOURNEY_EVENT, (event: MessageEvent<string>) => {
        const journey = parsePersonalizedJourneyEvent(event.data);
        if (journey) applyPersonalizedJourneyChange(queryClient, journey);
      });
      // Closed for a newer stream of this person (another tab or device past the server's cap): that one is told.
      events.addEventListener(STREAM_REPLACED_EVENT, () => {
        stopped = true;
        events.close();
      });
      events.addEventListener('error', () => {
        missedEvents = true;
        // CONNECTING: the browser retries by itself. CLOSED: it gave up (an HTTP error such as 502 or 401).
        if (events.readyState !== STREAM_CLOSED || stopped) return;
        retryTimer = setTimeout(open, retryDelay);
        retryDelay = Math.min(retryDelay * 2, LIVE_RETRY_MAX_MS);
      });
    };

    const open = () =>
      void connect().catch((error: unknown) => {
        // The stream's code did not load (offline at start, in the shell): try again later.
        console.warn('live events', error);
        if (!stopped) retryTimer = setTimeout(open, retryDelay);
      });
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, queryClient]);

  return children;
}
