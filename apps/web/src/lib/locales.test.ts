import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@selah/domain/languages';

/**
 * Checks content/locales/{lng}/{ns}.json against the English source: same namespaces, same keys,
 * the plural forms each language needs, the same {{placeholders}}, and nothing left untranslated.
 * Languages come from @selah/domain, namespaces and keys from the English files, so new ones are
 * picked up without touching this test.
 */

const LOCALES_DIR = fileURLToPath(new URL('../../../../content/locales/', import.meta.url));
const SOURCE = DEFAULT_LANGUAGE;
const TRANSLATED = LANGUAGES.filter((lng) => lng !== SOURCE);

/** i18next plural suffixes; `_zero` is honoured for count 0 in every language. */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/** Forms every plural key must have; languages not listed need all their Intl plural categories. */
const REQUIRED_PLURAL_FORMS: Record<string, readonly string[]> = {
  en: ['one', 'other'],
  es: ['one', 'other'],
  pl: ['one', 'few', 'many', 'other'],
};

/**
 * Values that may stay exactly as in English: names that are never translated, and the minute's abbreviation,
 * which Spanish and Polish write as English does ('3 min').
 */
const SAME_AS_ENGLISH: ReadonlySet<string> = new Set(['Selah', '{{value}} min']);

type Flat = Map<string, string>;
/** base key -> plural form (or '' for a plain key) -> value */
type Grouped = Map<string, Map<string, string>>;

function intlPluralForms(lng: string): string[] {
  return new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
}

function requiredPluralForms(lng: string): readonly string[] {
  return REQUIRED_PLURAL_FORMS[lng] ?? intlPluralForms(lng);
}

function allowedPluralForms(lng: string): Set<string> {
  return new Set(['zero', ...requiredPluralForms(lng), ...intlPluralForms(lng)]);
}

function namespacesOf(lng: string): string[] {
  return readdirSync(join(LOCALES_DIR, lng))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function flatten(value: unknown, prefix: string, into: Flat, problems: string[]): Flat {
  if (typeof value === 'string') {
    if (value.trim() === '') problems.push(`${prefix}: empty value`);
    into.set(prefix, value);
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into, problems);
  } else {
    problems.push(`${prefix || '(root)'}: expected a string or an object, got ${JSON.stringify(value)}`);
  }
  return into;
}

function load(lng: string, ns: string): { flat: Flat; problems: string[] } {
  const text = readFileSync(join(LOCALES_DIR, lng, `${ns}.json`), 'utf8');
  const problems: string[] = [];
  const flat = flatten(JSON.parse(text) as unknown, '', new Map(), problems);
  return { flat, problems };
}

function group(flat: Flat): Grouped {
  const grouped: Grouped = new Map();
  for (const [key, value] of flat) {
    const match = PLURAL_KEY.exec(key);
    const base = match?.[1] ?? key;
    const form = match?.[2] ?? '';
    const forms = grouped.get(base) ?? new Map<string, string>();
    forms.set(form, value);
    grouped.set(base, forms);
  }
  return grouped;
}

function isPlural(forms: Map<string, string>): boolean {
  return !forms.has('');
}

function placeholders(value: string): Set<string> {
  // {{name}} or {{name, format}}: the variable name is what the code passes in.
  return new Set([...value.matchAll(/{{\s*([^{}]+?)\s*}}/g)].map((m) => (m[1] ?? '').split(',')[0]!.trim()));
}

/** Problems with one language's plural groups, whether or not it is the source language. */
function pluralProblems(lng: string, grouped: Grouped): string[] {
  const problems: string[] = [];
  const allowed = allowedPluralForms(lng);
  for (const [base, forms] of grouped) {
    if (forms.has('') && forms.size > 1) {
      problems.push(`${base}: has both a plain key and plural forms (${[...forms.keys()].filter(Boolean).join(', ')})`);
      continue;
    }
    if (!isPlural(forms)) continue;
    const missing = requiredPluralForms(lng).filter((form) => !forms.has(form));
    if (missing.length > 0) problems.push(`${base}: missing plural forms ${missing.map((f) => `_${f}`).join(', ')}`);
    const unknown = [...forms.keys()].filter((form) => !allowed.has(form));
    if (unknown.length > 0) problems.push(`${base}: plural forms ${unknown.map((f) => `_${f}`).join(', ')} do not exist in ${lng}`);
  }
  return problems;
}

const namespaces = namespacesOf(SOURCE);
const source = new Map(namespaces.map((ns) => [ns, load(SOURCE, ns)]));

describe('locale files', () => {
  it('has a folder for every supported language and no other', () => {
    const folders = readdirSync(LOCALES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...LANGUAGES].sort());
  });

  it(`has at least one namespace in ${SOURCE}`, () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it.each(TRANSLATED)('%s has the same namespaces as the source language', (lng) => {
    expect(namespacesOf(lng)).toEqual(namespaces);
  });

  it.each(namespaces)(`${SOURCE}/%s.json is well formed`, (ns) => {
    const { flat, problems } = source.get(ns)!;
    expect([...problems, ...pluralProblems(SOURCE, group(flat))]).toEqual([]);
  });
});

describe.each(TRANSLATED)('%s translations', (lng) => {
  const cases = namespaces.filter((ns) => namespacesOf(lng).includes(ns));

  it.each(cases)('%s.json matches the source keys, plural forms and placeholders', (ns) => {
    const { flat, problems } = load(lng, ns);
    const translated = group(flat);
    const english = group(source.get(ns)!.flat);
    problems.push(...pluralProblems(lng, translated));

    for (const [base, enForms] of english) {
      const forms = translated.get(base);
      if (!forms) {
        problems.push(`${base}: missing`);
        continue;
      }
      if (isPlural(enForms) !== isPlural(forms)) {
        problems.push(`${base}: ${isPlural(enForms) ? 'must' : 'must not'} use plural forms, as in ${SOURCE}`);
      }
      const expected = new Set([...enForms.values()].flatMap((value) => [...placeholders(value)]));
      for (const [form, value] of forms) {
        const key = form ? `${base}_${form}` : base;
        const found = placeholders(value);
        const lost = [...expected].filter((name) => !found.has(name));
        const added = [...found].filter((name) => !expected.has(name));
        if (lost.length > 0) problems.push(`${key}: missing placeholders ${lost.map((n) => `{{${n}}}`).join(', ')}`);
        if (added.length > 0) problems.push(`${key}: unknown placeholders ${added.map((n) => `{{${n}}}`).join(', ')}`);
      }
    }
    for (const base of translated.keys()) {
      if (!english.has(base)) problems.push(`${base}: not in ${SOURCE}/${ns}.json`);
    }

    expect(problems).toEqual([]);
  });

  it.each(cases)('%s.json has no value left in English', (ns) => {
    const { flat } = load(lng, ns);
    const translated = group(flat);
    const english = group(source.get(ns)!.flat);
    const untranslated: string[] = [];
    for (const [base, forms] of translated) {
      const enValues = new Set(english.get(base)?.values() ?? []);
      for (const [form, value] of forms) {
        const hasWords = /\p{L}/u.test(value.replace(/{{[^{}]*}}/g, ''));
        if (hasWords && enValues.has(value) && !SAME_AS_ENGLISH.has(value)) {
          untranslated.push(`${form ? `${base}_${form}` : base}: "${value}"`);
        }
      }
    }
    expect(untranslated).toEqual([]);
  });
});
