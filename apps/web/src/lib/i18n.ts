import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@selah/domain/languages';
import { apiOrigin } from '../platform/server';

/** Namespaces: one per feature, loaded when a screen first needs it. */
export const NAMESPACES = ['common', 'auth', 'profile', 'player', 'library', 'create', 'journeys', 'personalized'] as const;

/**
 * Where a translation file is served: by this page's server, or in the native shell by the configured one. Absolute: i18next-http-backend checks each address for credentials with
 * `new URL`, which throws on a relative one, and that thrown error cost milliseconds of the start-up's busiest task.
 */
export const translationFileUrl = (lng: string, ns: string): string => `${apiOrigin()}/locales/${lng}/${ns}.json`;

/**
 * Shows the interface in `language` and keeps it for the next visits: the detector's local storage and cookie
 * are written here as well, so a language detected earlier (say pl) cannot come back on the next load.
 */
export async function applyLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  (i18n.services.languageDetector as { cacheUserLanguage?: (lng: string) => void } | undefined)?.cacheUserLanguage?.(language);
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: ['common'],
      defaultNS: 'common',
      backend: {
        loadPath: translationFileUrl('{{lng}}', '{{ns}}'),
        addPath: `${apiOrigin()}/locales/add/{{lng}}/{{ns}}`,
      },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage', 'cookie'],
      },
      // Translation loading: 5 retries, 350 ms first delay, doubling (spec section 9).
      maxRetries: 5,
      retryTimeout: 350,
      saveMissing: import.meta.env.DEV,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}
