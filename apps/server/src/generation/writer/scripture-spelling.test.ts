import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { describe, expect, it } from 'vitest';

/**
 * Scripture in today's spelling (issue 47, content/README.md): the Reina-Valera 1909 and the Gdańsk Bible are quoted
 * word for word with their orthography and obsolete inflections modernised, and the divine name read as modern
 * translations read it ("el Señor", "Pan"), wherever content quotes them (passages, journeys, prayers, affirmations).
 */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

/** Forms that must not appear in any content: whole words or phrases, as they are written (case kept). */
const OLD_FORMS: Record<Exclude<Language, 'en'>, readonly string[]> = {
  es: ['Jehová', 'á', 'é', 'ó', 'ú', 'fué', 'dió', 'vió', 'fuí', 'donde quiera'],
  pl: [
    'Jehowa',
    'jeźli',
    'Jeźli',
    'mię',
    'Mię',
    'moję',
    'przetoż',
    'Przetoż',
    'wykonywa',
    'zostawuję',
    'zachowywasz',
    'bieżą',
    'zmacniaj',
    'spolegaj',
    'spolegającego',
    'Znaszając',
    'Przypowieści Salomonowe',
  ],
};

/** Every JSON file of content/ but the understanding's labelled texts (people's own typing). */
async function contentFiles(): Promise<string[]> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}understanding${path.sep}`));
}

const wholeWord = (form: string) => new RegExp(`(?<![\\p{L}])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');

/** The quotations of a language, by reference: the composer's passages, the ancestors journey's and the journeys' verses. */
async function quotations(language: Language): Promise<Map<string, Set<string>>> {
  const byReference = new Map<string, Set<string>>();
  const add = (reference: string, text: string) => byReference.set(reference, (byReference.get(reference) ?? new Set()).add(text));
  const read = async (file: string) => JSON.parse(await readFile(path.join(contentDir, file), 'utf8')) as unknown;
  const composer = (await read(`composer/${language}.json`)) as { passages: Record<string, { reference: string; text: string }[]> };
  for (const passage of Object.values(composer.passages).flat()) add(passage.reference, passage.text);
  const ancestors = (await read(`composer/ancestors/${language}.json`)) as { days: { verses: { reference: string; text: string }[] }[] };
  for (const verse of ancestors.days.flatMap((day) => day.verses)) add(verse.reference, verse.text);
  for (const file of (await readdir(path.join(contentDir, 'journeys'))).filter((name) => name.endsWith('.json'))) {
    const journey = (await read(`journeys/${file}`)) as { days: Record<Language, { bibleVerse: { reference: string; text: string } }>[] };
    for (const day of journey.days) add(day[language].bibleVerse.reference, day[language].bibleVerse.text);
  }
  return byReference;
}

describe('scripture in today\u2019s spelling', () => {
  it.each(['es', 'pl'] as const)('%s: no content quotes an old form of the 1909 or Gdańsk text', async (language) => {
    const found: string[] = [];
    for (const file of await contentFiles()) {
      const text = await readFile(file, 'utf8');
      for (const form of OLD_FORMS[language]) if (wholeWord(form).test(text)) found.push(`${path.relative(contentDir, file)}: ${form}`);
    }
    expect(found).toEqual([]);
  });

  it.each(LANGUAGES)('%s: a reference is quoted the same wherever it is quoted', async (language) => {
    const differing = [...(await quotations(language))]
      .filter(([, texts]) => texts.size > 1)
      .map(([reference, texts]) => [reference, [...texts]]);
    expect(differing).toEqual([]);
  });
});
