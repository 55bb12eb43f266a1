import { describe, expect, it } from 'vitest';
import { isLanguage, toLanguage } from './languages';

describe('toLanguage', () => {
  it('maps browser tags to a supported language', () => {
    expect(toLanguage('es-MX')).toBe('es');
    expect(toLanguage('pl')).toBe('pl');
    expect(toLanguage('PL_pl')).toBe('pl');
  });
  it('falls back to English for unsupported or missing tags', () => {
    expect(toLanguage('de-DE')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
    expect(toLanguage('')).toBe('en');
  });
  it('recognises only en, es and pl', () => {
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(3)).toBe(false);
  });
});
