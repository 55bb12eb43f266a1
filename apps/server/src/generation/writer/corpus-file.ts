import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import type { z } from 'zod';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Reads and validates one writer corpus file (content/composer/...): the error names the corpus, the file and
 * what is wrong with it, and a file of one language must say it is in the language it is loaded for.
 */
export async function loadCorpusFile<T>(label: string, file: string, schema: z.ZodType<T>, language?: Language): Promise<T> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`${label} ${file} could not be read: ${messageOf(error)}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new Error(`${label} ${file} is not valid JSON: ${messageOf(error)}`, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 8).map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`);
    const more = parsed.error.issues.length > 8 ? ` (and ${parsed.error.issues.length - 8} more)` : '';
    throw new Error(`${label} ${file} is invalid: ${issues.join('; ')}${more}`);
  }
  const stated = (parsed.data as { language?: unknown }).language;
  if (language !== undefined && stated !== language) {
    throw new Error(`${label} ${file} is invalid: language is "${String(stated)}", expected "${language}"`);
  }
  return parsed.data;
}

/** One corpus per language, loaded together. */
export async function loadEveryLanguage<T>(load: (language: Language) => Promise<T>): Promise<Record<Language, T>> {
  const loaded = await Promise.all(LANGUAGES.map(load));
  return Object.fromEntries(LANGUAGES.map((language, i) => [language, loaded[i]!])) as Record<Language, T>;
}

/** The texts of a language in Selah's own prayers, journeys, affirmations and daily prayers (content/README.md). */
export function loadCuratedTexts(contentDir: string, language: Language): Promise<string[]> {
  // Read once a process: every composer (tests build thousands) reads the same files.
  const key = `${path.resolve(contentDir)}\0${language}`;
  let texts = curated.get(key);
  if (!texts) {
    texts = readCuratedTexts(contentDir, language);
    curated.set(key, texts);
  }
  return texts;
}

const curated = new Map<string, Promise<string[]>>();

async function readCuratedTexts(contentDir: string, language: Language): Promise<string[]> {
  const texts: string[] = [];
  const inLanguage = (value: unknown, ours: boolean): void => {
    if (typeof value === 'string') {
      if (ours) texts.push(value);
    } else if (Array.isArray(value)) value.forEach((item) => inLanguage(item, ours));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) inLanguage(item, ours || key === language);
  };
  for (const folder of ['prayers', 'journeys', 'affirmations', 'daily']) {
    const files = await readdir(path.join(contentDir, folder), { recursive: true }).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.json')).sort()) {
      try {
        inLanguage(JSON.parse(await readFile(path.join(contentDir, folder, file), 'utf8')), false);
      } catch {
        // The content import validates these files and says what is wrong; here a file is only more words.
      }
    }
  }
  return texts;
}

/** Every string in a JSON value. */
export const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsOf)
        : [];
