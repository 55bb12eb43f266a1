import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { dailyDateLabel } from '@selah/domain/dates';
import { LANGUAGES } from '@selah/domain/languages';
import { dateLabelText } from './date-label';

const common = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../../../content/locales/${lng}/common.json`, import.meta.url), 'utf8'));

describe('daily prayer date labels', () => {
  it('say the weekday and the date exactly as Intl.DateTimeFormat does, for every day of a year, in every language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { common: common(lng) }])),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
    const now = new Date(2026, 0, 10, 12);
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      const t = i18n.getFixedT(lng, 'common');
      const intl = new Intl.DateTimeFormat(lng, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
      for (let day = 0; day < 366; day++) {
        const date = new Date(Date.UTC(2024, 0, 1 + day));
        const iso = date.toISOString().slice(0, 10);
        expect(dateLabelText(dailyDateLabel(iso, now), t), `${lng} ${iso}`).toBe(intl.format(date));
      }
    }
  });

  it('say Today and Yesterday in the language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { es: { common: common('es') } }, lng: 'es', defaultNS: 'common' });
    const t = i18n.getFixedT('es', 'common');
    const now = new Date(2026, 10, 24, 21, 30);
    expect(dateLabelText(dailyDateLabel('2026-11-24', now), t)).toBe('Hoy');
    expect(dateLabelText(dailyDateLabel('2026-11-23', now), t)).toBe('Ayer');
  });
});
