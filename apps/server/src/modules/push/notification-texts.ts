import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@selah/domain/languages';

/** content/locales/{lng}/notifications.json: what notifications say, in each person's language. */
export interface NotificationTexts {
  reminder: { title: string; body: string; bodyNoPrayer: string };
  prayerReady: { title: string; body: string };
  journeyDay: { title: string; body: string };
}

/** Reads the texts once per language (falling back to English), and fills {{name}} placeholders. */
export function notificationTexts(localesDir: string) {
  const cache = new Map<Language, NotificationTexts>();
  const load = (language: Language): NotificationTexts => {
    const cached = cache.get(language);
    if (cached) return cached;
    const texts = JSON.parse(readFileSync(path.join(localesDir, language, 'notifications.json'), 'utf8')) as NotificationTexts;
    cache.set(language, texts);
    return texts;
  };
  return {
    of(language: string): NotificationTexts {
      return load(isLanguage(language) ? language : DEFAULT_LANGUAGE);
    },
    fill(template: string, values: Record<string, string | number>): string {
      return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
    },
  };
}

export type NotificationTextsReader = ReturnType<typeof notificationTexts>;
