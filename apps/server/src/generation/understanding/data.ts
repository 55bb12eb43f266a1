import path from 'node:path';
import type { Language } from '@selah/domain/languages';
import { LANGUAGES } from '@selah/domain/languages';
import { z } from 'zod';
import { loadCorpusFile, loadEveryLanguage } from '../writer/corpus-file';
import { CONCERNS, FEELINGS, HAPPENINGS, RELATIONS, SITUATIONS, TIMES, WHO } from './situation';

/** One written intention and how a careful reader labels it (content/understanding/README.md). */
export const exampleSchema = z
  .object({
    text: z.string().min(1),
    situation: z.enum(HAPPENINGS),
    also: z.array(z.enum(SITUATIONS)),
    feeling: z.enum(FEELINGS),
    who: z.enum(WHO),
    relation: z.enum(RELATIONS).nullable(),
    departed: z.boolean(),
    when: z.enum(TIMES).nullable(),
  })
  .strict();
export type Example = z.infer<typeof exampleSchema>;

const words = z.array(z.string().trim().min(1)).min(1);
const everyKey = <K extends string>(keys: readonly K[]) =>
  z.record(z.string(), words).superRefine((record, ctx) => {
    for (const key of keys) if (!(key in record)) ctx.addIssue({ code: 'custom', message: `has no list for "${key}"` });
    for (const key of Object.keys(record)) {
      if (!(keys as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', message: `"${key}" is not a known id` });
    }
  }) as unknown as z.ZodType<Record<K, string[]>>;

const dataSchema = z
  .object({
    language: z.enum(LANGUAGES),
    cues: z
      .object({
        situations: everyKey(SITUATIONS),
        feelings: everyKey(FEELINGS),
        /** Word starts (and phrases) of each concern within a situation: pain, sleep, the rent... */
        concerns: everyKey(CONCERNS),
        /** Words of a request to curse or harm someone, or of orders to the writer: such a text is not said back. */
        unkind: words,
        /**
         * Phrases telling that someone named lost one of their own ("lost her son", "perdió a su bebé", "stracił
         * syna"): the one prayed for is the bereaved, not the departed.
         */
        bereaved: words,
      })
      .strict(),
    /** Whole words (and phrases) naming each relation, every form of them. */
    relations: everyKey(RELATIONS),
    /** Word starts (and phrases) that tell each time. */
    when: everyKey(TIMES),
    /** Whole words (and phrases) that tell a clause speaks of what has already happened ("died", "zmarła", "ayer"). */
    past: words,
    /** Whole words that begin a new clause ("and", "but"): a time is past only where its own clause says so. */
    joins: words,
    /**
     * Whole words (and phrases) that set one part of a text against another ("but", "pero", "ale"): good news set
     * against a grave need is mixed news.
     */
    contrasts: words,
    examples: z.array(exampleSchema).min(300),
  })
  .strict();
export type UnderstandingData = z.infer<typeof dataSchema>;

const heldOutSchema = z.object({ language: z.enum(LANGUAGES), examples: z.array(exampleSchema).min(100) }).strict();

export const dataFile = (contentDir: string, language: Language) => path.join(contentDir, 'understanding', `${language}.json`);
export const heldOutFile = (contentDir: string, language: Language) =>
  path.join(contentDir, 'understanding', 'held-out', `${language}.json`);

export const loadData = (contentDir: string, language: Language): Promise<UnderstandingData> =>
  loadCorpusFile('Understanding data', dataFile(contentDir, language), dataSchema, language);

export const loadEveryData = (contentDir: string): Promise<Record<Language, UnderstandingData>> =>
  loadEveryLanguage((language) => loadData(contentDir, language));

/** The held-out examples of a language: only tests and the benchmark read them, never the model. */
export const loadHeldOut = async (contentDir: string, language: Language): Promise<Example[]> =>
  (await loadCorpusFile('Held-out understanding data', heldOutFile(contentDir, language), heldOutSchema, language)).examples;
