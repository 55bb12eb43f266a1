/**
 * The signed-in person's Server-Sent Events (GET /api/events). The browser's EventSource sends the session
 * cookie but can send no header; the native shell signs in with a bearer token, so there the `eventsource`
 * package (the same interface, over fetch) opens the stream with the token, loaded only in the shell.
 */
import { bearerToken } from './bearer';
import { requestCredentials, serverUrl } from './server';
import { isNativeShell } from './shell';

/** The parts of an EventSource the app uses: both implementations have them. */
export type EventStream = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;

/** EventSource.CLOSED: the stream gave up (an HTTP error); it is opened again by the caller. */
export const STREAM_CLOSED = 2;

export async function openEventStream(path: string): Promise<EventStream> {
  if (!isNativeShell()) return new EventSource(path);
  const [{ EventSource: FetchEventSource }, token] = await Promise.all([import('eventsource'), bearerToken()]);
  return new FetchEventSource(serverUrl(path), {
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        credentials: requestCredentials(),
        headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
  }) as unknown as EventStream;
}
