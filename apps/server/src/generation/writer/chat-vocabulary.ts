import path from 'node:path';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { z } from 'zod';
import { loadData } from '../understanding/data';
import type { Relation } from '../understanding/situation';
import { loadCorpusFile } from './corpus-file';

/**
 * The words a chat model's answer is checked with (issue 47): the curses and insults it must never say
 * (content/checks/unkind.json), and every form of each relation word (content/understanding), so that a prayer for
 * "mi suegra" still names her.
 */
export interface LanguageVocabulary {
  /** The first curse or insult in a text, as written there, or undefined. */
  unkind(text: string): string | undefined;
  /** Every word and phrase naming a relation, in lower case. */
  relationWords(relation: Relation): readonly string[];
}

export interface ChatVocabulary {
  of(language: Language): Promise<LanguageVocabulary>;
}

const unkindSchema = z
  .object({
    about: z.string(),
    ...Object.fromEntries(LANGUAGES.map((language) => [language, z.array(z.string().trim().min(2)).min(1)])),
  })
  .strict() as unknown as z.ZodType<Record<Language, string[]>>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One expression for a list: a word or phrase matches whole ("damn", not "damnation"), a stem ending in * matches
 * every word it begins ("kurw*"); case and the spaces between words do not count.
 */
export function unkindPattern(entries: readonly string[]): RegExp {
  const alternatives = entries.map((entry) => {
    const stem = entry.endsWith('*');
    const words = (stem ? entry.slice(0, -1) : entry).trim().split(/\s+/).map(escape).join('\\s+');
    return stem ? `${words}[\\p{L}\\p{M}]*` : words;
  });
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'iu');
}

export function createChatVocabulary(contentDir: string): ChatVocabulary {
  let unkind: Promise<Record<Language, string[]>> | undefined;
  const loaded = new Map<Language, Promise<LanguageVocabulary>>();
  const load = async (language: Language): Promise<LanguageVocabulary> => {
    unkind ??= loadCorpusFile('Chat checks', path.join(contentDir, 'checks', 'unkind.json'), unkindSchema);
    const [lists, data] = await Promise.all([unkind, loadData(contentDir, language)]);
    const pattern = unkindPattern(lists[language]);
    const relations = Object.fromEntries(
      Object.entries(data.relations).map(([relation, words]) => [relation, words.map((word) => word.toLocaleLowerCase(language))]),
    ) as Record<Relation, string[]>;
    return {
      unkind: (text) => pattern.exec(text.normalize('NFC'))?.[0],
      relationWords: (relation) => relations[relation],
    };
  };
  return {
    of(language) {
      let vocabulary = loaded.get(language);
      if (!vocabulary) {
        vocabulary = load(language).catch((error: unknown) => {
          loaded.delete(language);
          unkind = undefined;
          throw error;
        });
        loaded.set(language, vocabulary);
      }
      return vocabulary;
    },
  };
}
