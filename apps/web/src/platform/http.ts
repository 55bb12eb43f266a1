/**
 * Requests to the server from either shell: the same-origin fetch with the session cookie on the web; in the
 * native shell the configured server's address, no cookies, and the session token as `Authorization: Bearer`.
 */
import { bearerToken } from './bearer';
import { requestCredentials, serverUrl } from './server';

export async function serverFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await bearerToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(serverUrl(path), { ...init, headers, credentials: requestCredentials() });
}
