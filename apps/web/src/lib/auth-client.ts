import { createAuthClient } from 'better-auth/react';
import i18n from 'i18next';

/** better-auth's client; the UI language travels with every call so a new profile starts in it. */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  fetchOptions: {
    onRequest: (context) => {
      context.headers.set('x-selah-language', i18n.resolvedLanguage ?? i18n.language ?? 'en');
    },
  },
});
