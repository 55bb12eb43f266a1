import { createAuthClient } from 'better-auth/react';
import i18n from 'i18next';
import { bearerToken, forgetBearerToken, keepBearerToken } from '../platform/bearer';
import { apiOrigin } from '../platform/server';
import { isNativeShell } from '../platform/shell';

const native = isNativeShell();

/** Answers that end a session: the stored token goes with it. */
const SIGNED_OUT = /\/api\/auth\/(sign-out|delete-user)$/;

/**
 * better-auth's client; the UI language travels with every call so a new profile starts in it. On the web the
 * session is the cookie. In the native shell it is the bearer token the server hands out to the shell's origins
 * (set-auth-token), kept in secure storage (platform/session-token.ts) and sent with every call; it is forgotten
 * on sign-out, and when the server no longer knows it (the session answer is empty).
 */
export const authClient = createAuthClient({
  baseURL: `${apiOrigin()}/api/auth`,
  fetchOptions: {
    onRequest: (context) => {
      context.headers.set('x-selah-language', i18n.resolvedLanguage ?? i18n.language ?? 'en');
    },
    ...(native
      ? {
          credentials: 'omit' as const,
          auth: { type: 'Bearer' as const, token: bearerToken },
          onSuccess: async (context: { response: Response; data: unknown }) => {
            const token = context.response.headers.get('set-auth-token');
            const path = new URL(context.response.url || 'about:blank', 'https://localhost').pathname;
            if (token) await keepBearerToken(token);
            else if (SIGNED_OUT.test(path) || (path.endsWith('/get-session') && context.data === null)) await forgetBearerToken();
          },
        }
      : {}),
  },
});
