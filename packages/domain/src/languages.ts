/** The interface languages. Daily prayers exist only in a subset (spec section 9). */
export const LANGUAGES = ['en', 'es', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const DAILY_PRAYER_LANGUAGES: readonly Language[] = ['en', 'es'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a browser tag such as "es-MX" or "pl" to a supported language, else the default. */
export function toLanguage(tag: string | null | undefined): Language {
  if (isLanguage(tag)) return tag; // what the app itself sends: no parsing
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}
