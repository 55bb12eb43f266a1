import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * content/locales/glossary.json: one term for each idea in each language. Every text of content/locales/{es,pl}
 * (the data export's texts among them, in profile.json) is checked against it: no forbidden variant appears, and
 * in Polish the pronouns are capitalised for God and only for God.
 */

const LOCALES_DIR = fileURLToPath(new URL('../../../../content/locales/', import.meta.url));

interface Term {
  idea: string;
  preferred: string;
  forbidden: string[];
}

interface Glossary {
  es: { terms: Term[] };
  pl: { terms: Term[]; pronounsForGod: { forms: string[]; keysAddressingGod: string[] } };
}

const glossary = JSON.parse(readFileSync(join(LOCALES_DIR, 'glossary.json'), 'utf8')) as Glossary;

/** Every text of a language's locale files, keyed namespace:dotted.key. */
function textsOf(lng: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') texts.set(key, value);
    else if (value !== null && typeof value === 'object') {
      for (const [child, inner] of Object.entries(value)) walk(inner, key.endsWith(':') ? `${key}${child}` : `${key}.${child}`);
    }
  };
  for (const file of readdirSync(join(LOCALES_DIR, lng)).filter((name) => name.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(join(LOCALES_DIR, lng, file), 'utf8')) as unknown, `${file.slice(0, -'.json'.length)}:`);
  }
  return texts;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `term` as a whole word (or words), in any case. */
const wordPattern = (term: string, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, flags);

/** Where a term is found: "namespace:key: …context…". */
function findings(texts: Map<string, string>, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [key, text] of texts) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      found.push(`${key}: …${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30)}…`);
    }
  }
  return found;
}

describe.each(['es', 'pl'] as const)('the %s glossary', (lng) => {
  const texts = textsOf(lng);

  it.each(glossary[lng].terms.map((term) => [term.idea, term] as const))(
    '%s: no forbidden variant, and the preferred term in use',
    (_idea, term) => {
      for (const variant of term.forbidden) {
        expect(findings(texts, wordPattern(variant)), `"${variant}" instead of "${term.preferred}"`).toEqual([]);
      }
      expect(findings(texts, new RegExp(escape(term.preferred), 'iu')).length, `"${term.preferred}" is used`).toBeGreaterThan(0);
    },
  );
});

describe('Polish pronouns', () => {
  const texts = textsOf('pl');
  const { forms, keysAddressingGod } = glossary.pl.pronounsForGod;
  const capitalised = (form: string) => form.charAt(0).toUpperCase() + form.slice(1);

  it('lists texts that exist', () => {
    for (const key of keysAddressingGod) expect(texts.has(key), key).toBe(true);
  });

  it('are capitalised in the texts that speak to God', () => {
    const toGod = new Map([...texts].filter(([key]) => keysAddressingGod.includes(key)));
    for (const form of forms) expect(findings(toGod, wordPattern(form, 'u')), form).toEqual([]);
  });

  it('are not capitalised for the person, except where a sentence starts', () => {
    const toPerson = new Map([...texts].filter(([key]) => !keysAddressingGod.includes(key)));
    for (const form of forms) {
      // Capitalised, and not at the start of the text or after the end of a sentence.
      const midSentence = new RegExp(`(?<![.?!…]\\s*|^\\s*)(?<![\\p{L}\\p{N}])${escape(capitalised(form))}(?![\\p{L}\\p{N}])`, 'u');
      expect(findings(toPerson, midSentence), capitalised(form)).toEqual([]);
    }
  });
});
