/**
 * Requests to the server from either shell: the same-origin fetch with the session cookie on the web; in the
 * native shell the configured server's address, no cookies, and the session token as `Authorization: Bearer`.
 */
import { requestCredentials, serverUrl } from './server';
import { sessionToken } from './session-token';

export async function serverFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await sessionToken().get();
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(serverUrl(path), { ...init, headers, credentials: requestCredentials() });
}
