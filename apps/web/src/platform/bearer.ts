/**
 * The native shell's session token, for the code that runs at start-up (the API client, the auth client, the
 * live events). The token's storage (session-token.ts, the secure storage plugin) loads only inside the shell;
 * on the web there is no token (the session is the cookie) and nothing is loaded.
 */
import { isNativeShell } from './shell';

const storage = () => import('./session-token').then((module) => module.sessionToken());

/** The token to send as `Authorization: Bearer`; undefined when signed out, and always on the web. */
export async function bearerToken(): Promise<string | undefined> {
  return isNativeShell() ? (await storage()).get() : undefined;
}

/** Keeps the token a sign-in handed out (the set-auth-token header), in the shell. */
export async function keepBearerToken(token: string): Promise<void> {
  if (isNativeShell()) await (await storage()).set(token);
}

/** Forgets it: signed out, or the server no longer knows it. */
export async function forgetBearerToken(): Promise<void> {
  if (isNativeShell()) await (await storage()).clear();
}
