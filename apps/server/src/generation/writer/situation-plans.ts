import path from 'node:path';
import { z } from 'zod';
import { CONCERNS, HAPPENINGS } from '../understanding/situation';
import { loadCorpusFile } from './corpus-file';

/**
 * How a prayer for each situation is built, the same in every language: content/composer/plans.json (its README
 * says what each field does). A Bible meditation keeps its own shape: the passage leads it.
 */
export const SECTIONS = ['adoration', 'thanksgiving', 'scripture', 'intention', 'petitions', 'others', 'trust', 'amen'] as const;
export type Section = (typeof SECTIONS)[number];

/** Every prayer has these: it praises or thanks, says what is happening, asks, and ends. */
const REQUIRED: readonly Section[] = ['scripture', 'intention', 'petitions', 'amen'];

const planSchema = z
  .object({
    /** What a prayer for the situation does, for those who write its lines. */
    spirit: z.string().trim().min(1),
    /** The sections, in the order they are said. */
    sections: z.array(z.enum(SECTIONS)).superRefine((sections, ctx) => {
      for (const section of REQUIRED) if (!sections.includes(section)) ctx.addIssue({ code: 'custom', message: `lacks ${section}` });
      if (new Set(sections).size !== sections.length) ctx.addIssue({ code: 'custom', message: 'names a section twice' });
      if (!['adoration', 'thanksgiving'].includes(sections[0] ?? '')) {
        ctx.addIssue({ code: 'custom', message: 'must begin with adoration or thanksgiving' });
      }
      if (sections.at(-1) !== 'amen') ctx.addIssue({ code: 'custom', message: 'must end with amen' });
    }),
    /** `situation`: the thanksgiving always names the situation (a life given); `general`: only when it is a joy. */
    thanks: z.enum(['situation', 'general']).default('general'),
    /** `little`: a joy asks only what it needs (the petitions do not grow); `much`: they grow with the length. */
    asks: z.enum(['little', 'much']).default('much'),
    /**
     * When a confession belongs to it: `always` (a quarrel: one's own part), `own` (an addiction, when the person
     * prays for themself, never for the one they pray for), `guilt` (when the person feels guilty), `never` (a
     * birth, a death, an illness: guilt there is met with comfort, not confession).
     */
    confession: z.enum(['always', 'own', 'guilt', 'never']),
    /** Concerns the situation's own lines already speak to (a surgery's, the doctors): no line of the concern is added. */
    covers: z.array(z.enum(CONCERNS)).default([]),
  })
  .strict();

const plansSchema = z
  .object({
    plans: z.record(z.enum(HAPPENINGS), planSchema).superRefine((plans, ctx) => {
      for (const id of HAPPENINGS) if (!(id in plans)) ctx.addIssue({ code: 'custom', message: `has no plan for "${id}"` });
    }),
  })
  .strict();

export type Plan = z.infer<typeof planSchema>;
export type Plans = Record<(typeof HAPPENINGS)[number], Plan>;

export const plansFile = (contentDir: string) => path.join(contentDir, 'composer', 'plans.json');

export const loadPlans = async (contentDir: string): Promise<Plans> =>
  (await loadCorpusFile('Prayer plans', plansFile(contentDir), plansSchema)).plans as Plans;
