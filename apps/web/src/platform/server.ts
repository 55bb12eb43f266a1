/**
 * Where the server is. The web app is served by the server it talks to: its addresses stay relative and its
 * session is the cookie. The native shell's files are inside the app (capacitor://localhost, https://localhost):
 * it talks to the configured server (native-config.ts) across origins, with its session as a bearer token
 * (session-token.ts), and its audio is loaded in CORS mode, which the server answers for the shell's origins only.
 */
import { nativeConfig } from './native-config';
import { isNativeShell } from './shell';

/** The server's origin for the native shell; '' on the web (same origin). */
export function serverOrigin(): string {
  return isNativeShell() ? nativeConfig.serverUrl : '';
}

/** The server's address of a path ('/api/...', '/media/...'); other addresses (https://..., blob:) unchanged. */
export function serverUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${serverOrigin()}${path}` : path;
}

/** The origin that serves the API: this page's on the web, the configured server's in the shell. */
export function apiOrigin(): string {
  return serverOrigin() || window.location.origin;
}

/** Cookies go along on the web (same origin) and never from the shell, which signs in with a bearer token. */
export function requestCredentials(): RequestCredentials {
  return isNativeShell() ? 'omit' : 'same-origin';
}

/**
 * How an <audio> element loads the server's files: in the shell across origins, so in CORS mode (the server's
 * Cross-Origin-Resource-Policy would refuse a no-CORS load); on the web as a plain same-origin load.
 */
export function mediaCrossOrigin(): 'anonymous' | null {
  return isNativeShell() ? 'anonymous' : null;
}
