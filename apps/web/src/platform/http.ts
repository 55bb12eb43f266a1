/**
 * Requests to the server from either shell: the same-origin fetch with the session cookie on the web; in the
 * native shell the configured server's address, no cookies, and the session token as `Authorization: Bearer`.
 */
import { bearerToken } from './bearer';
import { requestCredentials, serverUrl } from './server';

export async function serverFetch(path: string, init: RequestInit = {}): Promise<Response> {
  // The token goes to the server's own paths only, never to an address elsewhere.
  const own = path.startsWith('/') && !path.startsWith('//');
  const token = own ? await bearerToken() : undefined;
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(serverUrl(path), { ...init, headers, credentials: requestCredentials() });
}
