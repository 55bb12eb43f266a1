import { readFile } from 'node:fs/promises';
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
