import path from 'node:path';
import type { Language } from '@selah/domain/languages';
import { LANGUAGES } from '@selah/domain/languages';
import { z } from 'zod';
import { CONCERNS, RELATIONS, SITUATIONS, TAGS, TIMES } from '../understanding/situation';
import { loadCorpusFile, loadEveryLanguage } from './corpus-file';
import { line } from './composer-lines';

/**
 * What the composer says for each situation the understanding finds: content/composer/situations/{language}.json
 * (its README gives the shape and the rules every line keeps).
 */
const WHO_CASES = ['who', 'whoGen', 'whoDat', 'whoAcc', 'whoIns', 'whoLoc'] as const;
export type WhoCase = (typeof WHO_CASES)[number];
const CASE_OF: Record<WhoCase, 'nom' | 'gen' | 'dat' | 'acc' | 'ins' | 'loc'> = {
  who: 'nom',
  whoGen: 'gen',
  whoDat: 'dat',
  whoAcc: 'acc',
  whoIns: 'ins',
  whoLoc: 'loc',
};

/** Lines by the tag that forbids them (understanding/situation TAGS). */
export const neverSchema = z.partialRecord(z.enum(TAGS), z.array(z.string())).default({});

const lines = (min: number, allowed: readonly string[] = [], required: readonly (readonly string[])[] = []) =>
  z.array(line(allowed, required)).min(min);
const byTone = (min: number, allowed: readonly string[] = [], required: readonly (readonly string[])[] = []) =>
  z.object({ joy: lines(min, allowed, required), need: lines(min, allowed, required) }).strict();

const situationSchema = z
  .object({
    titles: z
      .object({
        prayer: byTone(3),
        bible_meditation: lines(3, ['name'], [['name']]),
        /**
         * A prayer's titles for the one it is for: with {name} (a name the text gives, in the nominative) or {who}
         * (the relation with "my", as in `relations`; in Polish any case, {whoAcc}...), by tone. Where a language has them, they are used before the situation's.
         */
        personal: z
          .object({ name: byTone(3, ['name'], [['name']]), who: byTone(3, WHO_CASES, [WHO_CASES]) })
          .strict()
          .optional(),
      })
      .strict(),
    /** References of passages of the language's composer corpus. */
    passages: z.array(z.string().trim().min(1)).min(2),
    acknowledge: byTone(3),
    acknowledgeFor: byTone(2, WHO_CASES, [WHO_CASES]),
    thanks: lines(3),
    petitions: lines(5),
    others: lines(3),
    reflections: lines(3),
    /**
     * Where each line above must never be said, by tag (understanding/situation TAGS): `joy` for a line that speaks
     * of a burden, `departed` for one that asks something of the one prayed for as living, a situation's id for a
     * line that would jar in it (this situation's petitions are also said beside another's).
     */
    never: neverSchema,
  })
  .strict()
  .superRefine((lines, ctx) => {
    const own = new Set([
      ...lines.acknowledge.joy,
      ...lines.acknowledge.need,
      ...lines.acknowledgeFor.joy,
      ...lines.acknowledgeFor.need,
      ...lines.thanks,
      ...lines.petitions,
      ...lines.others,
      ...lines.reflections,
    ]);
    for (const [tag, tagged] of Object.entries(lines.never)) {
      tagged.forEach((line, i) => {
        if (!own.has(line)) ctx.addIssue({ code: 'custom', path: ['never', tag, i], message: 'is not a line of the situation' });
      });
    }
    // A joy, or a prayer where someone has died, still has enough to say.
    for (const tag of ['joy', 'departed'] as const) {
      const left = (list: readonly string[]) => list.filter((line) => !(lines.never[tag] ?? []).includes(line)).length;
      for (const [list, min] of [
        ['petitions', 3],
        ['others', 2],
        ['reflections', 2],
        ['thanks', 1],
      ] as const) {
        if (left(lines[list]) < min) ctx.addIssue({ code: 'custom', path: ['never', tag], message: `leaves fewer than ${min} ${list}` });
      }
      if (left(lines.acknowledge.joy) + left(lines.acknowledge.need) < 2) {
        ctx.addIssue({ code: 'custom', path: ['never', tag], message: 'leaves no acknowledge line' });
      }
    }
  });

const everyKey = <K extends string, T extends z.ZodType>(keys: readonly K[], value: T) =>
  z.record(z.enum(keys as unknown as [K, ...K[]]), value).superRefine((record, ctx) => {
    for (const key of keys) if (!(key in record)) ctx.addIssue({ code: 'custom', message: `has nothing for "${key}"` });
  }) as unknown as z.ZodType<Record<K, z.infer<T>>>;

const formsSchema = z
  .object({
    nom: z.string().trim().min(1),
    gen: z.string().trim().min(1).optional(),
    dat: z.string().trim().min(1).optional(),
    acc: z.string().trim().min(1).optional(),
    ins: z.string().trim().min(1).optional(),
    loc: z.string().trim().min(1).optional(),
  })
  .strict();

const situationCorpusSchema = z
  .object({
    language: z.enum(LANGUAGES),
    relations: everyKey(RELATIONS, z.object({ forms: formsSchema }).strict()),
    when: everyKey(TIMES, z.object({ spoken: z.string().trim().min(1) }).strict()),
    whenLines: lines(3, ['when'], [['when']]),
    /** Lines for a person the text names, fit whether they live or have died. */
    namesAny: lines(3, ['name'], [['name']]),
    namesDeparted: lines(3, ['name'], [['name']]),
    /** Lines naming the one prayed for by their relation ({who}, {whoAcc}...), fit whether they live or have died. */
    whoAny: lines(3, WHO_CASES, [WHO_CASES]),
    /** For each concern (understanding/situation CONCERNS), lines that ask for it, fit for anyone prayed for. */
    concerns: everyKey(CONCERNS, lines(3)),
    situations: everyKey(SITUATIONS, situationSchema),
  })
  .strict()
  .superRefine((corpus, ctx) => {
    // Polish lines name the one prayed for in the case their grammar needs, and every relation has that form.
    for (const [id, relation] of Object.entries(corpus.relations)) {
      for (const form of corpus.language === 'pl' ? (['gen', 'dat', 'acc', 'ins', 'loc'] as const) : []) {
        if (!relation.forms[form]) ctx.addIssue({ code: 'custom', path: ['relations', id, 'forms', form], message: 'is missing' });
      }
    }
  });

export type SituationCorpus = z.infer<typeof situationCorpusSchema>;
export type SituationLines = z.infer<typeof situationSchema>;

export const situationCorpusFile = (contentDir: string, language: Language) =>
  path.join(contentDir, 'composer', 'situations', `${language}.json`);

export const loadSituationCorpus = (contentDir: string, language: Language): Promise<SituationCorpus> =>
  loadCorpusFile('Situation corpus', situationCorpusFile(contentDir, language), situationCorpusSchema, language);

export const loadSituationCorpora = (contentDir: string): Promise<Record<Language, SituationCorpus>> =>
  loadEveryLanguage((language) => loadSituationCorpus(contentDir, language));

/** The forms of "my mother" a line's placeholders ask for: {who}, {whoAcc}... (a missing form falls back to the nominative). */
export function whoValues(forms: z.infer<typeof formsSchema>): Record<WhoCase, string> {
  return Object.fromEntries(WHO_CASES.map((name) => [name, forms[CASE_OF[name]] ?? forms.nom])) as Record<WhoCase, string>;
}
